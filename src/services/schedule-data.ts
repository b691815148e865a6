import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { ClosureRow, OverrideRow, WeeklyRow } from "../domain/schedule";
import { type BusyInterval, MAX_BOOKING_MINUTES, MAX_BUFFER_MINUTES, type MinuteInterval } from "../domain/slots";
import { DAY_MS, formatLocalDate, type LocalDate, MINUTE_MS, wallDayStart, weekdayOf } from "../domain/time";

/**
 * The schedule rows every slot decision reads (design.md §4, §16), for one local date or a range:
 * weekly hours, date overrides, business closures and busy time (bookings widened by their own
 * stored buffers, and time off). Four statements that go into the CALLER's batch, next to the
 * tenant, service and staff reads, so availability (one date), the days range (up to 42) and
 * booking create/reschedule each stay one round trip for their reads. Every statement is keyed by
 * the tenant expression, so a public caller can key them by slug without a read first.
 */

export type ScheduleParams = {
  tenantId: SQL;
  /** One staff member (create, reschedule, availability?staffId=); all of the tenant's when omitted. */
  staffId?: SQL;
  from: LocalDate;
  to: LocalDate;
  /** Leaves one booking out of the busy time (the one being moved). */
  excludeBookingId?: SQL;
};

/**
 * Instants that can matter to the dates: a slot starts within [00:00 - 14 h, 24:00 + 12 h) of its
 * date (UTC offsets lie in -12h..+14h), ends inside the date's working hours, and blocks at most
 * MAX_BUFFER_MINUTES more on each side. A day of margin before the first date and two after the
 * last one cover all of it.
 */
export function scheduleWindow(from: LocalDate, to: LocalDate) {
  return { lo: wallDayStart(from) - DAY_MS, hi: wallDayStart(to) + 2 * DAY_MS };
}

type BusyRow = { staffId: string; spans: string | null };
type OverrideDbRow = { staffId: string; date: string; intervals: string };

export function scheduleQueries(db: Db, p: ScheduleParams) {
  const { lo, hi } = scheduleWindow(p.from, p.to);
  const staff = p.staffId ? sql`AND staff_id = ${p.staffId}` : sql``;
  const exclude = p.excludeBookingId ? sql`AND id <> ${p.excludeBookingId}` : sql``;
  const fromKey = formatLocalDate(p.from);
  const toKey = formatLocalDate(p.to);
  const days = Math.round((wallDayStart(p.to) - wallDayStart(p.from)) / DAY_MS) + 1;
  // Fewer than 7 dates: only their weekdays' hours.
  const weekdays =
    days < 7
      ? sql`AND weekday IN (${sql.join(
          Array.from({ length: days }, (_, i) => sql`${(weekdayOf(p.from) + i) % 7}`),
          sql`, `,
        )})`
      : sql``;
  // Busy spans, per staff member, as ONE string "s,e,s,e,..." of whole seconds after `lo`
  // (start rounded down, end up: slot boundaries are whole seconds, so overlap answers are exact;
  // CAST because the client binds numbers as floats, which would make `/` a float division).
  // A month of a busy salon is then a few kilobytes instead of thousands of JSON rows. The
  // bookings' start_at bounds keep the (tenant|staff, start_at) index range tight: every booking
  // lasts at most MAX_BOOKING_MINUTES and its buffers at most MAX_BUFFER_MINUTES.
  const pad = MAX_BUFFER_MINUTES * MINUTE_MS;
  const busy = db.all<BusyRow>(sql`
    SELECT staff_id AS staffId, group_concat(s || ',' || e) AS spans FROM (
      SELECT staff_id, CAST((MAX(start_at - buffer_before_minutes * 60000, ${lo}) - ${lo}) / 1000 AS INTEGER) AS s,
             CAST((MIN(end_at + buffer_after_minutes * 60000, ${hi}) - ${lo} + 999) / 1000 AS INTEGER) AS e
      FROM bookings
      WHERE tenant_id = ${p.tenantId} ${staff} AND status <> 'cancelled'
        AND start_at >= ${lo - MAX_BOOKING_MINUTES * MINUTE_MS - pad} AND start_at < ${hi + pad}
        AND start_at - buffer_before_minutes * 60000 < ${hi} AND end_at + buffer_after_minutes * 60000 > ${lo} ${exclude}
      UNION ALL
      SELECT staff_id, CAST((MAX(start_at, ${lo}) - ${lo}) / 1000 AS INTEGER), CAST((MIN(end_at, ${hi}) - ${lo} + 999) / 1000 AS INTEGER)
      FROM staff_time_off
      WHERE tenant_id = ${p.tenantId} ${staff} AND start_at < ${hi} AND end_at > ${lo}
    ) GROUP BY staff_id`);
  return {
    weekly: db.all<WeeklyRow>(sql`
      SELECT staff_id AS staffId, weekday, start_minute AS startMinute, end_minute AS endMinute FROM staff_hours
      WHERE tenant_id = ${p.tenantId} ${staff} ${weekdays}`),
    overrides: db.all<OverrideDbRow>(sql`
      SELECT staff_id AS staffId, date, intervals FROM staff_date_overrides
      WHERE tenant_id = ${p.tenantId} ${staff} AND date >= ${fromKey} AND date <= ${toKey}`),
    closures: db.all<ClosureRow>(sql`
      SELECT start_date AS startDate, end_date AS endDate FROM business_closures
      WHERE tenant_id = ${p.tenantId} AND end_date >= ${fromKey} AND start_date <= ${toKey}`),
    busy,
    /** Decodes the four results (in this order) into the domain's rows. */
    decode(weekly: WeeklyRow[], overrides: OverrideDbRow[], closures: ClosureRow[], busyRows: BusyRow[]) {
      return {
        weekly,
        overrides: overrides.map((o): OverrideRow => ({ staffId: o.staffId, date: o.date, intervals: parseIntervals(o.intervals) })),
        closures,
        busy: decodeBusy(busyRows, lo),
      };
    },
  };
}

export type ScheduleRows = ReturnType<ReturnType<typeof scheduleQueries>["decode"]>;

function parseIntervals(json: string): MinuteInterval[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as MinuteInterval[]) : [];
}

/** One list of busy intervals per staff member, parsed without intermediate strings (a month can hold thousands). */
function decodeBusy(rows: BusyRow[], lo: number) {
  return rows.map((r) => ({ staffId: r.staffId, spans: r.spans ? parseSpans(r.spans, lo) : [] }));
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
