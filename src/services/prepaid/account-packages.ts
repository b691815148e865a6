import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { giftCardState } from "../../domain/gift-cards";
import type { PackageCreditState } from "./credits-owner";

/**
 * The packages a customer account holds (design.md §32, `GET /api/me/packages`): the ones bought
 * while signed in, across businesses. Unpaid (pending) sales are not listed; used-up, expired and
 * voided ones are, marked by `state`, so the customer sees why a package no longer pays. Codes are
 * never stored (last 4 only). The order is the one `usePackage` takes them in (soonest expiry
 * first, `ORDER BY expires_at, created_at` as in services/bookings/package-pay.ts), so the first
 * usable one covering a service is the one a booking spends.
 */

type Row = {
  id: string;
  businessSlug: string;
  name: string;
  serviceIds: string;
  credits: number;
  expiresAt: string | null;
  last4: string | null;
  status: string;
};

export type AccountPackage = Omit<Row, "serviceIds" | "status"> & { serviceIds: string[]; state: PackageCreditState };

/** At most this many are listed (an account holding more is not a customer; the newest ones would still book). */
export const ACCOUNT_PACKAGES_LIMIT = 100;

/** One statement, one round trip; `slug` narrows it to one business (an unknown slug lists nothing). */
export async function accountPackages(db: Db, accountId: string, slug: string | undefined, now: Date): Promise<AccountPackage[]> {
  const rows = await db.all<Row>(sql`SELECT c.id, t.slug AS businessSlug, coalesce(p.name, '') AS name, c.service_ids AS serviceIds,
      c.credits, c.expires_at AS expiresAt, c.last4, c.status
    FROM package_credits c
      JOIN tenants t ON t.id = c.tenant_id
      LEFT JOIN packages p ON p.id = c.package_id AND p.tenant_id = c.tenant_id
    WHERE c.customer_account_id = ${accountId} AND c.status <> 'pending' ${slug === undefined ? sql`` : sql`AND t.slug = ${slug}`}
    ORDER BY c.expires_at, c.created_at
    LIMIT ${ACCOUNT_PACKAGES_LIMIT}`);
  const nowMs = now.getTime();
  return rows.map(({ serviceIds, status, ...r }) => ({
    ...r,
    serviceIds: JSON.parse(serviceIds) as string[],
    state: giftCardState({ status, balance: r.credits, expiresAt: r.expiresAt }, nowMs),
  }));
}
