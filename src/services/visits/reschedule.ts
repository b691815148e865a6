import { sql } from "drizzle-orm";
import { ACTIVE_STATUSES, canReschedule } from "../../domain/booking-status";
import { processingOf } from "../../domain/busy";
import { MINUTE_MS } from "../../domain/time";
import { uniqueViolation } from "../../db/unique-violation";
import { ApiError } from "../../errors";
import { limitsFor } from "../availability";
import { batch } from "../batch";
import { bookingEffects, iso, tenantOpenSql } from "../bookings/effects";
import { slotTaken } from "../bookings/front-desk";
import { actorOf, bookingHistoryInsert } from "../bookings/history";
import { type BookingRef, type BookingView, bookingViewQuery, visitItemsJsonSql, parseLookupVisit } from "../bookings/lookup";
import { releaseResources } from "../bookings/resources";
import type { RescheduleInput } from "../bookings/reschedule-types";
import type { MoveRules } from "../bookings/move-read";
import { type BookingCtx, parseStaffIds } from "../bookings/scope";
import { lateMoveMoney } from "../payments/late-move";
import type { BookingMoney } from "../payments/money";
import { decideVisit, type ItemSpec } from "./decide";
import { visitFactsFromView, visitWebhookBooking, webhookItems } from "./effects";
import { assignVisitResources, type PlacedItem, visitFreeSql } from "./guards";
import { offerTriggersFor } from "../waitlist/trigger";
import { type VisitItem, visitAsBooking, visitStaffName } from "./items";
import type { decodeVisitMove } from "./move-read";

const notReschedulable = () => new ApiError("not_reschedulable", "A cancelled, completed or no-show booking cannot be moved");
const closed = () => new ApiError("not_found", "This business is not taking bookings right now");

/**
 * Moves a whole visit (design.md §26): its services stay back to back in their order, each keeps
 * its length, stored buffers, processing window and staff member, unless the move names another
 * (the contract's `staffProfileId`: the first item by code, the item addressed on the owner API;
 * `items`: one per item). Decided by the visit engine as availability lists it (the visit's own
 * rows left out), written in ONE batch: the first item's UPDATE carries the whole visit's guard
 * and is pinned to every item's start and staff member as read (so of two concurrent moves one
 * wins), the others follow it, every item's resources are picked again. One e-mail, one calendar
 * update, one `booking.rescheduled` listing the items, and the late-move money of design.md §31
 * on the first item as a booking's. Two round trips, like a booking's move: the booking's read
 * (which carried the visit's, ./move-read.ts) and the write.
 */
export async function rescheduleVisit(
  ctx: BookingCtx,
  ref: BookingRef,
  booking: BookingView,
  input: RescheduleInput,
  read: ReturnType<typeof decodeVisitMove> & {
    rules: Pick<MoveRules, "minNoticeMinutes" | "maxAdvanceDays"> | undefined;
    money: BookingMoney;
  },
): Promise<BookingView> {
  const { db, now } = ctx;
  const visitId = booking.visitId as string;
  const { items, staff, schedule, rules, money } = read;
  if (items.length === 0 || !rules || !schedule) throw ApiError.notFound("Booking");
  if (!items.every((i) => canReschedule(i.status))) throw notReschedulable();

  const targets = targetStaff(ref, booking, items, input);
  const names = new Map(staff.map((s) => [s.id, s.displayName]));
  if (targets.some((id) => !names.has(id))) throw ApiError.notFound("Staff member");
  const specs: ItemSpec[] = items.map((i) => {
    const minutes = Math.round((i.endAt - i.startAt) / MINUTE_MS);
    return {
      durationMinutes: minutes,
      bufferBeforeMinutes: i.bufferBeforeMinutes,
      bufferAfterMinutes: i.bufferAfterMinutes,
      processing: processingOf(minutes, i.processingOffsetMinutes, i.processingMinutes),
      resourceTypes: i.heldTypes,
      performers: parseStaffIds(i.serviceStaffIds),
    };
  });
  const slot = decideVisit({
    timeZone: booking.tenant.timezone,
    start: input.start,
    items: specs,
    staffIds: targets,
    rows: schedule,
    limits: limitsFor(
      ref.kind,
      { timezone: booking.tenant.timezone, minNoticeMinutes: rules.minNoticeMinutes, maxAdvanceDays: rules.maxAdvanceDays },
      now,
    ),
    nowMs: now.getTime(),
    override: ref.kind === "owner" && input.override === true,
    field: "newStartDatetime",
  });
  const placed: PlacedItem[] = items.map((item, i) => ({
    bookingId: item.id,
    staffId: targets[i],
    startMs: slot.items[i].startMs,
    endMs: slot.items[i].endMs,
    bufferBeforeMinutes: specs[i].bufferBeforeMinutes,
    bufferAfterMinutes: specs[i].bufferAfterMinutes,
    processing: specs[i].processing,
    resourceTypes: specs[i].resourceTypes,
  }));
  const moved = items.map((item, i) => ({
    ...item,
    staffId: targets[i],
    staffName: names.get(targets[i]) ?? "",
    startAt: placed[i].startMs,
    endAt: placed[i].endMs,
  }));

  const t = now.toISOString();
  const active = sql.join(
    ACTIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // Every item still where it was read, and active: of two concurrent moves the second finds them changed.
  const pinned = sql.join(
    items.map(
      (i) =>
        sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${i.id} AND status IN (${active}) AND start_at = ${i.startAt} AND staff_id = ${i.staffId})`,
    ),
    sql` AND `,
  );
  const movable = sql`${pinned} AND ${visitFreeSql(placed, booking.tenantId, visitId)}
    ${ref.kind === "public" ? sql`AND ${tenantOpenSql(booking.tenantId)}` : sql``}`;
  // A visit still held for payment was never announced: its move is quiet (as a booking's).
  const announced = sql`${movable} AND EXISTS (SELECT 1 FROM bookings WHERE id = ${items[0].id} AND status = 'confirmed')`;
  const first = items[0];
  const last = items[items.length - 1];
  // design.md §31 as for a booking (its money hangs on the first item, §26): a customer's move after
  // the refund deadline is recorded on the first item, a second one schedules the late-cancel fee
  // on the visit's summed price. The fee sits before the UPDATE, gated on the move's precondition.
  const late = lateMoveMoney(db, now, visitAsBooking(booking, items), money, ref.kind === "public" ? "customer" : "business", movable);
  const p = money.policy;
  const b = batch(db);
  if (late.fee) b.add(late.fee);
  b.add(
    bookingEffects(
      ctx,
      "rescheduled",
      {
        ...visitFactsFromView(booking, moved),
        sequence: booking.sequence + 1,
        previous: { staffId: first.staffId, staffName: visitStaffName(items), startAt: first.startAt, endAt: last.endAt },
        webhook: {
          booking: visitWebhookBooking(
            { visitId, confirmationCode: booking.confirmationCode, status: booking.status, timezone: booking.tenant.timezone },
            moved,
          ),
          previous: { startDatetime: iso(first.startAt), endDatetime: iso(last.endAt), items: webhookItems(items) },
        },
      },
      announced,
    ),
  );
  // design.md §28: the times the items leave are offered to the waitlist, as a booking's move (read before the UPDATEs).
  b.add(offerTriggersFor(db, sql`SELECT id FROM bookings WHERE visit_id = ${visitId}`, now, `move-${booking.sequence}`, movable));
  const update = b.add(
    db.run(sql`
      UPDATE bookings SET staff_id = ${placed[0].staffId}, start_at = ${placed[0].startMs}, end_at = ${placed[0].endMs},
        sequence = sequence + 1, updated_at = ${t},
        moved_late_at = COALESCE(moved_late_at, ${late.late ? t : null}),
        refund_deadline_at = COALESCE(refund_deadline_at, ${p.refundDeadlineAt}),
        cancellation_hours = COALESCE(cancellation_hours, ${p.cancellationHours}),
        no_show_fee_percent = COALESCE(no_show_fee_percent, ${p.noShowFeePercent}),
        late_cancel_fee_percent = COALESCE(late_cancel_fee_percent, ${p.lateCancelFeePercent})
      WHERE id = ${first.id} AND ${movable}`),
  );
  const done = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${first.id} AND start_at = ${placed[0].startMs} AND staff_id = ${placed[0].staffId} AND updated_at = ${t})`;
  for (const p of placed.slice(1)) {
    b.add(
      db.run(sql`
        UPDATE bookings SET staff_id = ${p.staffId}, start_at = ${p.startMs}, end_at = ${p.endMs}, sequence = sequence + 1, updated_at = ${t}
        WHERE id = ${p.bookingId} AND ${done}`),
    );
  }
  b.add(
    releaseResources(
      db,
      sql.join(
        items.map((i) => sql`${i.id}`),
        sql`, `,
      ),
      done,
    ),
  );
  b.add(assignVisitResources(db, placed, booking.tenantId, visitId, now, done));
  items.forEach((item, i) => {
    b.add(
      bookingHistoryInsert(
        db,
        {
          bookingId: item.id,
          action: "booking.rescheduled",
          actor: actorOf(ref, booking.customerId),
          metadata: {
            from: { staffId: item.staffId, start: iso(item.startAt) },
            to: { staffId: placed[i].staffId, start: iso(placed[i].startMs) },
            override: ref.kind === "owner" && input.override === true,
            visitId,
          },
        },
        now,
        done,
      ),
    );
  });
  const readBack = b.add(bookingViewQuery(db, ref));
  const itemsBack = b.add(
    db.all<{ items: string | null }>(sql`SELECT ${visitItemsJsonSql} AS items FROM bookings b WHERE b.id = ${first.id}`),
  );
  try {
    await b.run(ctx);
  } catch (err) {
    if (uniqueViolation(err)?.includes("bookings.staff_id")) throw slotTaken();
    throw err;
  }
  const [after] = readBack.result();
  if (update.result().rowsAffected !== 1) {
    if (ref.kind === "public" && after && (!after.tenant.isActive || after.tenant.isSuspended)) throw closed();
    if (!after || !canReschedule(after.status)) throw notReschedulable();
    throw slotTaken();
  }
  return { ...after, visit: parseLookupVisit(visitId, itemsBack.result()[0]?.items ?? null) };
}

/**
 * Each item's staff member after the move: as booked, unless `items` names one per item, or the
 * contract's `staffProfileId` names one for the first item (by code) or the addressed item (owner).
 */
function targetStaff(ref: BookingRef, booking: BookingView, items: readonly VisitItem[], input: RescheduleInput): string[] {
  const targets = items.map((i) => i.staffId);
  if (input.items) {
    if (input.items.length !== items.length) {
      throw ApiError.field("items", `Name a staff member for each of the visit's ${items.length} services, in order`);
    }
    return input.items.map((i, k) => i.staffProfileId ?? targets[k]);
  }
  if (input.staffProfileId) {
    const k =
      ref.kind === "owner"
        ? Math.max(
            0,
            items.findIndex((i) => i.id === booking.id),
          )
        : 0;
    targets[k] = input.staffProfileId;
  }
  return targets;
}
