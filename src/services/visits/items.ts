import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BookingStatus } from "../../domain/booking-status";
import type { BookingView } from "../bookings/lookup";
import type { LookupItem } from "../bookings/lookup-visit";
import { heldTypesSql } from "../bookings/resources";

/**
 * The items of a visit (design.md §26), as every visit use case reads them: in order (back to
 * back, so by start), each with its service, staff member, stored buffers and processing window,
 * the resources it holds and their types. One statement for the caller's batch; a single booking
 * has no items (its `visit_id` is null), so a use case can read them beside any booking for free.
 */

/** What the lookup shows of an item (the same service, staff member and times) and what a use case needs besides. */
export type VisitItem = LookupItem & {
  status: BookingStatus;
  totalAmount: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  processingOffsetMinutes: number;
  processingMinutes: number;
  /** The service's performers (JSON text, null = everybody), for a move to another staff member. */
  serviceStaffIds: string | null;
  resourceIds: string[];
  /** The distinct types of the resources it holds (a move needs them again). */
  heldTypes: string[];
};

export type VisitItemRow = Omit<VisitItem, "resourceIds" | "heldTypes"> & { resourceIds: string; heldTypes: string };
type Row = VisitItemRow;

/** The items of the visit `visitId` (an SQL expression; NULL = none), in order. */
export function visitItemsQuery(db: Db, visitId: SQL) {
  return db.all<Row>(visitItemsSql(visitId));
}

/** The statement of visitItemsQuery, for a prepared statement (src/db/prepared.ts). */
export function visitItemsSql(visitId: SQL): SQL {
  return sql`
    SELECT b.id, b.service_id AS serviceId, s.name AS serviceName, b.staff_id AS staffId, p.display_name AS staffName,
           b.start_at AS startAt, b.end_at AS endAt, b.status, b.total_amount AS totalAmount,
           b.buffer_before_minutes AS bufferBeforeMinutes, b.buffer_after_minutes AS bufferAfterMinutes,
           b.processing_offset_minutes AS processingOffsetMinutes, b.processing_minutes AS processingMinutes,
           s.staff_ids AS serviceStaffIds,
           (SELECT json_group_array(resource_id) FROM (SELECT resource_id FROM booking_resources WHERE booking_id = b.id ORDER BY resource_id)) AS resourceIds,
           ${heldTypesSql(sql`b.id`)} AS heldTypes
    FROM bookings b JOIN services s ON s.id = b.service_id JOIN staff_profiles p ON p.id = b.staff_id
    WHERE b.visit_id = ${visitId}
    ORDER BY b.start_at, b.id`;
}

export function parseVisitItems(rows: Row[]): VisitItem[] {
  return rows.map((r) => ({
    ...r,
    startAt: Number(r.startAt),
    endAt: Number(r.endAt),
    resourceIds: JSON.parse(r.resourceIds) as string[],
    heldTypes: JSON.parse(r.heldTypes) as string[],
  }));
}

/** The items of the visit of the booking `bookingWhere` selects (bare columns over `bookings`). */
export const itemsOfBookingQuery = (db: Db, bookingWhere: SQL) =>
  visitItemsQuery(db, sql`(SELECT visit_id FROM bookings WHERE ${bookingWhere})`);

/** Distinct values in first-seen order. */
export const distinct = <T>(xs: readonly T[]) => [...new Set(xs)];

/** "Cut + Colour + Blow-dry": the visit's services as one name (e-mails, the lookup's service_name). */
export const visitServiceName = (items: readonly Pick<VisitItem, "serviceName">[]) => items.map((i) => i.serviceName).join(" + ");
/** "Kim, Lee": the visit's staff members, each once. */
export const visitStaffName = (items: readonly Pick<VisitItem, "staffName">[]) => distinct(items.map((i) => i.staffName)).join(", ");

/**
 * The visit as one booking view (design.md §26): the first item's row (money, reminders and the
 * calendar invitation hang on it) with the visit's times, services, staff and summed amount. What
 * the cancellation's money, the status change's fee and the e-mails are computed from.
 */
export function visitAsBooking(view: BookingView, items: readonly VisitItem[]): BookingView {
  const first = items[0];
  const last = items[items.length - 1];
  return {
    ...view,
    id: first.id,
    serviceId: first.serviceId,
    staffId: first.staffId,
    startAt: first.startAt,
    endAt: last.endAt,
    totalAmount: items.reduce((sum, i) => sum + i.totalAmount, 0),
    serviceName: visitServiceName(items),
    staffName: visitStaffName(items),
  };
}
