import { instantToLocalString } from "../../domain/time";
import type { Availability, AvailabilityDays, BookingView, CancelResult, CreatedBooking } from "../../services/bookings";
import type { PaymentSummary } from "../../services/payments/public-payment";
import type { PublicServiceRow, PublicStaffRow } from "../../services/public-catalog";
import type { TenantRow } from "../../services/public-tenant";

/** Public business profile (interface.md): snake_case, names mirror the tenants table. */
export function toPublicProfile(t: TenantRow) {
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
export function toPublicService(s: PublicServiceRow) {
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
export function toPublicStaff(p: PublicStaffRow) {
  return { id: p.id, display_name: p.displayName, title: p.title, avatar_url: p.avatarUrl ?? null, color: p.color };
}

/**
 * Availability (interface.md): slots camelCase, times tenant-local; design.md §16 adds the real
 * instants (`startUtc`/`endUtc`, ISO with Z), so the two 01:30s of a fall-back night differ.
 */
export function toAvailability(a: Availability) {
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

/** The days range (design.md §16): per tenant-local date, free start times and the first one. */
export function toAvailabilityDays(d: AvailabilityDays) {
  return {
    timezone: d.timezone,
    days: d.days.map((day) => ({ date: day.date, slots: day.slots, firstStartTime: day.firstStartTime })),
  };
}

/**
 * The contract's four fields; at a business that takes payment design.md §21 adds `payment` (what
 * to pay while the slot is held, or null when this service has nothing due).
 */
export function toCreatedBooking(b: CreatedBooking) {
  const base = { id: b.id, confirmationCode: b.confirmationCode, status: b.status, customerUserId: b.customerUserId };
  return b.payment === undefined ? base : { ...base, payment: b.payment };
}

/** The lookup's `payment` (design.md §21): snake_case like the lookup; `expires_at` while the slot is held. */
export function toPaymentSummary(p: PaymentSummary) {
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
export function toBookingLookup(b: BookingView, payment?: PaymentSummary | null) {
  const base = {
    id: b.id,
    tenant_id: b.tenantId,
    start_datetime: instantToLocalString(b.tenant.timezone, b.startAt),
    end_datetime: instantToLocalString(b.tenant.timezone, b.endAt),
    status: b.status,
    confirmation_code: b.confirmationCode,
    notes: b.notes,
    business_slug: b.tenant.slug,
    business_name: b.tenant.businessName,
    service_name: b.serviceName,
    staff_name: b.staffName,
    timezone: b.tenant.timezone,
  };
  return payment ? { ...base, payment: toPaymentSummary(payment) } : base;
}

/** design.md §5 + §21: `refund` says what the cancellation gives back (null: nothing). */
export function toCancelResult(r: CancelResult) {
  const base = { id: r.booking.id, status: r.booking.status, confirmation_code: r.booking.confirmationCode, refund: r.refund };
  return r.alreadyCancelled ? { ...base, alreadyCancelled: true as const } : base;
}
