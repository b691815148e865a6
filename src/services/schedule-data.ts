import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { ClosureRow, OverrideRow, WeeklyRow } from "../domain/schedule";
import { mergeBusy, type ResourceNeeds } from "../domain/busy";
import { type BusyInterval, MAX_BOOKING_MINUTES, MAX_BUFFER_MINUTES, type MinuteInterval } from "../domain/slots";
import { DAY_MS, datesInRange, formatLocalDate, type LocalDate, MINUTE_MS, wallDayStart, weekdayOf } from "../domain/time";

/**
 * The schedule rows every slot decision reads (design.md §4, §16), for one local date or a range:
 * weekly hours, date overrides, business closures and busy time (bookings widened by their own
 * stored buffers, and time off). ONE statement for the caller's batch (booking create and
 * reschedule), or four columns of the caller's own statement (availability: tenant, service, staff
 * and schedule in one), so each stays one round trip for its reads. It answers one row of four JSON
 * arrays: every statement and every cell costs CPU per request in Drizzle, in the Hrana client
 * (two property definitions per cell) and in the database (docs/benchmarks.md), and a busy month
 * was hundreds of rows of weekly hours. Every part is keyed by the tenant expression, so a public
 * caller can key it by slug without a read first.
 */

export type ScheduleParams = {
  tenantId: SQL;
  /** One staff member (create, reschedule, availability?staffId=); all of the tenant's when omitted. */
  staffId?: SQL;
  /** Several staff members (a visit's, design.md §26); ignored when `staffId` is given. */
  staffIdList?: readonly string[];
  from: LocalDate;
  to: LocalDate;
  /** Leaves one booking out of the busy time (the one being moved). */
  excludeBookingId?: SQL;
  /** Leaves every item of a visit out of the busy time (the visit being moved; design.md §26). */
  excludeVisitId?: SQL;
  /**
   * A JSON array of the resource types whose resources (and their busy time) to read (design.md
   * §26); absent = none (the `resources` column is then an empty array and costs nothing).
   */
  resourceTypes?: SQL;
  /** When this holds, each column is NULL and its subquery is not run (a current cached copy: schedule-cache.ts). */
  skipWhen?: SQL;
};

/** A column of the statement, or NULL without running it when `skipWhen` holds (CASE evaluates lazily). */
export function unlessSql(subquery: SQL, skipWhen?: SQL): SQL {
  return skipWhen ? sql`CASE WHEN ${skipWhen} THEN NULL ELSE ${subquery} END` : subquery;
}

/**
 * Instants that can matter to the dates: a slot starts within [00:00 - 14 h, 24:00 + 12 h) of its
 * date (UTC offsets lie in -12h..+14h), ends inside the date's working hours, and blocks at most
 * MAX_BUFFER_MINUTES more on each side. A day of margin before the first date and two after the
 * last one cover all of it.
 */
export function scheduleWindow(from: LocalDate, to: LocalDate) {
  return { lo: wallDayStart(from) - DAY_MS, hi: wallDayStart(to) + 2 * DAY_MS };
}

/** The statement's one row: JSON arrays of tuples (see the SELECT). */
export type ScheduleRow = { weekly: string; overrides: string; closures: string; busy: string; resources: string };

/** Whole seconds after `lo` of an instant clamped into [lo, hi]: rounded down for starts, up for ends. */
const secondsFrom = (ms: SQL, lo: Bound<number>, hi: Bound<number>, up: boolean) =>
  up
    ? sql`CAST((MAX(MIN(${ms}, ${hi}), ${lo}) - ${lo} + 999) / 1000 AS INTEGER)`
    : sql`CAST((MIN(MAX(${ms}, ${lo}), ${hi}) - ${lo}) / 1000 AS INTEGER)`;

/**
 * A booking's blocked parts as one "s,e[,s,e]" piece (design.md §26, src/domain/busy.ts): with a
 * processing window that its buffers do not close, the active parts before and after it, each
 * widened by the booking's own buffers; otherwise the whole appointment with its buffers.
 */
function bookingPiece(lo: Bound<number>, hi: Bound<number>): SQL {
  const before = sql`buffer_before_minutes * 60000`;
  const after = sql`buffer_after_minutes * 60000`;
  const p = sql`start_at + processing_offset_minutes * 60000`;
  const q = sql`start_at + (processing_offset_minutes + processing_minutes) * 60000`;
  const part = (a: SQL, b: SQL) => sql`${secondsFrom(a, lo, hi, false)} || ',' || ${secondsFrom(b, lo, hi, true)}`;
  return sql`CASE WHEN processing_minutes > 0 AND processing_offset_minutes > 0 AND ${q} < end_at
      AND buffer_before_minutes + buffer_after_minutes < processing_minutes
    THEN ${part(sql`start_at - ${before}`, sql`${p} + ${after}`)} || ',' || ${part(sql`${q} - ${before}`, sql`end_at + ${after}`)}
    ELSE ${part(sql`start_at - ${before}`, sql`end_at + ${after}`)} END`;
}

/** `AND <column> IN (...)` for a list of staff ids, or `AND <column> = id` for one; nothing for all. */
function staffFilter(p: Pick<ScheduleParams, "staffId" | "staffIdList">, column: SQL): SQL {
  if (p.staffId) return sql`AND ${column} = ${p.staffId}`;
  if (!p.staffIdList?.length) return sql``;
  return sql`AND ${column} IN (${sql.join(
    p.staffIdList.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
/**
 * The numbers a range's statement is keyed by: the window's bounds (ms), the bookings' start_at
 * range inside it, the dates as text and, for fewer than 7 dates, their weekdays.
 */
export function scheduleBounds(from: LocalDate, to: LocalDate) {
  const { lo, hi } = scheduleWindow(from, to);
  const days = datesInRange(from, to);
  const pad = MAX_BUFFER_MINUTES * MINUTE_MS;
  return {
    lo,
    hi,
    busyFrom: lo - MAX_BOOKING_MINUTES * MINUTE_MS - pad,
    busyTo: hi + pad,
    fromKey: formatLocalDate(from),
    toKey: formatLocalDate(to),
    // Fewer than 7 dates: only their weekdays' hours.
    weekdays: days < 7 ? Array.from({ length: days }, (_, i) => (weekdayOf(from) + i) % 7) : null,
  };
}

/** The bounds as the statement binds them: numbers and text, or placeholders of a prepared statement (src/db/prepared.ts). */
type Bound<T> = T | SQLWrapper;
export type ScheduleBounds = {
  lo: Bound<number>;
  hi: Bound<number>;
  busyFrom: Bound<number>;
  busyTo: Bound<number>;
  fromKey: Bound<string>;
  toKey: Bound<string>;
  weekdays: Bound<number>[] | null;
};

/**
 * The hours part of the schedule (weekly hours, the range's overrides and closures) as three
 * subqueries, for the four columns below and for the reports' available minutes (design.md §29),
 * which read the same rows through the same rules.
 */
export function hoursSubqueries(p: Pick<ScheduleParams, "tenantId" | "staffId" | "staffIdList" | "from" | "to">) {
  return hoursSubqueriesOf(p, scheduleBounds(p.from, p.to));
}

function hoursSubqueriesOf(
  p: Pick<ScheduleParams, "tenantId" | "staffId" | "staffIdList">,
  b: Pick<ScheduleBounds, "fromKey" | "toKey" | "weekdays">,
) {
  const staff = staffFilter(p, sql`staff_id`);
  const weekdays = b.weekdays
    ? sql`AND weekday IN (${sql.join(
        b.weekdays.map((d) => sql`${d}`),
        sql`, `,
      )})`
    : sql``;
  return {
    weekly: sql`(SELECT json_group_array(json_array(staff_id, weekday, start_minute, end_minute)) FROM staff_hours
        WHERE tenant_id = ${p.tenantId} ${staff} ${weekdays})`,
    overrides: sql`(SELECT json_group_array(json_array(staff_id, date, intervals)) FROM staff_date_overrides
        WHERE tenant_id = ${p.tenantId} ${staff} AND date >= ${b.fromKey} AND date <= ${b.toKey})`,
    closures: sql`(SELECT json_group_array(json_array(start_date, end_date)) FROM business_closures
        WHERE tenant_id = ${p.tenantId} AND end_date >= ${b.fromKey} AND start_date <= ${b.toKey})`,
  };
}

/** The four columns, for a caller's own single statement (availability adds its tenant, service and staff). */
export function scheduleColumns(p: ScheduleParams): SQL {
  return scheduleColumnsOf(p, scheduleBounds(p.from, p.to));
}

/** The four columns over explicit bounds (see scheduleColumns). */
export function scheduleColumnsOf(p: Omit<ScheduleParams, "from" | "to">, b: ScheduleBounds): SQL {
  const { lo, hi } = b;
  const exclude = p.excludeBookingId ? sql`AND id <> ${p.excludeBookingId}` : sql``;
  // Busy spans, per staff member, as ONE string "s,e,s,e,..." of whole seconds after `lo`
  // (start rounded down, end up: slot boundaries are whole seconds, so overlap answers are exact;
  // CAST because the client binds numbers as floats, which would make `/` a float division).
  // A month of a busy salon is then a few kilobytes instead of thousands of JSON rows. The spans
  // are gathered staff member by staff member (a subquery per row of staff_profiles) rather than
  // by GROUP BY over the tenant's bookings: each is then one range of the (staff_id, start_at)
  // index in start order and SQLite sorts nothing (no temporary B-tree): for a 42-day range of
  // 1,720 bookings SQLite spent 2.2 ms of CPU on the GROUP BY form, 1.1 ms on this one
  // (docs/benchmarks.md). The start_at bounds (busyFrom, busyTo) keep each range tight: every
  // booking lasts at most MAX_BOOKING_MINUTES and its buffers at most MAX_BUFFER_MINUTES.
  const staffOfTenant = staffFilter(p, sql`id`);
  const { weekly, overrides, closures } = hoursSubqueriesOf(p, b);
  const excludeVisit = p.excludeVisitId ? sql`AND (visit_id IS NULL OR visit_id <> ${p.excludeVisitId})` : sql``;
  const busy = sql`(SELECT json_group_array(json_array(member.id, (
        SELECT group_concat(piece) FROM (
          SELECT ${bookingPiece(lo, hi)} AS piece
          FROM bookings
          WHERE staff_id = member.id AND tenant_id = member.tenant_id AND status <> 'cancelled'
            AND start_at >= ${b.busyFrom} AND start_at < ${b.busyTo}
            AND start_at - buffer_before_minutes * 60000 < ${hi} AND end_at + buffer_after_minutes * 60000 > ${lo} ${exclude} ${excludeVisit}
          UNION ALL
          SELECT ${secondsFrom(sql`start_at`, lo, hi, false)} || ',' || ${secondsFrom(sql`end_at`, lo, hi, true)}
          FROM staff_time_off
          WHERE staff_id = member.id AND start_at < ${hi} AND end_at > ${lo}
        ))))
        FROM staff_profiles AS member WHERE tenant_id = ${p.tenantId} ${staffOfTenant})`;
  const resources = p.resourceTypes ? resourcesColumn(p, lo, hi) : sql`'[]'`;
  return sql`${unlessSql(weekly, p.skipWhen)} AS weekly, ${unlessSql(overrides, p.skipWhen)} AS overrides,
      ${unlessSql(closures, p.skipWhen)} AS closures, ${unlessSql(busy, p.skipWhen)} AS busy,
      ${unlessSql(resources, p.skipWhen)} AS resources`;
}

/**
 * design.md §26: the active resources of the wanted types, in name order (the order the atomic
 * guard assigns them in), each with its busy time as one "s,e,..." string: the blocked intervals
 * of the bookings holding it (booking_resources repeats them, buffers included; a cancelled
 * booking frees it) and its time off. Each is one range of the (resource_id, start_at) index.
 */
function resourcesColumn(p: Omit<ScheduleParams, "from" | "to">, lo: Bound<number>, hi: Bound<number>): SQL {
  const longest = (MAX_BOOKING_MINUTES + 2 * MAX_BUFFER_MINUTES) * MINUTE_MS;
  const excludeBooking = p.excludeBookingId ? sql`AND br.booking_id <> ${p.excludeBookingId}` : sql``;
  const excludeVisit = p.excludeVisitId ? sql`AND (o.visit_id IS NULL OR o.visit_id <> ${p.excludeVisitId})` : sql``;
  return sql`(SELECT json_group_array(json_array(r.id, r.type, (
        SELECT group_concat(s || ',' || e) FROM (
          SELECT ${secondsFrom(sql`br.start_at`, lo, hi, false)} AS s, ${secondsFrom(sql`br.end_at`, lo, hi, true)} AS e
          FROM booking_resources br JOIN bookings o ON o.id = br.booking_id
          WHERE br.resource_id = r.id AND br.start_at >= ${lo} - ${longest} AND br.start_at < ${hi} AND br.end_at > ${lo}
            AND o.status <> 'cancelled' ${excludeBooking} ${excludeVisit}
          UNION ALL
          SELECT ${secondsFrom(sql`x.start_at`, lo, hi, false)}, ${secondsFrom(sql`x.end_at`, lo, hi, true)}
          FROM resource_time_off x
          WHERE x.resource_id = r.id AND x.start_at < ${hi} AND x.end_at > ${lo}
        ))) ORDER BY r.name, r.id)
      FROM resources r
      WHERE r.tenant_id = ${p.tenantId} AND r.is_active = 1 AND r.deleted_at IS NULL
        AND r.type IN (SELECT value FROM json_each(${p.resourceTypes})))`;
}

/** The three hours columns as the domain's rows. */
export function decodeHours(row: Pick<ScheduleRow, "weekly" | "overrides" | "closures">) {
  const weekly = JSON.parse(row.weekly) as [string, number, number, number][];
  const overrides = JSON.parse(row.overrides) as [string, string, string][];
  const closures = JSON.parse(row.closures) as [string, string][];
  return {
    weekly: weekly.map(([staffId, weekday, startMinute, endMinute]): WeeklyRow => ({ staffId, weekday, startMinute, endMinute })),
    overrides: overrides.map(([staffId, date, intervals]): OverrideRow => ({ staffId, date, intervals: parseIntervals(intervals) })),
    closures: closures.map(([startDate, endDate]): ClosureRow => ({ startDate, endDate })),
  };
}

/** A row carrying the four columns, for a range starting at `from`, as the domain's rows. */
export function decodeSchedule(row: ScheduleRow, from: LocalDate) {
  const { lo } = scheduleWindow(from, from);
  const busy = JSON.parse(row.busy) as [string, string | null][];
  const resources = JSON.parse(row.resources) as [string, string, string | null][];
  return {
    ...decodeHours(row),
    busy: busy.map(([staffId, spans]) => ({ staffId, spans: spans ? parseSpans(spans, lo) : [] })),
    resources: resources.map(([id, type, spans]): ResourceRow => ({ id, type, spans: spans ? parseSpans(spans, lo) : [] })),
  };
}

/** The schedule as one statement of its own (create and reschedule put it in their batch). */
export function scheduleQueries(db: Db, p: ScheduleParams) {
  return {
    statement: db.all<ScheduleRow>(sql`SELECT ${scheduleColumns(p)}`),
    decode: ([row]: ScheduleRow[]) => decodeSchedule(row, p.from),
  };
}

export type ScheduleRows = ReturnType<typeof decodeSchedule>;

/** One active resource with its busy time, in name order. */
export type ResourceRow = { id: string; type: string; spans: BusyInterval[] };

/**
 * What a service needs of the resources read (design.md §26): per type it lists, its resources'
 * busy time merged, in name order; a type without resources is an empty list (no slots).
 */
export function resourceNeeds(types: readonly string[], resources: readonly ResourceRow[]): ResourceNeeds {
  return types.map((type) => resources.filter((r) => r.type === type).map((r) => mergeBusy(r.spans)));
}

/** A service's `resource_types` column (JSON text): the types it needs. */
export function parseResourceTypes(json: string | null): string[] {
  if (!json) return [];
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

function parseIntervals(json: string): MinuteInterval[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as MinuteInterval[]) : [];
}

/** "s,e,s,e" (whole seconds after `lo`, digits only) -> intervals in ms. */
export function parseSpans(text: string, lo: number): BusyInterval[] {
  const out: BusyInterval[] = [];
  let n = 0;
  let start = 0;
  let haveStart = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c !== 44) {
      n = n * 10 + (c - 48);
      continue;
    }
    if (haveStart) out.push({ startMs: lo + start * 1000, endMs: lo + n * 1000 });
    else start = n;
    haveStart = !haveStart;
    n = 0;
  }
  return out;
}
