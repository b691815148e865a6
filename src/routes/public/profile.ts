import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { publicCache } from "../../middleware/cache";
import { findPublicProfile, type PublicProfileRow } from "../../services/public-tenant";
import { slugParam } from "../fields";
import { openApiRouter, routeGroup, security, zeroOne } from "../openapi";

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
    allow_guest_booking: zeroOne,
    require_payment: zeroOne,
    widget_color: z.string(),
    widget_mode: z.string(),
    template: z.string(),
    template_accent: z.string(),
  })
  .openapi("PublicProfile");

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
/** `{ slug }` of every /api/public/:slug route: any text; an unknown slug is 404 like a hidden business. */

const route = routeGroup({ tags: ["Public booking"], security: security.none });
const profile = route.get("/{slug}", "The business's public profile (404 for an inactive or suspended business); cacheable for 5 minutes", {
  middleware: [publicCache],
  params: slugParam,
  ok: PublicProfile,
  errors: [404, 429],
});

export const profileRoute = openApiRouter<AppEnv>().openapi(profile, async (c) => {
  const tenant = await findPublicProfile(c.var.services.db, c.req.valid("param").slug);
  if (!tenant) throw ApiError.notFound("Business");
  return c.json({ data: toPublicProfile(tenant) }, 200);
});
