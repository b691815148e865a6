import { sql } from "drizzle-orm";
import { ApiError } from "../../errors";
import type { Services } from "../context";
import { batch } from "../batch";
import { publicTenantSql } from "../public-tenant";
import { servicesInOrder } from "../visits/availability";
import { decodeTenant, type TenantCells, tenantCellsSql } from "./create-read";
import { prepaidReads } from "./prepaid-at-create";
import { priceBooking, type Quote, quoteOf } from "./pricing";
import { servicesJsonSql, tenantIdSql } from "./scope";

export type QuoteInput = {
  /** One service, or a visit's services in order (design.md §26). */
  serviceIds: readonly string[];
  promoCode?: string;
  giftCardCode?: string;
  /** Judges a first-visit-only promo code as the create will; without it the answer says so (`promoNote`). */
  email?: string;
  customerAccountId: string | null;
};

/**
 * POST /api/public/:slug/quote (issue #43): what a booking of these services would cost with these
 * codes, before the customer confirms: the same pricing as the public create (./pricing.ts), the
 * same refusals (400 fieldErrors.promoCode / giftCardCode), and nothing written (no use counted, no
 * balance taken). ONE round trip: the business and the services in one statement, the codes' rows
 * beside it. The price depends on the services and the codes only (a promo's validity is the day
 * of booking), so the slot is not read: the create checks it. A recognised customer's reliability
 * step (design.md §28) is not applied: the quote does not tell a stranger what a business asks of
 * the owner of an e-mail address; the create asks it (docs/decisions.md).
 *
 * Errors: 404 not_found (business, a service), 400 (a code), 502 payment_provider_error (a business
 * that requires payment lost its charges, as at create).
 */
export async function quoteBooking(ctx: Pick<Services, "db" | "now" | "env">, slug: string, input: QuoteInput): Promise<Quote> {
  const { db, now } = ctx;
  const scope = { kind: "public" as const, slug };
  const reads = batch(db);
  const found = reads.add(
    db.all<TenantCells & { services: string | null }>(sql`
      SELECT ${tenantCellsSql}, ${servicesJsonSql(scope, input.serviceIds, sql`t.id`)} AS services
      FROM tenants t WHERE ${publicTenantSql(slug)} LIMIT 1`),
  );
  const email = (input.email ?? "").toLowerCase();
  const accountId = input.customerAccountId;
  const codes = { promoCode: input.promoCode, giftCardCode: input.giftCardCode };
  const prepaid =
    codes.promoCode !== undefined || codes.giftCardCode !== undefined
      ? await prepaidReads(ctx.env, db, reads, tenantIdSql(scope), codes, { email, accountId, serviceIds: input.serviceIds, now })
      : null;
  await reads.run();
  const [row] = found.result();
  if (!row) throw ApiError.notFound("Business");
  const tenant = decodeTenant(row);
  const services = servicesInOrder(row.services, input.serviceIds);
  const pricing = priceBooking({ tenant, services, prepaid, now });
  return quoteOf(pricing, services, tenant.currency, Boolean(email || accountId));
}
