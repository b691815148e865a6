import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { StoredRow } from "../../db/row-of";
import type { bookings, services, tenants } from "../../db/schema";
import type { LocalDate } from "../../domain/time";
import { type ScheduleRow, scheduleColumnsOf } from "../schedule-data";
import type { BookingRef } from "./lookup";
import { moveBounds, type MoveValues, moveValues } from "./move-values";
import { heldTypesSql } from "./resources";
import { type StaffRow, staffJsonSql } from "./scope";

/**
 * What a move reads besides the booking itself (issue #42): the staff member it goes to, the rules
 * that decide it (the business's notice and horizon, who performs the service, the buffers stored
 * on the booking) and that staff member's schedule for the new date without the booking itself, as
 * ONE statement keyed by the booking's ref (with the resources of the types it holds, design.md §26), prepared once per isolate (src/db/prepared.ts). It was
 * three statements rendered by Drizzle on every move.
 */

type Values = MoveValues & {
  /** The staff member asked for, or null: the booking's own. */
  staffId: string | null;
};

/**
 * The rules a move is decided by, typed from the schema (issue #34 item 5): the business's notice and
 * horizon, who performs the service (`staffIds`: JSON text, null = everybody), the buffers and the
 * processing window stored on the booking (design.md §26: 0 = none), and `heldTypes`: JSON array of
 * the resource types the booking holds (a move needs them again).
 */
export type MoveRules = Pick<StoredRow<typeof tenants>, "minNoticeMinutes" | "maxAdvanceDays"> &
  Pick<StoredRow<typeof services>, "staffIds"> &
  Pick<StoredRow<typeof bookings>, "bufferBeforeMinutes" | "bufferAfterMinutes" | "processingOffsetMinutes" | "processingMinutes"> & {
    heldTypes: string;
  };

type MoveRow = MoveRules & ScheduleRow & { staff: string };

function moveStatement(kind: BookingRef["kind"]) {
  return prepared<Values>((p) => {
    const tenantId = sql`b.tenant_id`;
    const staffId = sql`COALESCE(${p.staffId}, b.staff_id)`;
    // (p is a proxy of placeholders: named one by one, never spread.)
    const schedule = scheduleColumnsOf(
      { tenantId, staffId, excludeBookingId: sql`b.id`, resourceTypes: heldTypesSql(sql`b.id`) },
      moveBounds(p),
    );
    const where = kind === "public" ? sql`confirmation_code = ${p.ref}` : sql`id = ${p.ref} AND tenant_id = ${p.tenantId}`;
    return sql`
      SELECT t.min_notice_minutes AS minNoticeMinutes, t.max_advance_days AS maxAdvanceDays, s.staff_ids AS staffIds,
             b.buffer_before_minutes AS bufferBeforeMinutes, b.buffer_after_minutes AS bufferAfterMinutes,
             b.processing_offset_minutes AS processingOffsetMinutes, b.processing_minutes AS processingMinutes,
             ${heldTypesSql(sql`b.id`)} AS heldTypes,
             ${staffJsonSql(kind, tenantId, staffId)} AS staff,
             ${schedule}
      FROM (SELECT * FROM bookings WHERE ${where}) b
      JOIN tenants t ON t.id = b.tenant_id
      JOIN services s ON s.id = b.service_id`;
  });
}

const statements = { public: moveStatement("public"), owner: moveStatement("owner") };

/** The move's read for its first round trip (beside the booking's view); null row = no such booking. */
export function moveRead(db: Db, ref: BookingRef, input: { staffProfileId?: string; date: LocalDate }) {
  return statements[ref.kind].all<MoveRow>(db, { ...moveValues(ref, input.date), staffId: input.staffProfileId ?? null });
}

/** The target staff member of a move's row, if bookable for this caller. */
export const moveStaff = (row: MoveRow): StaffRow | undefined => (JSON.parse(row.staff) as StaffRow[])[0];
