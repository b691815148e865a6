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
