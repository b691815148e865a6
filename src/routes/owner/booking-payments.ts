import { z } from "@hono/zod-openapi";
import { PAYMENT_KINDS, PAYMENT_STATUSES } from "../../domain/payments";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { type BookingPayments as BookingPaymentsView, getBookingPayments, waiveFee } from "../../services/payments/booking-payments";
import { lookupIdParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

const OwnerRefund = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    reason: z.string(),
    createdAt: z.string(),
    lastError: z
      .string()
      .nullable()
      .openapi({ description: "Why the last attempt failed while Stripe refuses (retried until it succeeds)" }),
    attempts: z.number().int(),
  })
  .openapi("BookingRefund");

const OwnerPayment = z
  .object({
    id: z.string(),
    kind: z.enum(PAYMENT_KINDS),
    status: z.string().openapi({ enum: [...PAYMENT_STATUSES] }),
    amount: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    refundedAmount: z.number().int(),
    refundable: z.number().int().openapi({ description: "What a manual refund may still give back (queued refunds counted)" }),
    stripePaymentIntentId: z.string().nullable(),
    failureMessage: z.string().nullable().openapi({ description: "Why the last charge failed (a declined card's message)" }),
    chargeAt: z.string().nullable().openapi({ description: "A scheduled fee: when it is charged unless waived first" }),
    waivedAt: z.string().nullable(),
    createdAt: z.string(),
    refunds: z.array(OwnerRefund),
  })
  .openapi("BookingPayment");

export const BookingPayments = z
  .object({
    bookingId: z.string(),
    payments: z.array(OwnerPayment),
    card: z
      .object({ status: z.enum(["pending", "saved", "failed"]) })
      .nullable()
      .openapi({ description: "The card on file, if any" }),
    noShowFee: z
      .object({ percent: z.number().int(), amount: z.number().int(), currency: z.string() })
      .nullable()
      .openapi({ description: "What marking the booking no_show would charge now; null: nothing" }),
  })
  .openapi("BookingPayments");

export const WaivedFee = z
  .object({
    id: z.string(),
    kind: z.string().openapi({ enum: ["late_cancel_fee", "no_show_fee"] }),
    amount: z.number().int(),
    currency: z.string(),
    status: z.literal("cancelled"),
  })
  .openapi("WaivedFee");

/** The booking detail's payments (design.md §21): camelCase, no client secrets, no Stripe customer ids. */
export const toBookingPayments = (p: BookingPaymentsView): z.infer<typeof BookingPayments> => ({
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

const tags = ["Payments"];

const route = routeGroup({ tags, security: security.owner });
const payments = route.get("/{id}/payments", "A booking's payments with their refunds, the card on file and what a no-show would charge", {
  params: lookupIdParam,
  ok: BookingPayments,
  errors: [401, 403, 404],
});
const waive = route.post(
  "/{id}/waive-fee",
  "Waives a fee not charged yet (owner/admin); 409 conflict once it is being charged or was charged",
  { middleware: [requireRole("owner", "admin")], params: lookupIdParam, ok: WaivedFee, errors: [401, 403, 404, 409] },
);

/**
 * /api/bookings/:id/payments and /api/bookings/:id/waive-fee (owner token or API key; another
 * tenant's booking is 404). A write key waives as an admin and is the audit row's actor.
 */
export const bookingPaymentRoutes = openApiRouter<OwnerEnv>()
  .openapi(payments, async (c) => {
    const data = await getBookingPayments(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id);
    return c.json({ data: toBookingPayments(data) }, 200);
  })
  .openapi(waive, async (c) => {
    const auth = c.var.auth;
    const fee = await waiveFee(
      c.var.services.db,
      { tenantId: auth.tenantId, bookingId: c.req.valid("param").id, actor: auth.actor },
      c.var.services.now,
    );
    return c.json({ data: { id: fee.id, kind: fee.kind, amount: fee.amount, currency: fee.currency, status: fee.status } }, 200);
  });
