import type { Locale } from "../../shared/i18n/locales";
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { type DomainStatus, effectiveStatus } from "../../domain/custom-hostname";
import type { GiftCardSettings } from "../../shared/gift-cards";
import type { PackageRow } from "../prepaid/packages-owner";

/**
 * What the booking page needs, in ONE libSQL round trip: the tenant row whatever its state (so the
 * page can tell unknown/inactive -> 404 from suspended -> 503), and the bookable catalog keyed by
 * a subquery that only matches a visible tenant (a hidden tenant's catalog is never read out).
 */

/**
 * `domain`: the request's Host on a tenant's custom domain (design.md §23): it serves the tenant
 * only while the domain is active, which depends on whether Cloudflare for SaaS is on (a domain
 * saved before custom hostnames existed has no status: pending with Cloudflare, active without).
 */
/** A package as the booking page and the package shop show it (design.md §32). */
const packageColumns = {
  id: schema.packages.id,
  name: schema.packages.name,
  serviceIds: schema.packages.serviceIds,
  sessions: schema.packages.sessions,
  price: schema.packages.price,
  currency: schema.packages.currency,
  validityDays: schema.packages.validityDays,
};

export type PageTenantKey = { slug: string } | { domain: string; cloudflareOn: boolean };

export type PageTenant = typeof schema.tenants.$inferSelect;
/** `staffIds`: who performs it (design.md §16), so the page offers only them; null = everybody. */
export type PageService = {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  price: number;
  staffIds: string[] | null;
};
export type PageStaff = { id: string; displayName: string; title: string };
/** A package of sessions the business offers (design.md §32); whether it is sold online is ./prepaid's call. */
export type PagePackage = Omit<PackageRow, "createdAt" | "updatedAt">;

export type BookingPageData =
  | { state: "unknown" }
  | { state: "inactive"; tenant: PageTenant }
  | { state: "suspended"; tenant: PageTenant }
  | { state: "domain_not_ready"; tenant: PageTenant; domainStatus: DomainStatus }
  | { state: "open"; tenant: PageTenant; services: PageService[]; staff: PageStaff[]; packages: PagePackage[] };

function keyWhere(key: PageTenantKey): SQL {
  return "slug" in key ? eq(schema.tenants.slug, key.slug) : eq(schema.tenants.customDomain, key.domain);
}

function visibleTenantIdSql(key: PageTenantKey): SQL {
  if ("slug" in key) return sql`(SELECT id FROM tenants WHERE slug = ${key.slug} AND is_active = 1 AND is_suspended = 0)`;
  const legacyActive = key.cloudflareOn ? 0 : 1;
  return sql`(SELECT id FROM tenants WHERE custom_domain = ${key.domain} AND is_active = 1 AND is_suspended = 0
    AND (custom_domain_status = 'active' OR (custom_domain_status IS NULL AND ${legacyActive} = 1)))`;
}

export async function loadBookingPage(db: Db, key: PageTenantKey): Promise<BookingPageData> {
  const s = schema.services;
  const p = schema.staffProfiles;
  const tenantId = visibleTenantIdSql(key);
  const k = schema.packages;
  const [tenants, services, staff, packages] = await db.batch([
    db.select().from(schema.tenants).where(keyWhere(key)).limit(1),
    db
      .select({
        id: s.id,
        name: s.name,
        description: s.description,
        durationMinutes: s.durationMinutes,
        price: s.price,
        staffIds: s.staffIds,
      })
      .from(s)
      .where(and(eq(s.tenantId, tenantId), eq(s.isActive, true), eq(s.isOnlineBookable, true), isNull(s.deletedAt)))
      .orderBy(asc(s.orderIndex), asc(s.name), asc(s.id)),
    db
      .select({ id: p.id, displayName: p.displayName, title: p.title })
      .from(p)
      .where(and(eq(p.tenantId, tenantId), eq(p.isBookable, true), isNull(p.deletedAt)))
      .orderBy(asc(p.orderIndex), asc(p.displayName), asc(p.id)),
    // design.md §32: the packages, so the page links to the package shop (and the shop lists them) in this same read.
    db
      .select(packageColumns)
      .from(k)
      .where(and(eq(k.tenantId, tenantId), isNull(k.deletedAt)))
      .orderBy(asc(k.createdAt), asc(k.id))
      .limit(200),
  ]);
  const tenant = tenants[0];
  if (!tenant) return { state: "unknown" };
  // Inactive wins over suspended: a closed business is simply not there.
  if (!tenant.isActive) return { state: "inactive", tenant };
  // A suspended business's domain answers 503 whatever its state (interface.md).
  if (tenant.isSuspended) return { state: "suspended", tenant };
  if ("domain" in key) {
    const domainStatus = effectiveStatus(tenant.customDomainStatus, key.cloudflareOn);
    if (domainStatus !== "active") return { state: "domain_not_ready", tenant, domainStatus };
  }
  return { state: "open", tenant, services, staff, packages };
}

export type WidgetStatus = {
  status: "available" | "unavailable" | "unknown";
  widgetColor: string | null;
  widgetMode: string | null;
  businessName: string | null;
  /** design.md §30: the business's locale and booking languages, for the widget's words. */
  locale?: Locale;
  bookingLanguages?: Locale[] | null;
  /** design.md §32: what decides whether the business sells gift cards (giftCardsOnSale). */
  giftCardSettings: GiftCardSettings | null;
  stripeAccountId: string | null;
  stripeChargesEnabled: boolean;
  /** design.md §32: the business's packages, for whether it sells any online (packagesOnSaleOf). */
  packages: PagePackage[];
};

export const UNKNOWN_WIDGET: WidgetStatus = {
  status: "unknown",
  widgetColor: null,
  widgetMode: null,
  businessName: null,
  giftCardSettings: null,
  stripeAccountId: null,
  stripeChargesEnabled: false,
  packages: [],
};

/** The embeddable widget's one question, one query: can this slug take bookings right now? */
export async function loadWidgetStatus(db: Db, slug: string): Promise<WidgetStatus> {
  const t = schema.tenants;
  const k = schema.packages;
  // One round trip: the business and its packages (the widget links to the package shop when it sells any).
  const [rows, packages] = await db.batch([
    db
      .select({
        businessName: t.businessName,
        widgetColor: t.widgetColor,
        widgetMode: t.widgetMode,
        isActive: t.isActive,
        isSuspended: t.isSuspended,
        locale: t.locale,
        bookingLanguages: t.bookingLanguages,
        giftCardSettings: t.giftCardSettings,
        stripeAccountId: t.stripeAccountId,
        stripeChargesEnabled: t.stripeChargesEnabled,
      })
      .from(t)
      .where(eq(t.slug, slug))
      .limit(1),
    db
      .select(packageColumns)
      .from(k)
      .where(and(eq(k.tenantId, sql`(SELECT id FROM tenants WHERE slug = ${slug})`), isNull(k.deletedAt)))
      .limit(200),
  ]);
  const row = rows[0];
  if (!row) return UNKNOWN_WIDGET;
  const { isActive, isSuspended, ...rest } = row;
  return { ...rest, packages, status: isActive && !isSuspended ? "available" : "unavailable" };
}
