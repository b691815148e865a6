import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { runBatch, schema } from "../../db/client";
import { type BookingStatus, transitionError } from "../../domain/booking-status";
import { ApiError } from "../../errors";
import { type BookingCtx, type BookingView, lookupBooking } from "../bookings";
import { cancellationEffects, statusChangePayload } from "../bookings/effects";
import { enqueueWebhookDeliveries, webhookEventInsert } from "../webhooks/events";

export type BookingListQuery = { from?: Date; to?: Date; status?: BookingStatus; staffId?: string; limit: number };

/** The tenant's bookings, newest start first; one round trip. */
export async function listTenantBookings(ctx: BookingCtx, tenantId: string, q: BookingListQuery) {
  const b = schema.bookings;
  const where: SQL[] = [eq(b.tenantId, tenantId)];
  if (q.from) where.push(gte(b.startAt, q.from.getTime()));
  if (q.to) where.push(lt(b.startAt, q.to.getTime()));
  if (q.status) where.push(eq(b.status, q.status));
  if (q.staffId) where.push(eq(b.staffId, q.staffId));
  return ctx.db
    .select()
    .from(b)
    .where(and(...where))
    .orderBy(desc(b.startAt), desc(b.id))
    .limit(q.limit);
}

/**
 * Owner status change along the transition table (design.md §5). The UPDATE is conditional on the
 * status that was read, so a concurrent change makes this one a 409 rather than a silent
 * overwrite; the `booking.status_changed` delivery is written only when the update happened. A
 * change to `cancelled` also does what every cancellation does (customer e-mail, booking.cancelled
 * webhook), gated the same way. Two round trips: the read, then one batch.
 */
export async function changeBookingStatus(
  ctx: BookingCtx,
  ref: { tenantId: string; bookingId: string },
  to: BookingStatus,
): Promise<BookingView> {
  const booking = await lookupBooking(ctx, { kind: "owner", ...ref });
  if (transitionError(booking.status, to)) {
    throw new ApiError("invalid_transition", `A ${booking.status} booking cannot become ${to}`);
  }
  const { db, now } = ctx;
  const t = now.toISOString();
  const cancelledAt = to === "cancelled" ? t : null;
  const update = db.run(sql`
    UPDATE bookings SET status = ${to}, updated_at = ${t}, cancelled_at = COALESCE(${cancelledAt}, cancelled_at),
      sequence = sequence + ${to === "cancelled" ? 1 : 0}
    WHERE id = ${booking.id} AND tenant_id = ${ref.tenantId} AND status = ${booking.status}`);
  const changed = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status = ${to} AND updated_at = ${t})`;
  const event = webhookEventInsert(db, ref.tenantId, "booking.status_changed", { booking: statusChangePayload(booking, to) }, now, changed);
  const cancel = to === "cancelled" ? cancellationEffects(ctx, booking, null, changed) : null;
  const [updated, deliveries, ...effectResults] = await runBatch(db, [update, event.insert, ...(cancel?.statements ?? [])]);
  if (updated.rowsAffected !== 1) {
    throw new ApiError("invalid_transition", "The booking changed meanwhile; reload it and try again");
  }
  ctx.waitUntil(
    enqueueWebhookDeliveries(
      ctx.env.EMAIL_QUEUE,
      deliveries.map((d) => d.id),
    ),
  );
  cancel?.afterCommit(ctx, effectResults);
  return { ...booking, status: to, updatedAt: t, cancelledAt: cancelledAt ?? booking.cancelledAt };
}
