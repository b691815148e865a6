import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { computeSlots, MAX_BOOKING_MINUTES, slotLocalTimes, type StaffDay } from "../domain/slots";
import { DAY_MS, dayZone, type DayZone, type LocalDate, MINUTE_MS, wallDayStart, weekdayOf } from "../domain/time";
import { ApiError } from "../errors";
import { type BookingCtx, type BookingScope, serviceQuery, staffQuery, tenantIdSql, tenantQuery } from "./bookings/scope";

/**
 * Availability (design.md §4) and the day data every slot decision reads. The same three queries
 * feed the availability listing, booking creation and rescheduling, so "bookable" means exactly
 * "listed by availability".
 */

type HoursRow = { staffId: string; startMinute: number; endMinute: number };
type BusyRow = { staffId: string; startAt: number; endAt: number };

/**
 * Instants that can touch a local date in any zone: offsets lie within -12h..+14h, so a day of
 * margin on each side is always enough. Queried before the tenant's zone is known (same batch).
 */
export function dayWindow(date: LocalDate) {
  const wall = wallDayStart(date);
  return { fromMs: wall - DAY_MS, toMs: wall + 2 * DAY_MS };
}

/**
 * The working hours, active bookings and time off of the staff selected by `staffId` (all of the
 * tenant's staff when omitted) around `date`. `excludeBookingId` leaves one booking out (the one
 * being rescheduled). Bookings are bounded below by MAX_BOOKING_MINUTES so the (staff|tenant,
 * start_at) index range stays one day wide; time off can last weeks and is not bounded.
 */
export function dayQueries(db: Db, p: { tenantId: SQL; staffId?: SQL; date: LocalDate; excludeBookingId?: SQL }) {
  const { fromMs, toMs } = dayWindow(p.date);
  const staff = p.staffId ? sql`AND staff_id = ${p.staffId}` : sql``;
  const exclude = p.excludeBookingId ? sql`AND id <> ${p.excludeBookingId}` : sql``;
  return {
    hours: db.all<HoursRow>(sql`
      SELECT staff_id AS staffId, start_minute AS startMinute, end_minute AS endMinute FROM staff_hours
      WHERE tenant_id = ${p.tenantId} AND weekday = ${weekdayOf(p.date)} ${staff}`),
    bookings: db.all<BusyRow>(sql`
      SELECT staff_id AS staffId, start_at AS startAt, end_at AS endAt FROM bookings
      WHERE tenant_id = ${p.tenantId} ${staff} AND status <> 'cancelled'
        AND start_at >= ${fromMs - MAX_BOOKING_MINUTES * MINUTE_MS} AND start_at < ${toMs} AND end_at > ${fromMs} ${exclude}
      ORDER BY start_at`),
    timeOff: db.all<BusyRow>(sql`
      SELECT staff_id AS staffId, start_at AS startAt, end_at AS endAt FROM staff_time_off
      WHERE tenant_id = ${p.tenantId} ${staff} AND start_at < ${toMs} AND end_at > ${fromMs}
      ORDER BY start_at`),
  };
}

/** Rows -> one StaffDay per staff id, in the order given. */
export function staffDays(staffIds: string[], hours: HoursRow[], bookings: BusyRow[], timeOff: BusyRow[]): StaffDay[] {
  const byId = new Map<string, StaffDay>();
  const days = staffIds.map((id) => {
    const day: StaffDay = { intervals: [], busy: [] };
    byId.set(id, day);
    return day;
  });
  for (const h of hours) byId.get(h.staffId)?.intervals.push({ startMinute: h.startMinute, endMinute: h.endMinute });
  for (const b of bookings) byId.get(b.staffId)?.busy.push({ startMs: b.startAt, endMs: b.endAt });
  for (const b of timeOff) byId.get(b.staffId)?.busy.push({ startMs: b.startAt, endMs: b.endAt });
  return days;
}

/** The tenant's zone for a date; a tenant row with a broken zone is a data error, said plainly. */
export function tenantDayZone(timeZone: string, d: LocalDate): DayZone {
  try {
    return dayZone(timeZone, d);
  } catch (err) {
    throw new Error(`tenant time zone ${JSON.stringify(timeZone)} is not usable: ${String(err)}`);
  }
}

export type AvailabilitySlot = { staffId: string; staffName: string; startTime: string; endTime: string };
export type Availability = { date: string; timezone: string; slots: AvailabilitySlot[] };

/**
 * Free slots of one service on one tenant-local date, for every bookable staff member or one.
 * One libSQL round trip: tenant, service, staff, hours, bookings and time off in one batch, all
 * keyed by the tenant expression. Unknown tenant, service or staff: 404 not_found.
 */
export async function getAvailability(
  ctx: Pick<BookingCtx, "db" | "now">,
  scope: BookingScope,
  q: { serviceId: string; staffId?: string; date: LocalDate },
): Promise<Availability> {
  const { db } = ctx;
  const tenantId = tenantIdSql(scope);
  const staffId = q.staffId === undefined ? undefined : sql`${q.staffId}`;
  const day = dayQueries(db, { tenantId, staffId, date: q.date });
  const [tenantRows, serviceRows, staffRows, hours, bookings, timeOff] = await db.batch([
    tenantQuery(db, scope),
    serviceQuery(db, scope, q.serviceId),
    staffQuery(db, scope.kind, tenantId, staffId),
    day.hours,
    day.bookings,
    day.timeOff,
  ]);
  const tenant = tenantRows[0];
  if (!tenant) throw ApiError.notFound("Business");
  const service = serviceRows[0];
  if (!service) throw ApiError.notFound("Service");
  if (q.staffId !== undefined && staffRows.length === 0) throw ApiError.notFound("Staff member");

  const zone = tenantDayZone(tenant.timezone, q.date);
  const slots = computeSlots({
    zone,
    durationMinutes: service.durationMinutes,
    staff: staffDays(
      staffRows.map((s) => s.id),
      hours,
      bookings,
      timeOff,
    ),
    nowMs: ctx.now.getTime(),
  });
  return {
    date: zone.dateKey,
    timezone: tenant.timezone,
    slots: slots.map((s) => ({
      staffId: staffRows[s.staffIndex].id,
      staffName: staffRows[s.staffIndex].displayName,
      ...slotLocalTimes(zone, s),
    })),
  };
}
