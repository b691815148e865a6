import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { LocalDate } from "../../domain/time";
import type { BookingRef } from "../bookings/lookup";
import { moveBounds, type MoveValues, moveValues } from "../bookings/move-values";
import { type StaffRow, staffJsonSql } from "../bookings/scope";
import { decodeSchedule, type ScheduleRow, scheduleColumnsOf, unlessSql } from "../schedule-data";
import { parseVisitItems, type VisitItemRow, visitItemsSql } from "./items";

/**
 * What a visit's move reads (design.md §26), as two statements keyed by the booking's ref that
 * ride in the booking move's FIRST round trip (src/services/bookings/reschedule.ts), beside the
 * booking's own view: the visit's items, the staff members who can take them, and the business's
 * schedule of the new date without the visit's own rows, with the resources of the types its
 * items hold. So a visit moves in two round trips, like a booking. A single booking has no visit:
 * its items are none and the second statement's subqueries are not run (CASE evaluates lazily; no
 * booking at all: no row),
 * so a booking's move pays a few index lookups for it. Both are prepared once per isolate (they
 * run on every move, src/db/prepared.ts).
 */

type Values = MoveValues;

function statementsFor(kind: BookingRef["kind"]) {
  const where = (p: { ref: unknown; tenantId: unknown }) =>
    kind === "public" ? sql`confirmation_code = ${p.ref}` : sql`id = ${p.ref} AND tenant_id = ${p.tenantId}`;
  const items = prepared<Values>((p) => visitItemsSql(sql`(SELECT visit_id FROM bookings WHERE ${where(p)})`));
  const context = prepared<Values>((p) => {
    // (p is a proxy of placeholders: named one by one, never spread.)
    // The booking read once, its visit and tenant named as columns (issue #42: they appear 15
    // times in the schedule's subqueries; as subqueries they were 0.8 KB of text per move).
    const visitId = sql`m.visit_id`;
    const tenantId = sql`m.tenant_id`;
    const heldTypes = sql`(SELECT json_group_array(DISTINCT r.type) FROM booking_resources br JOIN resources r ON r.id = br.resource_id
      JOIN bookings i ON i.id = br.booking_id WHERE i.visit_id = ${visitId})`;
    const single = sql`${visitId} IS NULL`;
    const schedule = scheduleColumnsOf({ tenantId, excludeVisitId: visitId, resourceTypes: heldTypes, skipWhen: single }, moveBounds(p));
    return sql`SELECT ${unlessSql(staffJsonSql(kind, tenantId), single)} AS staff, ${schedule}
      FROM (SELECT visit_id, tenant_id FROM bookings WHERE ${where(p)}) m`;
  });
  return { items, context };
}

const statements = { public: statementsFor("public"), owner: statementsFor("owner") };

type ContextRow = ScheduleRow & { staff: string | null };

export function visitMoveRead(db: Db, ref: BookingRef, date: LocalDate) {
  const values = moveValues(ref, date);
  const s = statements[ref.kind];
  return { items: s.items.all<VisitItemRow>(db, values), context: s.context.all<ContextRow>(db, values) };
}

export type VisitMoveRows = { items: VisitItemRow[]; context: ContextRow[] };

/** The read as the visit's move uses it: items in order, the bookable staff, the schedule's rows. */
export function decodeVisitMove(rows: VisitMoveRows, date: LocalDate) {
  const [context] = rows.context;
  return {
    items: parseVisitItems(rows.items),
    staff: JSON.parse(context?.staff ?? "[]") as StaffRow[],
    schedule: context?.busy ? decodeSchedule(context, date) : null,
  };
}
