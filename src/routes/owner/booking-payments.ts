import { Hono } from "hono";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { type BookingPayments, getBookingPayments, waiveFee } from "../../services/payments/booking-payments";

/** The booking detail's payments (design.md §21): camelCase, no client secrets, no Stripe customer ids. */
export const toBookingPayments = (p: BookingPayments) => ({
  bookingId: p.bookingId,
  payments: p.payments.map((x) => ({
    id: x.id,
    kind: x.kind,
    status: x.status,
    amount: x.amount,
    currency: x.currency,
    refundedAmount: x.refundedAmount,
    refundable: x.refundable,
    stripePaymentIntentId: x.stripePaymentIntentId,
    failureMessage: x.failureMessage,
    chargeAt: x.chargeAt,
    waivedAt: x.waivedAt,
    createdAt: x.createdAt,
    refunds: x.refunds.map((r) => ({
      id: r.id,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt,
      lastError: r.lastError,
      attempts: r.attempts,
    })),
  })),
  card: p.card,
  noShowFee: p.noShowFee,
});

/**
 * /api/bookings/:id/payments and /api/bookings/:id/waive-fee (owner token or API key; another
 * tenant's booking is 404). A write key waives as an admin and is the audit row's actor.
 */
export const bookingPaymentRoutes = new Hono<OwnerEnv>()
  .get("/:id/payments", async (c) => {
    const data = await getBookingPayments(c.var.db, c.var.auth.tenantId, c.req.param("id"));
    return c.json({ data: toBookingPayments(data) });
  })
  .post("/:id/waive-fee", requireRole("owner", "admin"), async (c) => {
    const auth = c.var.auth;
    const fee = await waiveFee(c.var.db, { tenantId: auth.tenantId, bookingId: c.req.param("id"), actor: auth.actor }, c.var.now);
    return c.json({ data: fee });
  });
