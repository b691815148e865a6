import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { LocalDate } from "../../domain/time";
import { type BookingRef, refSql } from "../bookings/lookup";
import { type StaffRow, staffJsonSql } from "../bookings/scope";
import { decodeSchedule, type ScheduleRow, scheduleColumns, unlessSql } from "../schedule-data";
import { itemsOfBookingQuery, parseVisitItems } from "./items";

/**
 * What a visit's move reads (design.md §26), as two statements keyed by the booking's ref that
 * ride in the booking move's FIRST round trip (src/services/bookings/reschedule.ts), beside the
 * booking's own view: the visit's items, the staff members who can take them, and the business's
 * schedule of the new date without the visit's own rows, with the resources of the types its
 * items hold. So a visit moves in two round trips, like a booking. A single booking has no visit:
 * its items are none and the second statement's subqueries are not run (CASE evaluates lazily),
 * so a booking's move pays two index lookups for it.
 */
export function visitMoveRead(db: Db, ref: BookingRef, date: LocalDate) {
  const where = refSql(ref);
  const visitId = sql`(SELECT visit_id FROM bookings WHERE ${where})`;
  const tenantId = sql`(SELECT tenant_id FROM bookings WHERE ${where})`;
  const heldTypes = sql`(SELECT json_group_array(DISTINCT r.type) FROM booking_resources br JOIN resources r ON r.id = br.resource_id
    JOIN bookings i ON i.id = br.booking_id WHERE i.visit_id = ${visitId})`;
  const single = sql`${visitId} IS NULL`;
  return {
    items: itemsOfBookingQuery(db, where),
    context: db.all<ScheduleRow & { staff: string | null }>(sql`
      SELECT ${unlessSql(staffJsonSql(ref.kind, tenantId), single)} AS staff,
             ${scheduleColumns({ tenantId, from: date, to: date, excludeVisitId: visitId, resourceTypes: heldTypes, skipWhen: single })}`),
  };
}

export type VisitMoveRows = {
  items: Awaited<ReturnType<typeof visitMoveRead>["items"]>;
  context: Awaited<ReturnType<typeof visitMoveRead>["context"]>;
};

/** The read as the visit's move uses it: items in order, the bookable staff, the schedule's rows. */
export function decodeVisitMove(rows: VisitMoveRows, date: LocalDate) {
  const [context] = rows.context;
  return {
    items: parseVisitItems(rows.items),
    staff: JSON.parse(context?.staff ?? "[]") as StaffRow[],
    schedule: context ? decodeSchedule(context, date) : null,
  };
}
