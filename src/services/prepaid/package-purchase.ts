import { sql } from "drizzle-orm";
import { stripeMinimum } from "../../domain/payments";
import { DAY_MS } from "../../domain/time";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import type { Locale } from "../../shared/i18n/locales";
import { localeOr } from "../email/mail-language";
import { batch } from "../batch";
import type { Services } from "../context";
import { publicTenantSql } from "../public-tenant";
import { openSale, SALE_TENANT_COLUMNS, type SalePayment, type SaleTenant, sellingAccount } from "./sale";

export type PackagePurchaseInput = {
  packageId: string;
  buyer: { name: string; email: string };
  captchaToken?: string;
  clientIp?: string;
  /** The signed-in customer account buying it: the account then holds the package (`usePackage`). */
  customerAccountId?: string;
  /** design.md §30: the purchase page's language, of the e-mail with the code (default: the business's). */
  locale?: Locale;
};

export type PackagePurchase = { id: string; status: "pending"; payment: SalePayment };

type OfferRow = {
  id: string;
  name: string;
  serviceIds: string;
  sessions: number;
  price: number;
  currency: string;
  validityDays: number;
};

type Ctx = Pick<Services, "db" | "now" | "config" | "queue" | "waitUntil">;

export type PackageOnSale = Omit<OfferRow, "serviceIds"> & { serviceIds: string[] };

const offersSql = (slug: string) => sql`tenant_id = (SELECT id FROM tenants WHERE ${publicTenantSql(slug)}) AND deleted_at IS NULL`;
const OFFER_COLUMNS = sql`id, name, service_ids AS serviceIds, sessions, price, currency, validity_days AS validityDays`;

/**
 * GET /api/public/:slug/packages: what the business sells online, oldest offer first, in one round
 * trip. Empty while it cannot take payments online (no list to show, not an error); a package
 * priced below Stripe's minimum charge is sold at the counter only, so it is not listed.
 */
export async function packagesOnSale(ctx: Pick<Services, "db" | "config">, slug: string): Promise<PackageOnSale[]> {
  const { db, config } = ctx;
  const [tenants, offers] = await db.batch([
    db.all<SaleTenant>(sql`SELECT ${SALE_TENANT_COLUMNS} FROM tenants WHERE ${publicTenantSql(slug)} LIMIT 1`),
    db.all<OfferRow>(sql`SELECT ${OFFER_COLUMNS} FROM packages WHERE ${offersSql(slug)} ORDER BY created_at, id LIMIT 200`),
  ]);
  if (!tenants[0]) throw ApiError.notFound("Business");
  if (!sellingAccount(config, tenants[0])) return [];
  return offers
    .filter((o) => o.price >= stripeMinimum(o.currency))
    .map((o) => ({ ...o, serviceIds: JSON.parse(o.serviceIds) as string[] }));
}

/**
 * POST /api/public/:slug/packages (design.md §32): a package sold online like a gift card. One read
 * (the business and the package offered), the bot check and the PaymentIntent (./sale.ts, metadata
 * package_credit_id and package_id), then ONE write: the sold package `pending` (no code, no
 * credits) with the package's terms copied and its `package_sale` payment. The signed success
 * issues its code and credits (./package-issue.ts). The expiry is fixed now, like a gift card's.
 */
export async function purchasePackage(ctx: Ctx, slug: string, input: PackagePurchaseInput): Promise<PackagePurchase> {
  const { db, now, config } = ctx;
  const [tenants, offers] = await db.batch([
    db.all<SaleTenant>(sql`SELECT ${SALE_TENANT_COLUMNS} FROM tenants WHERE ${publicTenantSql(slug)} LIMIT 1`),
    db.all<OfferRow>(sql`SELECT ${OFFER_COLUMNS} FROM packages WHERE id = ${input.packageId} AND ${offersSql(slug)} LIMIT 1`),
  ]);
  const tenant = tenants[0];
  if (!tenant) throw ApiError.notFound("Business");
  const offer = offers[0];
  const account = sellingAccount(config, tenant);
  // A business that cannot take charges online sells its packages at the counter only.
  if (!offer || !account) throw ApiError.notFound("Package");
  if (offer.price < stripeMinimum(offer.currency)) {
    throw ApiError.field("packageId", "This package is sold at the business only; ask them to issue it");
  }

  const id = newId("pkc");
  const sale = await openSale(ctx, tenant, account, {
    kind: "package_sale",
    amount: offer.price,
    currency: offer.currency,
    metadata: { package_credit_id: id, package_id: offer.id },
    idempotencyKey: `package-${id}-sale`,
    captchaToken: input.captchaToken,
    clientIp: input.clientIp,
  });
  const t = now.toISOString();
  const expiresAt = new Date(now.getTime() + offer.validityDays * DAY_MS).toISOString();
  const b = batch(db);
  b.add(sale.insert);
  b.add(
    db.run(sql`INSERT INTO package_credits (id, tenant_id, package_id, status, source, service_ids, sessions, credits, price, currency,
        expires_at, buyer_name, buyer_email, payment_id, customer_account_id, locale, created_at, updated_at)
      VALUES (${id}, ${tenant.id}, ${offer.id}, 'pending', 'purchase', ${offer.serviceIds}, ${offer.sessions}, 0, ${offer.price},
        ${sale.payment.currency}, ${expiresAt}, ${input.buyer.name}, ${input.buyer.email.toLowerCase()}, ${sale.paymentId},
        ${input.customerAccountId ?? null}, ${input.locale ?? localeOr(tenant.locale)}, ${t}, ${t})`),
  );
  await b.run(ctx);
  return { id, status: "pending", payment: sale.payment };
}
