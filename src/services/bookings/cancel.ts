import { sql } from "drizzle-orm";
import { canCancel, transitionError } from "../../domain/booking-status";
import { ApiError } from "../../errors";
import { batch } from "../batch";
import { cancellationMoney } from "../payments/cancellation";
import { parseMoney } from "../payments/money";
import { readForChange } from "./change-read";
import { cancellationEffects, statusChangePayload, statusChangedWebhook } from "./effects";
import { actorOf, bookingHistoryInsert } from "./history";
import { cancelVisit } from "../visits/cancel";
import { parseVisitItems } from "../visits/items";
import { type BookingRef, type BookingView, bookingStateQuery, lookupBooking, refCanExist } from "./lookup";
import { lateCancelSql } from "../reliability/record";
import { offerTriggerForBooking } from "../waitlist/trigger";
import type { BookingCtx } from "./scope";
import type { CancelResult, CancelVia } from "./cancel-types";

export type { CancelResult, CancelVia } from "./cancel-types";

const notCancellable = () => new ApiError("not_cancellable", "A completed or no-show booking cannot be cancelled");
const changedMeanwhile = () => new ApiError("invalid_transition", "The booking changed meanwhile; reload it and try again");

type Attempt = CancelResult | "moved";

/**
 * THE cancellation of a booking, whoever cancels. One round trip when nothing changes, two
 * otherwise: a read (the booking and its money), then one batch with the customer's e-mail
 * (METHOD:CANCEL .ics, the money lines), the notices, the reminders cancelled, `booking.cancelled`,
 * the money (a refund by the policy: always in full when the business cancels; a late-cancellation
 * fee; or the quiet release of a booking only held for payment: no e-mail, notice or webhook), the
 * history row and the UPDATE, all conditional on the status that was read, and the booking's state
 * read back (a third round trip only when someone else cancelled it meanwhile, for their answer). Of two concurrent cancels exactly one changes the row and tells anyone; the other answers
 * alreadyCancelled ("cancel") or 409 ("status"). A booking confirmed by its payment between the
 * read and the write is decided again from a fresh read ("cancel"), so its money is handled as
 * a confirmed booking's. A public cancel's reason is stored (and sent to the business's webhook)
 * but never quoted in the customer's e-mail (design.md §18). Works whatever the tenant's state.
 *
 * Errors: 404 not_found; 409 not_cancellable ("cancel"); 409 invalid_transition ("status").
 */
export async function cancelBooking(
  ctx: BookingCtx,
  ref: BookingRef,
  /** `byText`: the customer's text reply asked for it, and the reply reports it (design.md §27). */
  input: { reason?: string | null; via?: CancelVia; byText?: boolean } = {},
): Promise<CancelResult> {
  if (!refCanExist(ref)) throw ApiError.notFound("Booking");
  const via = input.via ?? "cancel";
  // A booking moves from pending to confirmed at most once, so one fresh decision is enough.
  const first = await cancelOnce(ctx, ref, input.reason ?? null, via, input.byText === true);
  if (first !== "moved") return first;
  const second = await cancelOnce(ctx, ref, input.reason ?? null, via, input.byText === true);
  if (second === "moved") throw changedMeanwhile();
  return second;
}

async function cancelOnce(ctx: BookingCtx, ref: BookingRef, reasonInput: string | null, via: CancelVia, byText: boolean): Promise<Attempt> {
  const { db, now } = ctx;
  const { booking, moneyRows, itemRows } = await readForChange(db, ref);
  if (via === "status") {
    if (transitionError(booking.status, "cancelled")) {
      throw new ApiError("invalid_transition", `A ${booking.status} booking cannot become cancelled`);
    }
  } else {
    const check = canCancel(booking.status);
    if (check === "already_cancelled") return { booking, alreadyCancelled: true, refund: null };
    if (check === "not_cancellable") throw notCancellable();
  }

  const t = now.toISOString();
  // Only a reason with text is kept (as typed); the status route has none.
  const reason = reasonInput?.trim() ? reasonInput : null;
  const items = parseVisitItems(itemRows);
  if (booking.visitId && items.length > 0) {
    // design.md §26: any item cancels the whole visit, decided exactly as below.
    const { result, changed } = await cancelVisit(ctx, ref, booking, items, parseMoney(moneyRows), reason, via);
    return changed ? result : afterRefusal(result.booking, via);
  }
  // The whole precondition, evaluated identically by every part before the UPDATE: the booking is
  // still in the status its money was decided on.
  const cancellable = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status = ${booking.status})`;
  const money = cancellationMoney(db, now, booking, parseMoney(moneyRows), ref.kind === "public" ? "customer" : "business", cancellable);
  const b = batch(db);
  // A booking only held for payment was never announced: released without e-mail, notices or
  // webhooks (docs/payments.md); its release cancels any reminder job.
  if (!money.quiet) {
    if (via === "status") {
      b.add(statusChangedWebhook(db, booking.tenantId, statusChangePayload(booking, "cancelled"), now, cancellable));
    }
    b.add(cancellationEffects(ctx, booking, reason, cancellable, ref.kind === "public" ? null : reason, money.emailLines, byText));
  }
  b.add(money);
  // The booking's history (design.md §15), gated like everything else on the change happening.
  b.add(
    bookingHistoryInsert(
      db,
      via === "status"
        ? {
            bookingId: booking.id,
            action: "booking.status_changed",
            actor: actorOf(ref, booking.customerId),
            metadata: { from: booking.status, to: "cancelled" },
          }
        : {
            bookingId: booking.id,
            action: "booking.cancelled",
            actor: actorOf(ref, booking.customerId),
            reason,
            metadata: { from: booking.status },
          },
      now,
      cancellable,
    ),
  );
  // design.md §28: the freed time is offered to the waitlist (a job, decided when it runs).
  b.add(offerTriggerForBooking(db, booking.id, now, "cancel", cancellable));
  const update = b.add(
    db.run(sql`
      UPDATE bookings SET status = 'cancelled', cancel_reason = ${reason}, cancelled_at = ${t}, sequence = sequence + 1, updated_at = ${t},
                          late_cancelled_at = ${lateCancelSql(now.getTime(), ref.kind === "public")}
      WHERE id = ${booking.id} AND status = ${booking.status}`),
  );
  // The state after the batch: on success the answer is the view read before plus the cancellation
  // (no second view to decode); otherwise the state says what happened meanwhile.
  const state = b.add(bookingStateQuery(db, booking.id));
  // After commit: the e-mails, webhook deliveries, refunds and intent cancels that were written.
  await b.run(ctx);

  const [after] = state.result();
  if (!after) throw ApiError.notFound("Booking");
  if (update.result().rowsAffected !== 1) {
    // Someone else changed it between our read and our write.
    if (via === "status") throw changedMeanwhile();
    // Cancelled by someone else meanwhile (rare): their cancellation is the answer, read once more.
    if (after.status === "cancelled") return { booking: await lookupBooking(ctx, ref), alreadyCancelled: true, refund: null };
    if (after.status === "pending" || after.status === "confirmed") return "moved";
    throw notCancellable();
  }
  const cancelled: BookingView = {
    ...booking,
    status: "cancelled",
    cancelReason: reason,
    cancelledAt: t,
    sequence: booking.sequence + 1,
    updatedAt: t,
    tenant: { ...booking.tenant, isActive: after.isActive, isSuspended: after.isSuspended },
  };
  return { booking: cancelled, alreadyCancelled: false, refund: money.refund };
}

/** Someone else changed the booking between our read and our write: what to answer. */
function afterRefusal(after: BookingView, via: CancelVia): Attempt {
  if (via === "status") throw changedMeanwhile();
  if (after.status === "cancelled") return { booking: after, alreadyCancelled: true, refund: null };
  if (after.status === "pending" || after.status === "confirmed") return "moved";
  throw notCancellable();
}
