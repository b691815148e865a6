import { and, eq, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { Config } from "../../config";
import { ApiError } from "../../errors";
import { amountDue } from "../../domain/payments";
import { newId } from "../../lib/ids";
import { createPaymentIntent } from "./stripe";

const p = schema.payments;
export type PaymentRow = typeof p.$inferSelect;

/**
 * POST /api/payments/intents. Round trips: one read batch (tenant's account + the booking with
 * its service and paid state), one Stripe call, one insert. Nothing is recorded when Stripe
 * refuses. If the insert is lost after Stripe said yes, the owner's retry reuses the
 * Idempotency-Key, gets the same intent back and records it then.
 */
export async function createBookingIntent(db: Db, config: Config, tenantId: string, bookingId: string, now: Date) {
  if (!config.STRIPE_SECRET_KEY) throw new ApiError("stripe_not_connected", "Payments are not configured on this platform");
  const [tenant, booking] = await db.batch([
    db.select({ accountId: schema.tenants.stripeAccountId }).from(schema.tenants).where(eq(schema.tenants.id, tenantId)),
    db
      .select({
        id: schema.bookings.id,
        status: schema.bookings.status,
        totalAmount: schema.bookings.totalAmount,
        currency: schema.bookings.currency,
        depositPercent: schema.services.depositPercent,
        paid: sql<number>`EXISTS (SELECT 1 FROM payments WHERE payments.booking_id = ${schema.bookings.id} AND payments.status = 'succeeded')`,
      })
      .from(schema.bookings)
      .innerJoin(schema.services, eq(schema.services.id, schema.bookings.serviceId))
      .where(and(eq(schema.bookings.id, bookingId), eq(schema.bookings.tenantId, tenantId))),
  ]);
  const accountId = tenant[0]?.accountId;
  if (!accountId) throw new ApiError("stripe_not_connected", "Connect a Stripe account before taking payments");
  const b = booking[0];
  if (!b) throw ApiError.notFound("Booking");
  if (b.status === "cancelled") throw new ApiError("conflict", "The booking is cancelled");
  if (Number(b.paid)) throw new ApiError("conflict", "The booking is already paid");
  // The same rule as a public create (design.md §21), Stripe's minimum charge included.
  const due = amountDue(b.totalAmount, b.depositPercent, b.currency);
  if (!due) throw new ApiError("conflict", "The booking has nothing to pay");
  const { amount, kind } = due;

  const intent = await createPaymentIntent(config, {
    connectedAccountId: accountId,
    amount,
    currency: b.currency,
    metadata: { booking_id: b.id, tenant_id: tenantId },
    idempotencyKey: `booking-${b.id}-${kind}`,
  });

  const t = now.toISOString();
  // Stripe's idempotency hands back the same intent for a repeated create: keep one row for it.
  const rows = await db
    .insert(p)
    .values({
      id: newId("pay"),
      tenantId,
      bookingId: b.id,
      amount,
      currency: b.currency.toUpperCase(),
      kind,
      status: "pending",
      stripePaymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      stripeAccountId: accountId,
      createdAt: t,
      updatedAt: t,
    })
    .onConflictDoUpdate({ target: p.stripePaymentIntentId, set: { updatedAt: t }, setWhere: sql`${p.tenantId} = ${tenantId}` })
    .returning();
  if (!rows[0]) throw new ApiError("payment_provider_error", "The payment provider returned an intent that belongs elsewhere");
  return { ...rows[0], clientSecret: intent.clientSecret };
}
