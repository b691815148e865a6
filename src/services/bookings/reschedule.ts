import { sql } from "drizzle-orm";
import { ACTIVE_STATUSES, canReschedule } from "../../domain/booking-status";
import { processingOf } from "../../domain/busy";
import { MINUTE_MS } from "../../domain/time";
import { ApiError } from "../../errors";
import { runBoundOnce } from "../../db/prepared";
import { uniqueViolation } from "../../db/unique-violation";
import { batch } from "../batch";
import { offerTrigger } from "../waitlist/trigger";
import { lateMoveMoney } from "../payments/late-move";
import { moneyQuery, parseMoney } from "../payments/money";
import { decodeSchedule, parseResourceTypes } from "../schedule-data";
import { bookingEffects, factsFromView, iso, staffFreeSql, tenantOpenSql } from "./effects";
import { chosenSlot } from "./chosen-slot";
import { slotTaken } from "./front-desk";
import { actorOf, bookingHistoryInsert } from "./history";
import { anchorIdSql, type BookingRef, type BookingView, bookingStateQuery, bookingViewQuery, refCanExist, resourceIdsOf } from "./lookup";
import { moveRead, moveStaff } from "./move-read";
import { assignResources, releaseResources, type ResourceHold, resourcesAvailableSql } from "./resources";
import { type BookingCtx, parseStaffIds } from "./scope";
import { decodeVisitMove, visitMoveRead } from "../visits/move-read";
import { rescheduleVisit } from "../visits/reschedule";
import type { RescheduleInput } from "./reschedule-types";

export type { RescheduleInput } from "./reschedule-types";

const notReschedulable = () => new ApiError("not_reschedulable", "A cancelled, completed or no-show booking cannot be moved");

/**
 * Moves a pending/confirmed booking to another slot (and optionally another staff member), keeping
 * its length. The new slot obeys the availability rules, ignoring the booking itself. Two round
 * trips: a read batch keyed by the ref (the booking's view, and ./move-read.ts: target staff, rules,
 * that staff member's day; both prepared statements; and what a visit's move needs, nothing for a
 * booking: ../visits/move-read.ts) and a write batch whose UPDATE carries the
 * same overlap guard (excluding its own id) as creation; the history row written right after it
 * gates the move's e-mails, reminders and webhook.
 *
 * Errors: 404 not_found (booking; public: tenant suspended/inactive, also while the UPDATE ran; staff), 409 not_reschedulable,
 * 409 slot_taken. Returns the booking after the move.
 */
export async function rescheduleBooking(ctx: BookingCtx, ref: BookingRef, input: RescheduleInput): Promise<BookingView> {
  if (!refCanExist(ref)) throw ApiError.notFound("Booking");
  const { db, now } = ctx;
  const reads = batch(db);
  const views = reads.add(bookingViewQuery(db, ref));
  const moves = reads.add(moveRead(db, ref, { staffProfileId: input.staffProfileId, date: input.start.date }));
  // design.md §31: the booking's own terms and first refund deadline (a move never changes them);
  // a visit's are its first item's, where its money hangs (design.md §26).
  const moneyRows = reads.add(moneyQuery(db, anchorIdSql(ref)));
  // design.md §26: a visit's items, staff and schedule, in this same round trip (nothing for a booking).
  const visitRead = visitMoveRead(db, ref, input.start.date);
  const visitItems = reads.add(visitRead.items);
  const visitContext = reads.add(visitRead.context);
  await reads.run();
  const booking = views.result()[0];
  if (!booking) throw ApiError.notFound("Booking");
  if (ref.kind === "public" && (!booking.tenant.isActive || booking.tenant.isSuspended)) {
    throw new ApiError("not_found", "This business is not taking bookings right now");
  }
  if (!canReschedule(booking.status)) throw notReschedulable();
  // design.md §26: an item moves its whole visit, back to back.
  if (booking.visitId) {
    const [rules] = moves.result();
    const visit = decodeVisitMove({ items: visitItems.result(), context: visitContext.result() }, input.start.date);
    return rescheduleVisit(ctx, ref, booking, input, { ...visit, rules, money: parseMoney(moneyRows.result()) });
  }
  if (input.items) throw ApiError.field("items", "This booking has one service: name its staff member with staffProfileId");
  const [move] = moves.result();
  const staff = move && moveStaff(move);
  if (!staff) throw ApiError.notFound("Staff member");

  const rules = move;
  // The booking keeps its length and the buffers stored on it; the service decides who may do it.
  const buffers = { bufferBeforeMinutes: rules.bufferBeforeMinutes, bufferAfterMinutes: rules.bufferAfterMinutes };
  const durationMinutes = Math.round((booking.endAt - booking.startAt) / MINUTE_MS);
  const processing = processingOf(durationMinutes, rules.processingOffsetMinutes, rules.processingMinutes);
  const types = parseResourceTypes(rules.heldTypes);
  const staffIds = parseStaffIds(rules.staffIds);
  const rows = decodeSchedule(move, input.start.date);
  const slot = chosenSlot(
    {
      scope: ref.kind,
      rules: { timezone: booking.tenant.timezone, ...rules },
      staffId: staff.id,
      rows,
      start: input.start,
      override: ref.kind === "owner" && input.override === true,
      field: "newStartDatetime",
      now,
    },
    { durationMinutes, buffers, processing, staffIds, types },
  );

  const t = now.toISOString();
  const active = sql.join(
    ACTIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // The whole precondition of the move, evaluated by the UPDATE. Pinned to the start and staff member that were read: of two concurrent moves of one booking,
  // the second finds the row changed and answers slot_taken instead of silently overriding the first.
  const hold: ResourceHold = {
    tenantId: booking.tenantId,
    types,
    fromMs: slot.startMs - buffers.bufferBeforeMinutes * MINUTE_MS,
    toMs: slot.endMs + buffers.bufferAfterMinutes * MINUTE_MS,
    excludeBookingId: booking.id,
  };
  const movable = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status IN (${active})
      AND start_at = ${booking.startAt} AND staff_id = ${booking.staffId})
    AND ${staffFreeSql({ staffId: staff.id, startMs: slot.startMs, endMs: slot.endMs, ...buffers, processing, excludeBookingId: booking.id })}
    AND ${resourcesAvailableSql(hold)}
    ${ref.kind === "public" ? sql`AND ${tenantOpenSql(booking.tenantId)}` : sql``}`;
  // design.md §31: a customer's move after the refund deadline is recorded, and a second one
  // schedules the late-cancel fee. The terms are pinned on rows written before they were stored.
  const money = parseMoney(moneyRows.result());
  // The fee sits before the UPDATE, gated on the move's whole precondition (still evaluable then).
  const late = lateMoveMoney(db, now, booking, money, ref.kind === "public" ? "customer" : "business", movable);
  const b = batch(db);
  if (late.fee) b.add(late.fee);
  const p = money.policy;
  const update = b.add(
    runBoundOnce(
      db,
      sql`
      UPDATE bookings SET staff_id = ${staff.id}, start_at = ${slot.startMs}, end_at = ${slot.endMs}, sequence = sequence + 1, updated_at = ${t},
        moved_late_at = COALESCE(moved_late_at, ${late.late ? t : null}),
        refund_deadline_at = COALESCE(refund_deadline_at, ${p.refundDeadlineAt}),
        cancellation_hours = COALESCE(cancellation_hours, ${p.cancellationHours}),
        no_show_fee_percent = COALESCE(no_show_fee_percent, ${p.noShowFeePercent}),
        late_cancel_fee_percent = COALESCE(late_cancel_fee_percent, ${p.lateCancelFeePercent})
      WHERE id = ${booking.id} AND ${movable}`,
    ),
  );
  // Right after the UPDATE: written exactly when it moved the booking (changes() counts the
  // statement before it, not what its triggers wrote). Everything else the move causes is gated on
  // this row, a key lookup, instead of evaluating the whole precondition again in every statement.
  const history = bookingHistoryInsert(
    db,
    {
      bookingId: booking.id,
      action: "booking.rescheduled",
      actor: actorOf(ref, booking.customerId),
      metadata: {
        from: { staffId: booking.staffId, start: iso(booking.startAt) },
        to: { staffId: staff.id, start: iso(slot.startMs) },
        override: ref.kind === "owner" && input.override === true,
      },
    },
    now,
    sql`changes() = 1`,
  );
  b.add(history);
  const hasMoved = sql`EXISTS (SELECT 1 FROM audit_log WHERE id = ${history.id})`;
  // design.md §28: the time it leaves is offered to the waitlist. The span it leaves is known from
  // the read (the UPDATE is pinned to that start and staff member, and buffers are the booking's
  // own), so the job is gated on the history row like everything else instead of carrying the
  // whole precondition a second time (issue #42).
  b.add(
    offerTrigger(
      db,
      {
        tenantId: booking.tenantId,
        staffId: booking.staffId,
        fromMs: booking.startAt - buffers.bufferBeforeMinutes * MINUTE_MS,
        toMs: booking.endAt + buffers.bufferAfterMinutes * MINUTE_MS,
        cause: `move-${booking.sequence}:${booking.id}`,
      },
      now,
      hasMoved,
    ),
  );
  if (types.length) {
    // design.md §26: the resources are picked again at the new time (first free by name).
    b.add(releaseResources(db, sql`${booking.id}`, hasMoved));
    b.add(assignResources(db, booking.id, hold, now, hasMoved));
  }
  // What it holds after the move (only a booking holding resources reads them again).
  const held = types.length ? b.add(db.all<{ ids: string }>(sql`SELECT ${resourceIdsOf(sql`${booking.id}`)} AS ids`)) : null;
  // A booking still held for payment (design.md §21) was never announced: moving it tells nobody and
  // schedules no reminder; its confirmation, at its new time, will. Decided inside the batch, so a
  // payment that confirms it meanwhile does get the move's e-mails.
  const announced = sql`EXISTS (SELECT 1 FROM audit_log WHERE id = ${history.id})
    AND EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status = 'confirmed')`;
  b.add(
    bookingEffects(
      ctx,
      "rescheduled",
      {
        ...factsFromView(booking),
        staffId: staff.id,
        staffName: staff.displayName,
        startAt: slot.startMs,
        endAt: slot.endMs,
        // The UPDATE raises the booking's sequence: the moved invitation supersedes the last one.
        sequence: booking.sequence + 1,
        previous: { staffId: booking.staffId, staffName: booking.staffName, startAt: booking.startAt, endAt: booking.endAt },
        webhook: {
          booking: {
            id: booking.id,
            confirmationCode: booking.confirmationCode,
            status: booking.status,
            serviceId: booking.serviceId,
            staffProfileId: staff.id,
            staffName: staff.displayName,
            startDatetime: iso(slot.startMs),
            endDatetime: iso(slot.endMs),
            timezone: booking.tenant.timezone,
          },
          previous: { staffProfileId: booking.staffId, startDatetime: iso(booking.startAt), endDatetime: iso(booking.endAt) },
        },
      },
      announced,
    ),
  );
  // The booking's state after the batch: on success the answer is the view read before plus the
  // move (no second view to decode), on a refusal the state says why.
  const state = b.add(bookingStateQuery(db, booking.id));

  try {
    // After commit: the move's e-mails and webhook deliveries, if it happened and was announced.
    await b.run(ctx);
  } catch (err) {
    if (uniqueViolation(err)?.includes("bookings.staff_id")) throw slotTaken();
    throw err;
  }
  const moved = update.result().rowsAffected === 1;
  const [after] = state.result();
  if (!moved) {
    // `after` is read in the same transaction as the refused UPDATE: a business suspended meanwhile
    // answers 404 as a reschedule sent after the suspension does, not slot_taken.
    if (ref.kind === "public" && after && (!after.isActive || after.isSuspended)) {
      throw new ApiError("not_found", "This business is not taking bookings right now");
    }
    if (!after || !canReschedule(after.status)) throw notReschedulable();
    throw slotTaken();
  }
  return {
    ...booking,
    status: after.status,
    staffId: staff.id,
    staffName: staff.displayName,
    startAt: slot.startMs,
    endAt: slot.endMs,
    sequence: booking.sequence + 1,
    updatedAt: t,
    resourceIds: held ? (JSON.parse(held.result()[0]?.ids ?? "[]") as string[]) : booking.resourceIds,
    tenant: { ...booking.tenant, isActive: after.isActive, isSuspended: after.isSuspended },
  };
}
