import { and, eq } from "drizzle-orm";
import { schema, type Db } from "../db/client";

export type TenantRow = typeof schema.tenants.$inferSelect;

/** The condition every public route puts on its tenant: it exists, is active and not suspended. */
export function publicTenantWhere(slug: string) {
  return and(eq(schema.tenants.slug, slug), eq(schema.tenants.isActive, true), eq(schema.tenants.isSuspended, false));
}

export function selectPublicTenant(db: Db, slug: string) {
  return db.select().from(schema.tenants).where(publicTenantWhere(slug)).limit(1);
}

const t = schema.tenants;
// What the public profile shows (interface.md), and nothing else: every column a read selects is
// built, sent, decoded and mapped on each request (docs/benchmarks.md, "Where the time goes").
const profileColumns = {
  id: t.id,
  slug: t.slug,
  businessName: t.businessName,
  businessType: t.businessType,
  description: t.description,
  logoUrl: t.logoUrl,
  coverImageUrl: t.coverImageUrl,
  timezone: t.timezone,
  currency: t.currency,
  countryCode: t.countryCode,
  city: t.city,
  provinceState: t.provinceState,
  country: t.country,
  addressLine1: t.addressLine1,
  phone: t.phone,
  email: t.email,
  cancellationHours: t.cancellationHours,
  cancellationPolicy: t.cancellationPolicy,
  allowGuestBooking: t.allowGuestBooking,
  requirePayment: t.requirePayment,
  widgetColor: t.widgetColor,
  widgetMode: t.widgetMode,
  template: t.template,
  templateAccent: t.templateAccent,
};

export type PublicProfileRow = Pick<TenantRow, keyof typeof profileColumns>;

/** The public profile of a visible business (one round trip); undefined when hidden or unknown. */
export async function findPublicProfile(db: Db, slug: string): Promise<PublicProfileRow | undefined> {
  const [row] = await db.select(profileColumns).from(t).where(publicTenantWhere(slug)).limit(1);
  return row;
}

/** Whether the slug names a visible business (one round trip). */
export async function publicTenantExists(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ id: t.id }).from(t).where(publicTenantWhere(slug)).limit(1);
  return rows.length > 0;
}
