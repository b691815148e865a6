import { sql } from "drizzle-orm";
import type { Config } from "../../../config";
import { stripeMinimum } from "../../../domain/payments";
import { ApiError } from "../../../errors";
import { soldPackagesQuery, toSoldPackages } from "../../prepaid/credits-owner";
import { decodePackages, packageListQuery } from "../../prepaid/packages-owner";
import { decodePromoCodes, promoCodeListQuery } from "../../prepaid/promo-codes-owner";
import { SALE_TENANT_COLUMNS, type SaleTenant, sellingAccount } from "../../prepaid/sale";
import { businessQuery, type ViewCtx } from "./common";

/** The most recent sold packages the Packages page lists (`GET /api/packages/sold` pages further). */
export const SOLD_PACKAGES_SHOWN = 100;

/** The services a package or promo code may name (not deleted, inactive ones too), in booking-page order. */
const serviceNamesQuery = (db: ViewCtx["db"], tenantId: string) =>
  db.all<{ id: string; name: string; isActive: number }>(sql`SELECT id, name, is_active AS isActive FROM services
    WHERE tenant_id = ${tenantId} AND deleted_at IS NULL ORDER BY order_index, name, id`);

/**
 * The Packages page (`/app/packages`, design.md §32): the packages offered, whether each is on sale
 * online now (a Stripe account that can take charges, a price at least Stripe's minimum; otherwise
 * it is sold at the counter only), the packages sold with their credits, and the services to pick. One batch.
 */
export async function packagesView(ctx: ViewCtx & { config: Pick<Config, "STRIPE_SECRET_KEY"> }) {
  const { db, tenantId, now } = ctx;
  const [business, sale, packages, sold, services] = await db.batch([
    businessQuery(db, tenantId),
    db.all<SaleTenant>(sql`SELECT ${SALE_TENANT_COLUMNS} FROM tenants WHERE id = ${tenantId}`),
    packageListQuery(db, tenantId),
    soldPackagesQuery(db, tenantId, { limit: SOLD_PACKAGES_SHOWN, offset: 0 }),
    serviceNamesQuery(db, tenantId),
  ]);
  if (!business[0] || !sale[0]) throw ApiError.notFound("Business");
  const online = sellingAccount(ctx.config, sale[0]) !== null;
  return {
    business: business[0],
    onlineSales: online,
    packages: decodePackages(packages).map((p) => ({ ...p, onSale: online && p.price >= stripeMinimum(p.currency) })),
    sold: toSoldPackages(sold, now.getTime()),
    services: services.map((s) => ({ id: s.id, name: s.name, isActive: s.isActive === 1 })),
  };
}

/** The Promo codes page (`/app/promo-codes`, design.md §32): the live codes with their uses, and the services to pick. One batch. */
export async function promoCodesView(ctx: ViewCtx) {
  const { db, tenantId } = ctx;
  const [business, codes, services] = await db.batch([
    businessQuery(db, tenantId),
    promoCodeListQuery(db, tenantId),
    serviceNamesQuery(db, tenantId),
  ]);
  if (!business[0]) throw ApiError.notFound("Business");
  return {
    business: business[0],
    codes: decodePromoCodes(codes),
    services: services.map((s) => ({ id: s.id, name: s.name, isActive: s.isActive === 1 })),
  };
}
