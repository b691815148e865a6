import { sql } from "drizzle-orm";
import { type GiftCardState, giftCardState } from "../../domain/gift-cards";
import type { Db } from "../../db/client";

/**
 * What customers hold, as the owner sees it (design.md §32): sold packages with their credits left,
 * and a customer's packages and gift cards for the customer view. Statements only, so a caller puts
 * them in its own batch; codes are never stored (last 4 only) and pending (unpaid) sales are not shown.
 */

/** A sold package's state: `empty` once its sessions are used, `expired` past its expiry (credits then unusable). */
export type PackageCreditState = GiftCardState;

export type SoldPackageRow = {
  id: string;
  packageId: string;
  packageName: string;
  status: string;
  source: "purchase" | "owner";
  last4: string | null;
  sessions: number;
  credits: number;
  price: number;
  currency: string;
  expiresAt: string | null;
  buyerName: string;
  buyerEmail: string;
  reason: string | null;
  issuedAt: string | null;
  createdAt: string;
};
export type SoldPackage = Omit<SoldPackageRow, "status"> & { state: PackageCreditState };

export type CustomerGiftCardRow = {
  id: string;
  status: string;
  last4: string | null;
  amount: number;
  balance: number;
  currency: string;
  expiresAt: string | null;
  /** The customer bought it (`bought`) or it was given to their e-mail (`received`; a card they bought for themselves is `bought`). */
  relation: "bought" | "received";
  createdAt: string;
};
export type CustomerGiftCard = Omit<CustomerGiftCardRow, "status"> & { state: GiftCardState };

// The package's name as offered (a deleted package keeps its name for what was sold).
const SOLD_COLUMNS = sql`c.id, c.package_id AS packageId, coalesce(p.name, '') AS packageName, c.status, c.source, c.last4, c.sessions,
  c.credits, c.price, c.currency, c.expires_at AS expiresAt, c.buyer_name AS buyerName, c.buyer_email AS buyerEmail, c.reason,
  c.issued_at AS issuedAt, c.created_at AS createdAt`;
const SOLD_FROM = sql`package_credits c LEFT JOIN packages p ON p.id = c.package_id AND p.tenant_id = c.tenant_id`;

/** GET /api/packages/sold (and the Packages view): paid or issued packages, newest first; one statement. */
export function soldPackagesQuery(db: Db, tenantId: string, page: { limit: number; offset: number }) {
  return db.all<SoldPackageRow>(sql`SELECT ${SOLD_COLUMNS} FROM ${SOLD_FROM}
    WHERE c.tenant_id = ${tenantId} AND c.status <> 'pending' ORDER BY c.created_at DESC, c.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
}

/** The customer record's e-mail inside its tenant ('' when it has none: then nothing matches by e-mail). */
const customerEmail = (tenantId: string, customerId: string) =>
  sql`(SELECT email FROM customers WHERE id = ${customerId} AND tenant_id = ${tenantId} AND email <> '' AND erased_at IS NULL)`;
const customerAccount = (tenantId: string, customerId: string) =>
  sql`(SELECT customer_account_id FROM customers WHERE id = ${customerId} AND tenant_id = ${tenantId} AND erased_at IS NULL)`;

/** The customer's packages: bought by their record or account, or issued to their e-mail; newest first. */
export function customerPackagesQuery(db: Db, tenantId: string, customerId: string) {
  return db.all<SoldPackageRow>(sql`SELECT ${SOLD_COLUMNS} FROM ${SOLD_FROM}
    WHERE c.tenant_id = ${tenantId} AND c.status <> 'pending'
      AND (c.customer_id = ${customerId} OR c.customer_account_id = ${customerAccount(tenantId, customerId)}
        OR c.buyer_email = ${customerEmail(tenantId, customerId)})
    ORDER BY c.created_at DESC, c.id DESC LIMIT 50`);
}

/** The customer's gift cards: bought by them (record or e-mail) or sent to their e-mail; newest first. */
export function customerGiftCardsQuery(db: Db, tenantId: string, customerId: string) {
  const email = customerEmail(tenantId, customerId);
  return db.all<CustomerGiftCardRow>(sql`SELECT id, status, last4, amount, balance, currency, expires_at AS expiresAt,
      CASE WHEN customer_id = ${customerId} OR buyer_email = ${email} THEN 'bought' ELSE 'received' END AS relation, created_at AS createdAt
    FROM gift_cards
    WHERE tenant_id = ${tenantId} AND status <> 'pending'
      AND (customer_id = ${customerId} OR buyer_email = ${email} OR recipient_email = ${email})
    ORDER BY created_at DESC, id DESC LIMIT 50`);
}

export function toSoldPackages(rows: SoldPackageRow[], nowMs: number): SoldPackage[] {
  return rows.map(({ status, ...r }) => ({ ...r, state: giftCardState({ status, balance: r.credits, expiresAt: r.expiresAt }, nowMs) }));
}

export function toCustomerGiftCards(rows: CustomerGiftCardRow[], nowMs: number): CustomerGiftCard[] {
  return rows.map(({ status, ...r }) => ({ ...r, state: giftCardState({ status, balance: r.balance, expiresAt: r.expiresAt }, nowMs) }));
}
