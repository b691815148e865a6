import { z } from "@hono/zod-openapi";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import { PAYMENT_STATUSES } from "../../domain/payments";
import { instantToLocalString } from "../../domain/time";
import type { CancelResult, CreatedBooking as CreatedBookingView, LookupView } from "../../services/bookings";
import type { PaymentStep as PaymentStepView } from "../../services/payments/checkout";
import type { PaymentSummary as PaymentSummaryView } from "../../services/payments/public-payment";

// Response schemas of a public booking (interface.md §Resources, design.md §5 and §21): the
// creation result and the payment step (camelCase), the lookup and the cancellation (snake_case).
// Each mapper is typed by its schema, so the document and the answer cannot drift apart.

const LOCAL_TIME = "The business's wall clock, YYYY-MM-DDTHH:MM:SS (no offset)";

/** design.md §21: what the customer pays while the slot is held (the create's and GET .../payment's `data`). */
export const PaymentStep = z
  .object({
    amount: z.number().int().openapi({ description: "Due now, minor units (0 when only a card is saved)" }),
    currency: z.string(),
    kind: z.enum(["deposit", "full"]).nullable().openapi({ description: "null when only a card is saved" }),
    clientSecret: z.string().nullable().openapi({ description: "The PaymentIntent's client secret (null when nothing is paid now)" }),
    setupClientSecret: z.string().nullable().openapi({ description: "The SetupIntent's client secret when only a card is saved" }),
    publishableKey: z.string().nullable(),
    stripeAccount: z.string().openapi({ description: "The connected account (Stripe.js `stripeAccount`)" }),
    expiresAt: z.string().openapi({ description: "When the hold ends (ISO-8601 instant)" }),
    price: z.number().int().openapi({ description: "The booking's price, minor units" }),
    cancellationHours: z.number().int(),
    refundableUntil: z.string().openapi({ description: `Until when a cancellation is refunded in full: ${LOCAL_TIME}` }),
    fees: z
      .object({ noShowFeePercent: z.number().int(), lateCancelFeePercent: z.number().int() })
      .nullable()
      .openapi({ description: "Card on file: the fee terms the customer agrees to" }),
    giftCardAmount: z.number().int().optional().openapi({ description: "design.md §32: what the gift card covered (minor units)" }),
    cardAmount: z.number().int().optional().openapi({ description: "design.md §32: what is left for the card (= amount)" }),
  })
  .openapi("PaymentStep");

export const CreatedBooking = z
  .object({
    id: z.string(),
    confirmationCode: z.string(),
    status: z.enum(["confirmed", "pending"]).openapi({ description: "pending: held until paid (see `payment`)" }),
    customerUserId: z.string().nullable().openapi({ description: "The customer account the booking is linked to" }),
    payment: PaymentStep.nullable()
      .optional()
      .openapi({ description: "Only at a business that takes payment: what to pay, or null when this service has nothing due" }),
  })
  .openapi("CreatedBooking");

export const PaymentSummary = z
  .object({
    status: z.string().openapi({ enum: [...PAYMENT_STATUSES], description: "The payment's status (a card saved on file: succeeded)" }),
    amount: z.number().int(),
    currency: z.string(),
    kind: z.enum(["deposit", "full"]).nullable(),
    expires_at: z.string().nullable().openapi({ description: "When the hold ends (ISO-8601 instant); null once not pending" }),
    gift_card_amount: z.number().int().optional().openapi({ description: "design.md §32: what a gift card paid (only when one did)" }),
    card_amount: z.number().int().optional().openapi({ description: "design.md §32: what the card pays beside the gift card" }),
  })
  .openapi("BookingPaymentSummary");

export const BookingLookup = z
  .object({
    id: z.string(),
    tenant_id: z.string(),
    start_datetime: z.string().openapi({ description: LOCAL_TIME }),
    end_datetime: z.string().openapi({ description: LOCAL_TIME }),
    status: z.enum(BOOKING_STATUSES),
    confirmation_code: z.string(),
    notes: z.string(),
    business_slug: z.string(),
    business_name: z.string(),
    service_name: z.string(),
    staff_name: z.string(),
    timezone: z.string(),
    payment: PaymentSummary.optional().openapi({ description: "Only for a booking with a payment or a card on file" }),
    items: z
      .array(
        z
          .object({
            id: z.string(),
            service_id: z.string(),
            service_name: z.string(),
            staff_profile_id: z.string(),
            staff_name: z.string(),
            start_datetime: z.string().openapi({ description: LOCAL_TIME }),
            end_datetime: z.string().openapi({ description: LOCAL_TIME }),
          })
          .openapi("BookingLookupItem"),
      )
      .optional()
      .openapi({
        description:
          "design.md §26, only for a visit: its services in order. The visit's `id`, `start_datetime` of its first service, " +
          "`end_datetime` of its last; `service_name` and `staff_name` name them all",
      }),
  })
  .openapi("BookingLookup");

export const CancelledBooking = z
  .object({
    id: z.string(),
    status: z.enum(BOOKING_STATUSES),
    confirmation_code: z.string(),
    refund: z
      .object({ amount: z.number().int(), currency: z.string(), status: z.literal("pending") })
      .nullable()
      .openapi({ description: "What the cancellation gives back (queued); null when nothing" }),
    alreadyCancelled: z.literal(true).optional().openapi({ description: "Present when the booking was already cancelled" }),
  })
  .openapi("CancelledBooking");

/** design.md §21: the payment step, field by field (no column of the payment row leaks). */
export function toPaymentStep(p: PaymentStepView): z.infer<typeof PaymentStep> {
  return {
    amount: p.amount,
    currency: p.currency,
    kind: p.kind,
    clientSecret: p.clientSecret,
    setupClientSecret: p.setupClientSecret,
    publishableKey: p.publishableKey,
    stripeAccount: p.stripeAccount,
    expiresAt: p.expiresAt,
    price: p.price,
    cancellationHours: p.cancellationHours,
    refundableUntil: p.refundableUntil,
    fees: p.fees === null ? null : { noShowFeePercent: p.fees.noShowFeePercent, lateCancelFeePercent: p.fees.lateCancelFeePercent },
    ...(p.giftCardAmount === undefined ? {} : { giftCardAmount: p.giftCardAmount, cardAmount: p.cardAmount ?? p.amount }),
  };
}

/**
 * The contract's four fields; at a business that takes payment design.md §21 adds `payment` (what
 * to pay while the slot is held, or null when this service has nothing due).
 */
export function toCreatedBooking(b: CreatedBookingView): z.infer<typeof CreatedBooking> {
  const base = { id: b.id, confirmationCode: b.confirmationCode, status: b.status, customerUserId: b.customerUserId };
  if (b.payment === undefined) return base;
  return { ...base, payment: b.payment === null ? null : toPaymentStep(b.payment) };
}

/** The lookup's `payment` (design.md §21): snake_case like the lookup; `expires_at` while the slot is held. */
export function toPaymentSummary(p: PaymentSummaryView): z.infer<typeof PaymentSummary> {
  return {
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    kind: p.kind,
    expires_at: p.expiresAt === null ? null : new Date(p.expiresAt).toISOString(),
    ...(p.giftCard ? { gift_card_amount: p.giftCard.giftCardAmount, card_amount: p.giftCard.cardAmount } : {}),
  };
}

/**
 * Booking lookup (interface.md + design.md §5): snake_case, times tenant-local without offset; a
 * booking with a payment (design.md §21) adds `payment`.
 */
export function toBookingLookup(b: LookupView, payment?: PaymentSummaryView | null): z.infer<typeof BookingLookup> {
  const zone = b.tenant.timezone;
  const items = b.visit?.items;
  const base = {
    id: b.visit?.id ?? b.id,
    tenant_id: b.tenantId,
    start_datetime: instantToLocalString(zone, items?.length ? items[0].startAt : b.startAt),
    end_datetime: instantToLocalString(zone, items?.length ? items[items.length - 1].endAt : b.endAt),
    status: b.status,
    confirmation_code: b.confirmationCode,
    notes: b.notes,
    business_slug: b.tenant.slug,
    business_name: b.tenant.businessName,
    service_name: items?.length ? items.map((i) => i.serviceName).join(" + ") : b.serviceName,
    staff_name: items?.length ? [...new Set(items.map((i) => i.staffName))].join(", ") : b.staffName,
    timezone: zone,
  };
  const withPayment = payment ? { ...base, payment: toPaymentSummary(payment) } : base;
  if (!items?.length) return withPayment;
  return {
    ...withPayment,
    items: items.map((i) => ({
      id: i.id,
      service_id: i.serviceId,
      service_name: i.serviceName,
      staff_profile_id: i.staffId,
      staff_name: i.staffName,
      start_datetime: instantToLocalString(zone, i.startAt),
      end_datetime: instantToLocalString(zone, i.endAt),
    })),
  };
}

/** design.md §5 + §21: `refund` says what the cancellation gives back (null: nothing). */
export function toCancelResult(r: CancelResult): z.infer<typeof CancelledBooking> {
  const refund = r.refund === null ? null : { amount: r.refund.amount, currency: r.refund.currency, status: r.refund.status };
  // design.md §26: a visit is cancelled as a whole and answers with the visit's id.
  const base = { id: r.booking.visitId ?? r.booking.id, status: r.booking.status, confirmation_code: r.booking.confirmationCode, refund };
  return r.alreadyCancelled ? { ...base, alreadyCancelled: true as const } : base;
}
