import { z } from "@hono/zod-openapi";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import { PAYMENT_STATUSES } from "../../domain/payments";
import { instantToLocalString } from "../../domain/time";
import type {
  Availability as AvailabilityView,
  AvailabilityDays as AvailabilityDaysView,
  CancelResult,
  CreatedBooking as CreatedBookingView,
  LookupView,
} from "../../services/bookings";
import type { PaymentStep as PaymentStepView } from "../../services/payments/checkout";
import type { PaymentSummary as PaymentSummaryView } from "../../services/payments/public-payment";
import type { PublicServiceRow, PublicStaffRow } from "../../services/public-catalog";
import type { PublicProfileRow } from "../../services/public-tenant";
import type { JsonText } from "../openapi";

// Response schemas of /api/public (interface.md §Resources, design.md §5 and §21); each mapper is
// typed by its schema, so the document and the answer cannot drift apart. The contract's names
// are snake_case and its flags 0/1; the creation result and the payment step are camelCase.

/** A 0/1 flag (interface.md: the public resources mirror the tenants table's integer flags). */
const flag = z.union([z.literal(0), z.literal(1)]);
const LOCAL_TIME = "The business's wall clock, YYYY-MM-DDTHH:MM:SS (no offset)";

export const PublicProfile = z
  .object({
    id: z.string(),
    slug: z.string(),
    business_name: z.string(),
    business_type: z.string(),
    description: z.string(),
    logo_url: z.string(),
    cover_image_url: z.string().nullable(),
    timezone: z.string().openapi({ description: "IANA time zone of the business" }),
    currency: z.string().openapi({ description: "ISO 4217 code" }),
    country_code: z.string(),
    city: z.string(),
    province_state: z.string(),
    country: z.string(),
    address_line1: z.string(),
    phone: z.string(),
    email: z.string(),
    cancellation_hours: z.number().int(),
    cancellation_policy: z.string(),
    allow_guest_booking: flag,
    require_payment: flag,
    widget_color: z.string(),
    widget_mode: z.string(),
    template: z.string(),
    template_accent: z.string(),
  })
  .openapi("PublicProfile");

export const PublicService = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    duration_minutes: z.number().int(),
    price: z.number().int().openapi({ description: "Minor units of the business's currency" }),
    deposit_percent: z.number().int(),
    image_url: z.string().nullable(),
    is_online_bookable: flag,
    order_index: z.number().int(),
  })
  .openapi("PublicService");

export const PublicStaff = z
  .object({ id: z.string(), display_name: z.string(), title: z.string(), avatar_url: z.string().nullable(), color: z.string() })
  .openapi("PublicStaff");

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

const LOCAL_DATE = "A date in the business's time zone, YYYY-MM-DD";
const UTC_INSTANT = "The same instant in UTC (ISO-8601 with Z): tells the two 01:30s of a fall-back night apart";

export const AvailabilitySlot = z
  .object({
    staffProfileId: z.string(),
    staffName: z.string(),
    startTime: z.string().openapi({ description: LOCAL_TIME, example: "2031-03-11T10:00:00" }),
    endTime: z.string().openapi({ description: LOCAL_TIME, example: "2031-03-11T10:45:00" }),
    startUtc: z.string().openapi({ description: UTC_INSTANT, example: "2031-03-11T09:00:00.000Z" }),
    endUtc: z.string().openapi({ description: UTC_INSTANT, example: "2031-03-11T09:45:00.000Z" }),
  })
  .openapi("AvailabilitySlot");

export const Availability = z
  .object({
    date: z.string().openapi({ description: LOCAL_DATE }),
    timezone: z.string().openapi({ description: "IANA time zone of the business: the answer's dates and local times are in it" }),
    slots: z.array(AvailabilitySlot).openapi({ description: "Free start times of that date, per staff member" }),
  })
  .openapi("Availability");

export const AvailabilityDays = z
  .object({
    timezone: z.string().openapi({ description: "IANA time zone of the business" }),
    days: z.array(
      z
        .object({
          date: z.string().openapi({ description: LOCAL_DATE }),
          slots: z.number().int().openapi({ description: "How many free start times that date has" }),
          firstStartTime: z
            .string()
            .nullable()
            .openapi({ description: `The first free start: ${LOCAL_TIME}; null when none` }),
        })
        .openapi("AvailabilityDay"),
    ),
  })
  .openapi("AvailabilityDays");

/** Public business profile (interface.md): snake_case, names mirror the tenants table. */
export function toPublicProfile(t: PublicProfileRow): z.infer<typeof PublicProfile> {
  return {
    id: t.id,
    slug: t.slug,
    business_name: t.businessName,
    business_type: t.businessType,
    description: t.description,
    logo_url: t.logoUrl,
    cover_image_url: t.coverImageUrl ?? null,
    timezone: t.timezone,
    currency: t.currency,
    country_code: t.countryCode,
    city: t.city,
    province_state: t.provinceState,
    country: t.country,
    address_line1: t.addressLine1,
    phone: t.phone,
    email: t.email,
    cancellation_hours: t.cancellationHours,
    cancellation_policy: t.cancellationPolicy,
    allow_guest_booking: t.allowGuestBooking ? 1 : 0,
    require_payment: t.requirePayment ? 1 : 0,
    widget_color: t.widgetColor,
    widget_mode: t.widgetMode,
    template: t.template,
    template_accent: t.templateAccent,
  };
}

/** Public service (interface.md): snake_case, flags as 0/1. */
export function toPublicService(s: PublicServiceRow): z.infer<typeof PublicService> {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    duration_minutes: s.durationMinutes,
    price: s.price,
    deposit_percent: s.depositPercent,
    image_url: s.imageUrl ?? null,
    is_online_bookable: s.isOnlineBookable ? 1 : 0,
    order_index: s.orderIndex,
  };
}

/** Public staff profile (interface.md): no per-staff service mapping. */
export function toPublicStaff(p: PublicStaffRow): z.infer<typeof PublicStaff> {
  return { id: p.id, display_name: p.displayName, title: p.title, avatar_url: p.avatarUrl ?? null, color: p.color };
}

/**
 * Availability (interface.md): slots camelCase, times tenant-local; design.md §16 adds the real
 * instants (`startUtc`/`endUtc`, ISO with Z), so the two 01:30s of a fall-back night differ.
 */
export function toAvailability(a: AvailabilityView): z.infer<typeof Availability> {
  return {
    date: a.date,
    timezone: a.timezone,
    slots: a.slots.map((s) => ({
      staffProfileId: s.staffId,
      staffName: s.staffName,
      startTime: s.startTime,
      endTime: s.endTime,
      startUtc: s.startUtc,
      endUtc: s.endUtc,
    })),
  };
}

/**
 * `{ data: toAvailability(a) }` written straight as JSON text: for any staff member a day is a few
 * hundred slots, and building a second object per slot for JSON.stringify to walk cost about a
 * third of the answer's CPU (docs/benchmarks.md). Each staff member's fields are encoded once; the
 * times are digits, dashes and colons, which JSON never escapes. A unit test holds it equal to
 * toAvailability.
 */
export function availabilityJson(a: AvailabilityView): JsonText<{ data: z.infer<typeof Availability> }> {
  const heads = new Map<string, string>();
  let out = `{"data":{"date":${JSON.stringify(a.date)},"timezone":${JSON.stringify(a.timezone)},"slots":[`;
  for (let i = 0; i < a.slots.length; i++) {
    const s = a.slots[i];
    let head = heads.get(s.staffId);
    if (head === undefined) {
      head = `{"staffProfileId":${JSON.stringify(s.staffId)},"staffName":${JSON.stringify(s.staffName)},"startTime":"`;
      heads.set(s.staffId, head);
    }
    out += `${i ? "," : ""}${head}${s.startTime}","endTime":"${s.endTime}","startUtc":"${s.startUtc}","endUtc":"${s.endUtc}"}`;
  }
  return `${out}]}}` as JsonText<{ data: z.infer<typeof Availability> }>;
}

/** The days range (design.md §16): per tenant-local date, free start times and the first one. */
export function toAvailabilityDays(d: AvailabilityDaysView): z.infer<typeof AvailabilityDays> {
  return {
    timezone: d.timezone,
    days: d.days.map((day) => ({ date: day.date, slots: day.slots, firstStartTime: day.firstStartTime })),
  };
}

/** Text of frozen days answers, which the service hands out again while they hold (availability.ts). */
const daysText = new WeakMap<AvailabilityDaysView, JsonText<{ data: z.infer<typeof AvailabilityDays> }>>();

/** The days answer's body as text, written once per frozen answer. */
export function availabilityDaysJson(d: AvailabilityDaysView): JsonText<{ data: z.infer<typeof AvailabilityDays> }> {
  let text = daysText.get(d);
  if (text === undefined) {
    text = JSON.stringify({ data: toAvailabilityDays(d) }) as JsonText<{ data: z.infer<typeof AvailabilityDays> }>;
    if (Object.isFrozen(d)) daysText.set(d, text);
  }
  return text;
}

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
