import { sql } from "drizzle-orm";
import { runBatch } from "../../db/client";
import { ACTIVE_STATUSES, canCancel } from "../../domain/booking-status";
import { ApiError } from "../../errors";
import { cancellationEffects } from "./effects";
import { type BookingRef, type BookingView, lookupBooking, bookingViewQuery } from "./lookup";
import type { BookingCtx } from "./scope";

export type CancelResult = { booking: BookingView; alreadyCancelled: boolean };

const notCancellable = () => new ApiError("not_cancellable", "A completed or no-show booking cannot be cancelled");

/**
 * Cancels a pending/confirmed booking; idempotent (already cancelled -> alreadyCancelled, no
 * change, no e-mail). Works whatever the tenant's state. One round trip when nothing changes, two
 * otherwise; the UPDATE is conditional on the status, so of two concurrent cancels exactly one
 * changes the row and sends the e-mail and webhook, the other answers alreadyCancelled.
 *
 * Errors: 404 not_found, 409 not_cancellable (completed, no_show).
 */
export async function cancelBooking(ctx: BookingCtx, ref: BookingRef, input: { reason?: string | null }): Promise<CancelResult> {
  const booking = await lookupBooking(ctx, ref);
  const check = canCancel(booking.status);
  if (check === "already_cancelled") return { booking, alreadyCancelled: true };
  if (check === "not_cancellable") throw notCancellable();

  const { db, now } = ctx;
  const t = now.toISOString();
  const reason = input.reason?.trim() ? input.reason : null;
  const active = sql.join(
    ACTIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const cancellable = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status IN (${active}))`;
  // A public cancel's reason is stored (and sent to the business's webhook) but never quoted in the e-mail.
  const effects = cancellationEffects(ctx, booking, reason, cancellable, ref.kind === "public" ? null : reason);
  const update = db.run(sql`
    UPDATE bookings SET status = 'cancelled', cancel_reason = ${reason}, cancelled_at = ${t}, sequence = sequence + 1, updated_at = ${t}
    WHERE id = ${booking.id} AND status IN (${active})`);

  const results = await runBatch(db, [...effects.statements, update, bookingViewQuery(db, ref)]);
  const changed = (results[effects.statements.length] as { rowsAffected: number }).rowsAffected === 1;
  const [after] = results[results.length - 1] as BookingView[];
  if (!after) throw ApiError.notFound("Booking");
  if (!changed) {
    // Someone else changed it between our read and our write.
    if (after.status === "cancelled") return { booking: after, alreadyCancelled: true };
    throw notCancellable();
  }
  effects.afterCommit(ctx, results);
  return { booking: after, alreadyCancelled: false };
}
