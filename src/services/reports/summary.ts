import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  availableMinutes,
  cancellationRate,
  type DayTally,
  type GroupBy,
  noShowRate,
  rangeDays,
  type SeriesPoint,
  seriesOf,
  type ServiceTally,
  topServices,
  utilizationRatio,
} from "../../domain/reports";
import { staffPlans } from "../../domain/schedule";
import { addDays, DAY_MS, datesInRange, instantToWall, type LocalDate, rangeOffsets, wallDayStart, wallToInstant } from "../../domain/time";
import { ApiError } from "../../errors";
import { decodeHoursColumns, decodeRange, type RangeRow, rangeStatement } from "./statement";

/**
 * GET /api/reports/summary (design.md §29): the range's totals, rates, utilization per staff
 * member, top services and a day/week/month series, from ONE statement. Dates are the business's
 * local dates; the range's instants and each booking's local date come from the zone's offsets
 * over the range (one walk of the zone database, cached per isolate), so SQLite buckets bookings
 * by local date with plain integer arithmetic.
 */

export type Totals = {
  bookings: number;
  completed: number;
  noShows: number;
  cancelled: number;
  revenue: number;
  refunded: number;
  net: number;
  newCustomers: number;
  returningCustomers: number;
};

export type Summary = {
  currency: string;
  totals: Totals;
  noShowRate: number | null;
  cancellationRate: number | null;
  utilization: { staffId: string; staffName: string; bookedMinutes: number; availableMinutes: number; ratio: number | null }[];
  topServices: ServiceTally[];
  series: SeriesPoint[];
};

/** Whose bookings: the whole business, one staff member the owner chose, or a staff member's own. */
export type ReportScope = { kind: "business" } | { kind: "staff"; staffId: string } | { kind: "own"; userId: string };

export type SummaryQuery = { from: LocalDate; to: LocalDate; groupBy: GroupBy; scope: ReportScope };

/** A staff member's own profile (the first linked one); NULL when they have none, so nothing matches. */
const ownStaffSql = (tenantId: string, userId: string): SQL =>
  sql`(SELECT id FROM staff_profiles WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1)`;

export function scopeStaffSql(tenantId: string, scope: ReportScope): SQL | undefined {
  if (scope.kind === "staff") return sql`${scope.staffId}`;
  if (scope.kind === "own") return ownStaffSql(tenantId, scope.userId);
  return undefined;
}

/** The instants [lo, hi) of the local dates `from`..`to` (a midnight in a DST gap: when the clock jumps), and the offsets over them. */
export function rangeInstants(timeZone: string, from: LocalDate, to: LocalDate) {
  const offsets = rangeOffsets(timeZone, from, to);
  return {
    offsets,
    lo: wallToInstant(offsets, wallDayStart(from), "clamp"),
    hi: wallToInstant(offsets, wallDayStart(addDays(to, 1)), "clamp"),
  };
}

/** The statement of a summary and how to read its row; callers put it alone or in their batch. */
export function summaryQuery(db: Db, tenantId: string, timeZone: string, q: SummaryQuery) {
  const { offsets, lo, hi } = rangeInstants(timeZone, q.from, q.to);
  const days = datesInRange(q.from, q.to);
  const wall0 = wallDayStart(q.from);
  // The local date of an instant in [lo, hi): its wall time by the offset in force then, in whole
  // days after `from`'s midnight. A year has a handful of offsets, so the CASE is short.
  const segments = offsets.segments.filter((s) => s.endMs > lo && s.startMs < hi);
  const dayOf = (instant: SQL) => {
    const num = (n: number) => sql.raw(String(n)); // integers we computed: literal, so `/` divides integers
    const whens = segments.slice(0, -1).map((s) => sql`WHEN ${instant} < ${num(s.endMs)} THEN ${num(s.offsetMs)}`);
    const last = num(segments[segments.length - 1].offsetMs);
    const offset = whens.length ? sql`CASE ${sql.join(whens, sql` `)} ELSE ${last} END` : last;
    return sql`((${instant} + ${offset} - ${num(wall0)}) / ${num(DAY_MS)})`;
  };
  const staffId = scopeStaffSql(tenantId, q.scope);
  const statement = rangeStatement(db, {
    tenantId,
    lo,
    hi,
    dayOf,
    staffId,
    checkStaff: q.scope.kind === "staff",
    hours: { from: q.from, to: q.to },
    // The roll-up holds the business's figures, not one staff member's (their own report reads their bookings).
    rollup: q.scope.kind === "business" ? { fromDay: wall0 / DAY_MS, toDay: wallDayStart(q.to) / DAY_MS } : undefined,
  });
  const decode = ([row]: RangeRow[]): Summary => {
    const r = decodeRange(row);
    if (!r.staffOk) throw ApiError.notFound("Staff member");
    if (r.currency === null) throw ApiError.notFound("Business");
    // Money of no booking counts on the local date it was taken.
    const dayOfInstant = (ms: number) => Math.floor((instantToWall({ ...offsets, timeZone }, ms) - wall0) / DAY_MS);
    const { totals, byDay } = foldTotals(r, dayOfInstant);

    const hours = decodeHoursColumns(row);
    const plans = staffPlans(
      hours.staff.map((s) => s.id),
      { weekly: hours.weekly, overrides: hours.overrides, busy: [] },
    );
    const range = rangeDays(q.from, days, hours.closures);
    const utilization = hours.staff.map((s, i) => {
      const off = hours.timeOff.filter((o) => o.staffId === s.id);
      const available = availableMinutes(plans[i], range, offsets, off);
      const booked = r.staffTime.get(s.id) ?? 0;
      return {
        staffId: s.id,
        staffName: s.name,
        bookedMinutes: booked,
        availableMinutes: available,
        ratio: utilizationRatio(booked, available),
      };
    });
    return {
      currency: r.currency,
      ...withRates(totals),
      utilization,
      topServices: topServices(r.services),
      series: seriesOf(range, q.groupBy, byDay),
    };
  };
  return { statement, decode };
}

/** The totals of the range and its tallies per local date (index from the first date). */
function foldTotals(r: ReturnType<typeof decodeRange>, dayOfInstant: (ms: number) => number) {
  const byDay = new Map<number, DayTally>();
  const totals: Totals = {
    bookings: 0,
    completed: 0,
    noShows: 0,
    cancelled: 0,
    revenue: 0,
    refunded: 0,
    net: 0,
    newCustomers: 0,
    returningCustomers: 0,
  };
  for (const d of r.days) {
    totals.bookings += d.bookings;
    totals.completed += d.completed;
    totals.noShows += d.noShows;
    totals.cancelled += d.cancelled;
    totals.revenue += d.taken;
    totals.refunded += d.refunded;
    byDay.set(d.d, { bookings: d.bookings, revenue: d.taken - d.refunded, noShows: d.noShows });
  }
  for (const m of r.loose) {
    totals.revenue += m.amount;
    totals.refunded += m.refunded;
    const day = dayOfInstant(Date.parse(m.createdAt));
    const tally = byDay.get(day) ?? { bookings: 0, revenue: 0, noShows: 0 };
    tally.revenue += m.amount - m.refunded;
    byDay.set(day, tally);
  }
  totals.net = totals.revenue - totals.refunded;
  totals.newCustomers = r.newCustomers;
  totals.returningCustomers = r.returningCustomers;
  return { totals, byDay };
}

const withRates = (totals: Totals) => ({ totals, noShowRate: noShowRate(totals), cancellationRate: cancellationRate(totals) });

export type PeriodTotals = ReturnType<typeof withRates> & { currency: string };

/**
 * The totals and rates of the bookings starting in the instants [lo, hi) (the console's "last 30
 * days": no local dates, so no zone is needed before the statement), for a caller's batch.
 */
export function totalsQuery(db: Db, tenantId: string, lo: number, hi: number) {
  return {
    statement: rangeStatement(db, { tenantId, lo, hi, dayOf: null }),
    decode: ([row]: RangeRow[]): PeriodTotals => {
      const r = decodeRange(row);
      return { currency: r.currency ?? "", ...withRates(foldTotals(r, () => 0).totals) };
    },
  };
}

/** The summary alone: one round trip. */
export async function reportSummary(db: Db, tenantId: string, timeZone: string, q: SummaryQuery): Promise<Summary> {
  const { statement, decode } = summaryQuery(db, tenantId, timeZone, q);
  return decode(await statement);
}

/**
 * The summary's round trip built on a zone the caller guessed (the business's zone is only known
 * after a read): `zone` is the business's own, read by the same statement; `decode()` (which may
 * throw the answer's 404s) is for when it is the zone guessed, else the figures are another zone's.
 */
export async function summaryInZone(db: Db, tenantId: string, zoneGuess: string, q: SummaryQuery) {
  const { statement, decode } = summaryQuery(db, tenantId, zoneGuess, q);
  const rows = await statement;
  return { zone: rows[0]?.zone ?? null, decode: () => decode(rows) };
}
