import { and, eq, type SQLWrapper, sql } from "drizzle-orm";
import { schema, type Db } from "../db/client";

export type TenantRow = typeof schema.tenants.$inferSelect;

/** The condition every public route puts on its tenant: it exists, is active and not suspended. */
export function publicTenantWhere(slug: string) {
  return and(eq(schema.tenants.slug, slug), eq(schema.tenants.isActive, true), eq(schema.tenants.isSuspended, false));
}

/** The same condition as SQL over `tenants`, for the public reads written as templates. */
export const publicTenantSql = (slug: string | SQLWrapper) => sql`slug = ${slug} AND is_active = 1 AND is_suspended = 0`;

export function selectPublicTenant(db: Db, slug: string) {
  return db.select().from(schema.tenants).where(publicTenantWhere(slug)).limit(1);
}

/** What the public profile shows (interface.md); flags as 0/1. */
export type PublicProfileRow = {
  id: string;
  slug: string;
  businessName: string;
  businessType: string;
  description: string;
  logoUrl: string;
  coverImageUrl: string | null;
  timezone: string;
  currency: string;
  countryCode: string;
  city: string;
  provinceState: string;
  country: string;
  addressLine1: string;
  phone: string;
  email: string;
  cancellationHours: number;
  cancellationPolicy: string;
  allowGuestBooking: number;
  requirePayment: number;
  widgetColor: string;
  widgetMode: string;
  template: string;
  templateAccent: string;
};

// The public reads select only what they show and are SQL templates: every selected column is
// built, sent, decoded and mapped per request, and Drizzle's select builder spent about 0.2 ms
// building this one (docs/benchmarks.md, "Where the time goes").

/** The public profile of a visible business (one round trip); undefined when hidden or unknown. */
export async function findPublicProfile(db: Db, slug: string): Promise<PublicProfileRow | undefined> {
  const [row] = await db.all<PublicProfileRow>(sql`
    SELECT id, slug, business_name AS businessName, business_type AS businessType, description, logo_url AS logoUrl,
           cover_image_url AS coverImageUrl, timezone, currency, country_code AS countryCode, city,
           province_state AS provinceState, country, address_line1 AS addressLine1, phone, email,
           cancellation_hours AS cancellationHours, cancellation_policy AS cancellationPolicy,
           allow_guest_booking AS allowGuestBooking, require_payment AS requirePayment, widget_color AS widgetColor,
           widget_mode AS widgetMode, template, template_accent AS templateAccent
    FROM tenants WHERE ${publicTenantSql(slug)} LIMIT 1`);
  return row;
}

/** Whether the slug names a visible business (one round trip). */
export async function publicTenantExists(db: Db, slug: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`SELECT id FROM tenants WHERE ${publicTenantSql(slug)} LIMIT 1`);
  return rows.length > 0;
}
