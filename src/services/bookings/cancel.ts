import { sql } from "drizzle-orm";
import { ACTIVE_STATUSES, canCancel } from "../../domain/booking-status";
import { ApiError } from "../../errors";
import { batch } from "../batch";
import { cancellationMoney, type RefundSummary } from "../payments/cancellation";
import { moneyQuery, parseMoney } from "../payments/money";
import { cancellationEffects } from "./effects";
import { actorOf, bookingHistoryInsert } from "./history";
import { type BookingRef, type BookingView, bookingViewQuery, refCanExist, refSql } from "./lookup";
import type { BookingCtx } from "./scope";

/** `refund`: what the cancellation gives back (design.md §21), queued in the outbox; null when nothing. */
export type CancelResult = { booking: BookingView; alreadyCancelled: boolean; refund: RefundSummary };

const notCancellable = () => new ApiError("not_cancellable", "A completed or no-show booking cannot be cancelled");

/**
 * Cancels a pending/confirmed booking; idempotent (already cancelled -> alreadyCancelled, no
 * change, no e-mail). Works whatever the tenant's state. One round trip when nothing changes, two
 * otherwise; the UPDATE is conditional on the status, so of two concurrent cancels exactly one
 * changes the row and sends the e-mail and webhook, the other answers alreadyCancelled.
 *
 * The money (refund by the cancellation policy, a late-cancellation fee, releasing a booking held
 * for payment) is decided by src/services/payments/cancellation.ts and written in the same batch;
 * its read rides in the first round trip. A customer cancels by code, the business by id.
 *
 * Errors: 404 not_found, 409 not_cancellable (completed, no_show).
 */
export async function cancelBooking(ctx: BookingCtx, ref: BookingRef, input: { reason?: string | null }): Promise<CancelResult> {
  if (!refCanExist(ref)) throw ApiError.notFound("Booking");
  const { db, now } = ctx;
  const read = batch(db);
  const views = read.add(bookingViewQuery(db, ref));
  const moneyRows = read.add(moneyQuery(db, sql`(SELECT id FROM bookings WHERE ${refSql(ref)})`));
  await read.run();
  const booking = views.result()[0];
  if (!booking) throw ApiError.notFound("Booking");
  const check = canCancel(booking.status);
  if (check === "already_cancelled") return { booking, alreadyCancelled: true, refund: null };
  if (check === "not_cancellable") throw notCancellable();

  const t = now.toISOString();
  const reason = input.reason?.trim() ? input.reason : null;
  const active = sql.join(
    ACTIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const cancellable = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status IN (${active}))`;
  // A public cancel's reason is stored (and sent to the business's webhook) but never quoted in the e-mail.
  const money = cancellationMoney(
    db,
    now,
    booking,
    parseMoney(moneyRows.result()),
    ref.kind === "public" ? "customer" : "business",
    cancellable,
  );
  // A booking only held for payment was never confirmed: released without e-mail, notices or webhook
  // (docs/payments.md); its release cancels any reminder job. Otherwise the customer's e-mail says
  // what happens to the money.
  const effects = money.quiet
    ? null
    : cancellationEffects(ctx, booking, reason, cancellable, ref.kind === "public" ? null : reason, money.emailLines);
  const b = batch(db);
  if (effects) b.add(effects);
  b.add(money);
  const update = b.add(
    db.run(sql`
      UPDATE bookings SET status = 'cancelled', cancel_reason = ${reason}, cancelled_at = ${t}, sequence = sequence + 1, updated_at = ${t}
      WHERE id = ${booking.id} AND status IN (${active})`),
  );
  // The booking's history row (design.md §15), after the update and gated on its having happened.
  const history = bookingHistoryInsert(
    db,
    {
      bookingId: booking.id,
      action: "booking.cancelled",
      actor: actorOf(ref, booking.customerId),
      reason,
      metadata: { from: booking.status },
    },
    now,
    sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status = 'cancelled' AND cancelled_at = ${t})`,
  );
  b.add(history);
  const readBack = b.add(bookingViewQuery(db, ref));
  // After commit: the e-mails, webhook deliveries, refunds and intent cancels that were written.
  await b.run(ctx);
  const changed = update.result().rowsAffected === 1;
  const [after] = readBack.result();
  if (!after) throw ApiError.notFound("Booking");
  if (!changed) {
    // Someone else changed it between our read and our write.
    if (after.status === "cancelled") return { booking: after, alreadyCancelled: true, refund: null };
    throw notCancellable();
  }
  return { booking: after, alreadyCancelled: false, refund: money.refund };
}
