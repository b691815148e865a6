import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Locale } from "../../shared/i18n/locales";
import { flag, tenantKeyedRow, timestamps } from "./columns";

/**
 * Prepaid money (design.md §32): gift cards, packages of sessions and promo codes.
 *
 * Codes a customer holds (gift cards `GC-…`, sold packages `PK-…`) are never stored: only their
 * HMAC under the server's GIFT_CODE_SECRET (`code_hash`, hex; a plain hash of an 8-character code
 * could be reversed by trying them all) and the last 4 characters to show. A code is issued only
 * once its money is taken: a purchase waits `pending` (no code, no balance) until Stripe's signed
 * `payment_intent.succeeded` issues it in the event's batch. Expiry is compared by readers with
 * their clock (`expires_at`, ISO UTC); `status` is pending -> active -> void (the owner's, with a reason).
 */

/**
 * How a gift card or a package credit came to be and how it ends (design.md §32), the same columns
 * on both: the sale (its payment), the buyer's records when known (their view lists it), or the
 * owner's issue by hand with the reason (counter sale, goodwill), and the void.
 */
const soldOrIssued = () => ({
  paymentId: text("payment_id"),
  customerId: text("customer_id"),
  customerAccountId: text("customer_account_id"),
  reason: text("reason"),
  issuedAt: text("issued_at"),
  issuedBy: text("issued_by"),
  voidReason: text("void_reason"),
  voidedAt: text("voided_at"),
});

/** The code a gift card or a package credit is redeemed by, the same columns on both (see above). */
const heldCode = () => ({
  status: text("status", { enum: ["pending", "active", "void"] }).notNull(),
  source: text("source", { enum: ["purchase", "owner"] }).notNull(),
  /** null while pending. */
  codeHash: text("code_hash"),
  last4: text("last4"),
});

export const giftCards = sqliteTable(
  "gift_cards",
  {
    ...tenantKeyedRow(),
    ...heldCode(),
    amount: integer("amount").notNull(),
    balance: integer("balance").notNull().default(0),
    currency: text("currency").notNull(),
    expiresAt: text("expires_at"),
    buyerName: text("buyer_name").notNull().default(""),
    /** Lower-cased; "" for an owner-issued card sold at the counter without one. */
    buyerEmail: text("buyer_email").notNull().default(""),
    recipientName: text("recipient_name").notNull().default(""),
    recipientEmail: text("recipient_email").notNull().default(""),
    message: text("message").notNull().default(""),
    /** Tenant-local date the recipient's e-mail goes out. */
    deliveryDate: text("delivery_date"),
    /** design.md §30: the purchase page's language, of the e-mails about the card (null = the business's). */
    locale: text("locale").$type<Locale>(),
    ...soldOrIssued(),
    voidedBy: text("voided_by"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("gift_cards_code_uq").on(t.tenantId, t.codeHash),
    index("gift_cards_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("gift_cards_payment_idx").on(t.paymentId),
    index("gift_cards_customer_idx").on(t.customerId),
  ],
);

/** A package a business sells (design.md §32): `sessions` of its services for `price`, good for `validityDays`. */
export const packages = sqliteTable(
  "packages",
  {
    ...tenantKeyedRow(),
    name: text("name").notNull(),
    serviceIds: text("service_ids", { mode: "json" }).$type<string[]>().notNull(),
    sessions: integer("sessions").notNull(),
    price: integer("price").notNull(),
    currency: text("currency").notNull(),
    validityDays: integer("validity_days").notNull(),
    /** Deleted packages stay for the credits already sold; they are no longer offered. */
    deletedAt: text("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("packages_tenant_idx").on(t.tenantId)],
);

/** A package sold (or issued by the owner): its own `PK-…` code and the credits left. */
export const packageCredits = sqliteTable(
  "package_credits",
  {
    ...tenantKeyedRow(),
    packageId: text("package_id").notNull(),
    ...heldCode(),
    /** The package's terms when sold (a later edit of the package changes nothing sold). */
    serviceIds: text("service_ids", { mode: "json" }).$type<string[]>().notNull(),
    sessions: integer("sessions").notNull(),
    credits: integer("credits").notNull().default(0),
    price: integer("price").notNull(),
    currency: text("currency").notNull(),
    expiresAt: text("expires_at"),
    buyerName: text("buyer_name").notNull().default(""),
    buyerEmail: text("buyer_email").notNull().default(""),
    /** design.md §30: the purchase page's language, of the e-mail with the code (null = the business's). */
    locale: text("locale").$type<Locale>(),
    ...soldOrIssued(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("package_credits_code_uq").on(t.tenantId, t.codeHash),
    index("package_credits_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("package_credits_account_idx").on(t.customerAccountId),
    index("package_credits_payment_idx").on(t.paymentId),
  ],
);

/** A promo code (design.md §32): stored upper-cased; unique per business among codes not deleted. */
export const promoCodes = sqliteTable(
  "promo_codes",
  {
    ...tenantKeyedRow(),
    code: text("code").notNull(),
    percentOff: integer("percent_off"),
    amountOff: integer("amount_off"),
    /** null = every service. */
    serviceIds: text("service_ids", { mode: "json" }).$type<string[]>(),
    /** Tenant-local dates, inclusive; null = open. */
    validFrom: text("valid_from"),
    validTo: text("valid_to"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    firstVisitOnly: flag("first_visit_only").notNull().default(false),
    deletedAt: text("deleted_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("promo_codes_code_uq").on(t.tenantId, t.code).where(sql`deleted_at IS NULL`)],
);
