import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { type BookingPayments, getBookingPayments, waiveFee } from "../../services/payments/booking-payments";
import { ownerOf } from "./fields";

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

/** /api/bookings/:id/payments and /api/bookings/:id/waive-fee (owner token; another tenant's booking is 404). */
export const bookingPaymentRoutes = new Hono<AppEnv>()
  .get("/:id/payments", async (c) => {
    const data = await getBookingPayments(c.var.db, ownerOf(c).tenantId, c.req.param("id"));
    return c.json({ data: toBookingPayments(data) });
  })
  .post("/:id/waive-fee", requireRole("owner", "admin"), async (c) => {
    const auth = ownerOf(c);
    const fee = await waiveFee(c.var.db, { tenantId: auth.tenantId, bookingId: c.req.param("id"), userId: auth.userId }, c.var.now);
    return c.json({ data: fee });
  });
