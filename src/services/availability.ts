import { beyondHorizon, type DayRules, dayQueryFor, performers, staffPlans } from "../domain/schedule";
import { computeSlots, dateStartInstant, findSlot, type Slot, slotLocalTimes, summarizeDay, unaffectedByClock } from "../domain/slots";
import {
  addDays,
  datesInRange,
  dayZone,
  type DayZone,
  formatLocalDate,
  formatWall,
  instantToUtcIso,
  type LocalDate,
  type LocalDateTime,
  MINUTE_MS,
} from "../domain/time";
import type { BookingCtx, BookingScope } from "./bookings/scope";
import type { CachedSchedule } from "./schedule-cache";
import { resourceNeeds, type ScheduleRows } from "./schedule-data";

import { loadRange, type RangeQuery, rulesOf } from "./availability-range";

export { limitsFor, type RangeQuery } from "./availability-range";

/**
 * Availability (design.md §4, §16): one date's slots, and the days range (counts and first start
 * per date for up to 42 dates). Both read everything in ONE libSQL statement: tenant (zone, rules),
 * service (duration, buffers, who performs it), staff, and the schedule rows of ./schedule-data.
 * Booking create and reschedule read the same rows through the same queries and decide with the
 * same engine, so "bookable" means exactly "listed by availability".
 */

/** The tenant's zone for a date; a tenant row with a broken zone is a data error, said plainly. */
export function tenantDayZone(timeZone: string, d: LocalDate): DayZone {
  try {
    return dayZone(timeZone, d);
  } catch (err) {
    throw new Error(`tenant time zone ${JSON.stringify(timeZone)} is not usable: ${String(err)}`);
  }
}

export type AvailabilitySlot = { staffId: string; staffName: string; startTime: string; endTime: string; startUtc: string; endUtc: string };
export type Availability = { date: string; timezone: string; slots: AvailabilitySlot[] };
export type AvailabilityDay = { date: string; slots: number; firstStartTime: string | null };
export type AvailabilityDays = { timezone: string; days: AvailabilityDay[] };

/** Longest days range one request may ask for (design.md §16). */
export const MAX_DAYS_RANGE = 42;

/**
 * Free slots of one service on one tenant-local date, for every staff member who performs it or
 * one. One libSQL round trip. Unknown tenant, service or staff: 404 not_found.
 */
export async function getAvailability(
  ctx: Pick<BookingCtx, "db" | "now">,
  scope: BookingScope,
  q: { serviceId: string; staffId?: string; date: LocalDate },
): Promise<Availability> {
  const r = await loadRange(ctx, scope, { serviceId: q.serviceId, staffId: q.staffId, from: q.date, to: q.date });
  const query = dayQueryFor(rulesOf(r, ctx.now), r.schedule.planned, q.date);
  const slots = query ? computeSlots(query) : [];
  const zone = query?.zone ?? tenantDayZone(r.tenant.timezone, q.date);
  const staff = r.schedule.staff;
  return {
    date: zone.dateKey,
    timezone: r.tenant.timezone,
    // One object per slot, fields assigned directly (hundreds of slots for a day of any staff).
    slots: slots.map((s) => {
      const member = staff[s.staffIndex];
      const { startTime, endTime } = slotLocalTimes(zone, s);
      return {
        staffId: member.id,
        staffName: member.displayName,
        startTime,
        endTime,
        startUtc: instantToUtcIso(s.startMs),
        endUtc: instantToUtcIso(s.endMs),
      };
    }),
  };
}

/**
 * Per tenant-local date from `from` to `to` (inclusive, at most MAX_DAYS_RANGE): how many distinct
 * start times are free and the first one. One libSQL round trip for the whole range; each staff
 * member's busy time is merged once (and kept with the copy) and searched per date.
 *
 * When no date of the answer depends on the clock, the whole answer is kept with the copy and the
 * same (frozen) object is returned while the copy is current and the clock still cannot change
 * it: the routes serialise it once (shapes.ts, availabilityDaysJson).
 */
export async function getAvailabilityDays(
  ctx: Pick<BookingCtx, "db" | "now">,
  scope: BookingScope,
  q: RangeQuery,
): Promise<AvailabilityDays> {
  const count = datesInRange(q.from, q.to);
  if (count < 1 || count > MAX_DAYS_RANGE) throw new RangeError(`days range of ${count} dates`);
  const r = await loadRange(ctx, scope, q);
  const rules = rulesOf(r, ctx.now);
  const kept = r.schedule.memo.get(WHOLE_RANGE) as WholeRange | undefined;
  if (kept && wholeRangeHolds(kept, rules)) return kept.answer;

  const days: AvailabilityDay[] = [];
  let clockFree = true;
  let firstStartMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const day = dayOfRange(r.schedule, rules, addDays(q.from, i));
    days.push(day.day);
    if (day.startMs === null) continue;
    clockFree &&= day.clockFree;
    firstStartMs = Math.min(firstStartMs, day.startMs);
  }
  const answer: AvailabilityDays = Object.freeze({ timezone: r.tenant.timezone, days: Object.freeze(days) as AvailabilityDay[] });
  if (clockFree) {
    const dates = days.map((d) => d.date);
    r.schedule.memo.set(WHOLE_RANGE, { timezone: rules.timeZone, dates, withinHorizon: withinHorizon(dates, rules), firstStartMs, answer });
  }
  return answer;
}

const WHOLE_RANGE = "days|whole";
/**
 * A whole days answer: right while the zone is the same, the same dates lie within the horizon
 * (dates past it answer 0 without looking), and the first of them still starts at or after the
 * earliest start allowed (the later ones start later still).
 */
type WholeRange = { timezone: string; dates: string[]; withinHorizon: number; firstStartMs: number; answer: AvailabilityDays };

const withinHorizon = (dates: string[], rules: DayRules) => dates.filter((d) => !beyondHorizon(d, rules.limits)).length;

function wholeRangeHolds(kept: WholeRange, rules: DayRules): boolean {
  return (
    kept.timezone === rules.timeZone &&
    withinHorizon(kept.dates, rules) === kept.withinHorizon &&
    (kept.withinHorizon === 0 || unaffectedByClock(kept.firstStartMs, rules.nowMs, rules.limits.earliestMs))
  );
}

/**
 * One date of the days range, with its first instant (null past the horizon) and whether the clock
 * can change it. A date the clock cannot change (every start past the notice limit) is kept in the
 * copy's memo and reused while the copy is current; today, the notice window and the horizon are
 * decided afresh on every request.
 */
function dayOfRange(
  schedule: CachedSchedule,
  rules: DayRules,
  date: LocalDate,
): { day: AvailabilityDay; startMs: number | null; clockFree: boolean } {
  const dateKey = formatLocalDate(date);
  if (beyondHorizon(dateKey, rules.limits))
    return { day: Object.freeze({ date: dateKey, slots: 0, firstStartTime: null }), startMs: null, clockFree: true };
  const zone = tenantDayZone(rules.timeZone, date);
  const startMs = dateStartInstant(zone);
  const memoKey = `days|${rules.timeZone}|${dateKey}`;
  const clockFree = unaffectedByClock(startMs, rules.nowMs, rules.limits.earliestMs);
  const hit = clockFree ? (schedule.memo.get(memoKey) as AvailabilityDay | undefined) : undefined;
  if (hit) return { day: hit, startMs, clockFree };
  const query = dayQueryFor(rules, schedule.planned, date);
  const sum = query ? summarizeDay(query) : null;
  const day: AvailabilityDay = Object.freeze({
    date: dateKey,
    slots: sum?.count ?? 0,
    firstStartTime: sum?.firstStartMinute != null ? formatWall(zone.wallStartMs + sum.firstStartMinute * MINUTE_MS, zone) : null,
  });
  if (clockFree) schedule.memo.set(memoKey, day);
  return { day, startMs, clockFree };
}

/**
 * The slot a create or reschedule asks for, decided exactly as availability would list it: the
 * staff member performs the service, the date is within the horizon, the start is an offered
 * quarter-hour of that staff member's day (hours or override, closures, buffered busy time,
 * notice). null = not offered (409 slot_taken).
 */
export function requestedSlot(
  input: Omit<DayRules, "closures" | "resources"> & { staffIds: string[] | null; resourceTypes: readonly string[] },
  staffId: string,
  rows: ScheduleRows,
  start: LocalDateTime,
): { slot: Slot; zone: DayZone } | null {
  if (start.second !== 0 || performers([{ id: staffId }], input.staffIds).length === 0) return null;
  const [plan] = staffPlans([staffId], rows);
  const resources = input.resourceTypes.length ? resourceNeeds(input.resourceTypes, rows.resources) : undefined;
  const query = dayQueryFor({ ...input, resources, closures: rows.closures }, [{ plan, busy: plan.busy }], start.date);
  if (!query) return null;
  const slot = findSlot({ ...query, staff: query.staff[0] }, start.minuteOfDay);
  return slot ? { slot, zone: query.zone } : null;
}
