import { type ClosureRow, intervalsOn, isClosed, type StaffPlan } from "./schedule";
import type { BusyInterval } from "./slots";
import {
  addDays,
  DAY_MS,
  formatLocalDate,
  type LocalDate,
  MINUTE_MS,
  wallDayStart,
  wallToInstant,
  weekdayOf,
  type ZoneOffsets,
} from "./time";

/**
 * The counting rules of the reports (design.md §29), pure: which money is money taken, how a
 * booking (or a visit, §26) counts, the rates, the periods of a series and the minutes a staff
 * member was available. The summary's statement aggregates rows by these rules; what it answers
 * is folded here.
 */

/** `from`..`to` may cover at most this many local dates (a leap year). */
export const MAX_REPORT_DAYS = 366;
export const GROUP_BY = ["day", "week", "month"] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/**
 * Money taken, by payment kind (§29, §32). Every kind a payment row can carry is listed, so adding
 * one to the schema without deciding here fails the typecheck (services/reports). Gift-card
 * redemptions move money already counted when the card was sold; kinds not listed (a future
 * credit) are never counted, so revenue is not inflated by a kind nobody classified.
 */
export const PAYMENT_KIND_IS_MONEY_TAKEN = {
  deposit: true,
  full: true,
  no_show_fee: true,
  late_cancel_fee: true,
  gift_card_sale: true,
  package_sale: true,
  gift_card_redemption: false,
} as const satisfies Record<string, boolean>;

export function isMoneyTaken(kind: string): boolean {
  return Object.hasOwn(PAYMENT_KIND_IS_MONEY_TAKEN, kind) && PAYMENT_KIND_IS_MONEY_TAKEN[kind as keyof typeof PAYMENT_KIND_IS_MONEY_TAKEN];
}

/** The kinds whose payments count as money taken. */
export const moneyTakenKinds = (): string[] => Object.keys(PAYMENT_KIND_IS_MONEY_TAKEN).filter(isMoneyTaken);

/** A payment in these states was taken (a refund, whole or partial, is counted apart as refunded). */
export const MONEY_TAKEN_STATUSES = ["succeeded", "partially_refunded", "refunded"] as const;

/**
 * Which bookings are the range's bookings is decided in the summary's statement (it aggregates a
 * year of them): every booking starting in the range but a hold awaiting payment (`pending`) and a
 * hold released unpaid (cancelled with its `hold_expires_at` still set: the business was never told
 * of it, so it is no cancellation either). Each is counted once per visit (§26) in `bookings` and
 * once per item in `topServices`.
 */

/** Statuses whose time was taken from the staff member's day (a no-show still held the chair). */
export const OCCUPYING_STATUSES = ["confirmed", "completed", "no_show"] as const;

export type Totals = { bookings: number; completed: number; noShows: number; cancelled: number };

/** §29: no-shows of the appointments that took place or should have; null when there were none. */
export function noShowRate(t: Totals): number | null {
  const n = t.completed + t.noShows;
  return n > 0 ? t.noShows / n : null;
}

/** §29: cancelled of all the range's bookings (holds excluded); null when there were none. */
export function cancellationRate(t: Totals): number | null {
  return t.bookings > 0 ? t.cancelled / t.bookings : null;
}

/** Booked over available minutes; null when the staff member had no hours (a ratio above 1 = overbooked). */
export const utilizationRatio = (booked: number, available: number): number | null => (available > 0 ? booked / available : null);

const pad2 = (n: number) => String(n).padStart(2, "0");

/** ISO 8601 week of a date: weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(d: LocalDate): { year: number; week: number } {
  const weekday = (weekdayOf(d) + 6) % 7; // Monday = 0
  const thursday = addDays(d, 3 - weekday);
  const jan1 = wallDayStart({ year: thursday.year, month: 1, day: 1 });
  return { year: thursday.year, week: Math.floor((wallDayStart(thursday) - jan1) / DAY_MS / 7) + 1 };
}

/** The period a date falls in: `YYYY-MM-DD`, ISO week `YYYY-Www`, or `YYYY-MM`. */
export function periodOf(d: LocalDate, groupBy: GroupBy): string {
  if (groupBy === "day") return formatLocalDate(d);
  if (groupBy === "month") return `${String(d.year).padStart(4, "0")}-${pad2(d.month)}`;
  const w = isoWeek(d);
  return `${String(w.year).padStart(4, "0")}-W${pad2(w.week)}`;
}

/**
 * The range's local dates, worked out once per report (not once per staff member and date): each
 * date's `YYYY-MM-DD`, weekday, wall-clock midnight and whether a closure covers it.
 */
export type RangeDays = { dates: LocalDate[]; keys: string[]; weekdays: number[]; wallStarts: number[]; closed: boolean[] };

export function rangeDays(from: LocalDate, days: number, closures: ClosureRow[] = []): RangeDays {
  const r: RangeDays = { dates: [], keys: [], weekdays: [], wallStarts: [], closed: [] };
  const start = wallDayStart(from);
  for (let i = 0; i < days; i++) {
    const wall = start + i * DAY_MS;
    const t = new Date(wall);
    const date = { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
    const key = formatLocalDate(date);
    r.dates.push(date);
    r.keys.push(key);
    r.weekdays.push(t.getUTCDay());
    r.wallStarts.push(wall);
    r.closed.push(isClosed(key, closures));
  }
  return r;
}

export type DayTally = { bookings: number; revenue: number; noShows: number };
export type SeriesPoint = { period: string } & DayTally;

/**
 * Every period of the range in order, with the tallies of its dates (`byDay[i]` = the i-th date
 * of the range; missing = nothing). A period cut by the range (a week starting before its first
 * date) holds only the range's dates.
 */
export function seriesOf(range: RangeDays, groupBy: GroupBy, byDay: Map<number, DayTally>): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  let point: SeriesPoint | undefined;
  for (let i = 0; i < range.keys.length; i++) {
    const key = range.keys[i];
    // A new period starts on the first date, then each date (day), each Monday (week) or each 1st (month).
    const starts = !point || groupBy === "day" || (groupBy === "week" ? range.weekdays[i] === 1 : key.endsWith("-01"));
    if (starts) {
      point = {
        period: groupBy === "day" ? key : groupBy === "month" ? key.slice(0, 7) : periodOf(range.dates[i], "week"),
        bookings: 0,
        revenue: 0,
        noShows: 0,
      };
      out.push(point);
    }
    if (!point) continue;
    const t = byDay.get(i);
    if (t) {
      point.bookings += t.bookings;
      point.revenue += t.revenue;
      point.noShows += t.noShows;
    }
  }
  return out;
}

/**
 * The minutes one staff member was available over the range's dates: each date's working
 * intervals by the scheduling rules (override, else the weekday; nothing on a closed date), in
 * real elapsed time (a DST change shortens or lengthens a day; a boundary in a gap means the
 * moment the clock jumps), less their time off.
 */
export function availableMinutes(plan: StaffPlan, range: RangeDays, offsets: ZoneOffsets, timeOff: BusyInterval[]): number {
  const off = timeOff.length > 1 ? [...timeOff].sort((a, b) => a.startMs - b.startMs) : timeOff;
  let total = 0;
  for (let i = 0; i < range.keys.length; i++) {
    if (range.closed[i]) continue;
    const wall = range.wallStarts[i];
    for (const iv of intervalsOn(plan, range.keys[i], range.weekdays[i])) {
      const start = wallToInstant(offsets, wall + iv.startMinute * MINUTE_MS, "clamp");
      const end = wallToInstant(offsets, wall + iv.endMinute * MINUTE_MS, "clamp");
      if (end > start) total += end - start - (off.length ? overlapMs(off, start, end) : 0);
    }
  }
  return Math.round(total / MINUTE_MS);
}

/** How much of [start, end) the (sorted, possibly overlapping) intervals cover. */
function overlapMs(sorted: BusyInterval[], start: number, end: number): number {
  let covered = 0;
  let reach = start;
  for (const b of sorted) {
    if (b.startMs >= end) break;
    const s = Math.max(b.startMs, reach);
    const e = Math.min(b.endMs, end);
    if (e > s) {
      covered += e - s;
      reach = e;
    }
  }
  return covered;
}

export type ServiceTally = { serviceId: string; name: string; bookings: number; revenue: number };

/** The services that brought in the most (net revenue, then bookings, then name), at most `limit`. */
export function topServices(rows: ServiceTally[], limit = 10): ServiceTally[] {
  return [...rows]
    .sort(
      (a, b) => b.revenue - a.revenue || b.bookings - a.bookings || a.name.localeCompare(b.name) || a.serviceId.localeCompare(b.serviceId),
    )
    .slice(0, limit);
}
