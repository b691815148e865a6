import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { schema } from "../../../src/db/client";
import { GIFT_CARD_DEFAULTS } from "../../../src/shared/gift-cards";
import { type ApiResponse, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { ownerToken, uniq } from "../../helpers/factories";
import { outboxRows } from "../../helpers/outbox";
import { customer, payingTenant, paymentSucceeded, stripeCalls } from "../payments/support";

// Prepaid money (design.md §32) through the real routes; Stripe is the capture server's stand-in and
// its events are signed with the official `stripe` package (../payments/support.ts).

export const giftSettings = { ...GIFT_CARD_DEFAULTS, enabled: true, presets: [2500, 5000, 10000], minAmount: 1000, maxAmount: 50000 };

/** A business selling gift cards through its connected Stripe account (and taking deposits, as payingTenant). */
export async function giftTenant(opts: Parameters<typeof payingTenant>[0] = {}) {
  return payingTenant({ ...opts, tenant: { giftCardSettings: giftSettings, ...opts.tenant } });
}

export function purchaseBody(extra: Record<string, unknown> = {}) {
  const tag = uniq();
  return {
    amount: 5000,
    buyer: { name: "Bea Buyer", email: `bea-${tag}@example.test` },
    recipient: { name: "Rae Recipient", email: `rae-${tag}@example.test` },
    message: "Happy birthday!",
    deliveryDate: "2031-05-10",
    ...extra,
  };
}

export const buy = (slug: string, body: Record<string, unknown>, opts: { now?: string | Date; ip?: string } = {}) =>
  post(`/api/public/${slug}/gift-cards`, body, opts);

export async function giftCardRow(id: string) {
  const [row] = await testDb().select().from(schema.giftCards).where(sql`id = ${id}`);
  return row;
}

/** What a sale pays for: the table holding it and the metadata key Stripe carries its id under. */
const SOLD = {
  giftCard: { table: sql.raw("gift_cards"), key: "gift_card_id" },
  package: { table: sql.raw("package_credits"), key: "package_credit_id" },
} as const;
export type SoldKind = keyof typeof SOLD;

/** The payment of a gift card or a package bought online. */
export async function soldPayment(kind: SoldKind, soldId: string) {
  const [row] = await testDb().all<{
    id: string;
    stripePaymentIntentId: string;
    amount: number;
    currency: string;
    tenantId: string;
    status: string;
    kind: string;
    bookingId: string | null;
  }>(sql`
    SELECT p.id, p.stripe_payment_intent_id AS stripePaymentIntentId, p.amount, p.currency, p.tenant_id AS tenantId, p.status, p.kind,
           p.booking_id AS bookingId
    FROM payments p JOIN ${SOLD[kind].table} s ON s.payment_id = p.id WHERE s.id = ${soldId}`);
  return row;
}

/** Stripe's signed event about a sale's payment (`payment_intent.succeeded` unless `type` says otherwise). */
export async function soldEvent(kind: SoldKind, soldId: string, opts: { at?: Date; type?: string; account?: string } = {}) {
  const failed = opts.type === "payment_intent.payment_failed";
  return paymentSucceeded(
    await soldPayment(kind, soldId),
    { [SOLD[kind].key]: soldId },
    {
      ...opts,
      ...(failed ? { extra: { last_payment_error: { message: "Your card was declined." } } } : {}),
    },
  );
}

/** How many sales of a kind and payments a business has (a refused purchase writes neither). */
export async function soldCounts(kind: SoldKind, tenantId: string) {
  const [row] = await testDb().all<{ sold: number; payments: number }>(sql`
    SELECT (SELECT count(*) FROM ${SOLD[kind].table} WHERE tenant_id = ${tenantId}) AS sold,
           (SELECT count(*) FROM payments WHERE tenant_id = ${tenantId}) AS payments`);
  return row;
}

export const salePayment = (giftCardId: string) => soldPayment("giftCard", giftCardId);

/** Stripe's signed `payment_intent.succeeded` for a bought card's sale. */
export const paySale = (giftCardId: string, opts: { at?: Date } = {}) => soldEvent("giftCard", giftCardId, opts);

/** The outbox rows to an address (the raw rows: gift-card e-mails are rendered when written). */
export async function outboxTo(to: string) {
  return outboxRows(testDb(), to);
}

/** The code in a recipient's gift-card e-mail (the only place it is written). */
export function codeIn(text: string): string {
  const m = text.match(/GC-[0-9A-Z]{4}-[0-9A-Z]{4}/);
  if (!m) throw new Error("no gift-card code in the e-mail");
  return m[0];
}

/** The owner's token valid at a pinned request clock (the factory's is minted for the real one). */
export const ownerTokenAt = (tenant: { ownerId: string; id: string }, at: string) =>
  ownerToken(tenant.ownerId, tenant.id, "owner", new Date(at));

/** `n` free 10:00 starts on consecutive days of `month`, from `firstDay` on (for races of creates). */
export const dailyStarts = (n: number, month = "2031-05", firstDay = 10) =>
  Array.from({ length: n }, (_, i) => `${month}-${String(firstDay + i).padStart(2, "0")}T10:00:00`);

/** Creates raced for the last of something: exactly one was taken (201, returned), every other refused naming only `field`. */
export function oneWinner(results: ApiResponse[], field: string) {
  const ok = results.filter((r) => r.status === 201);
  expect(ok).toHaveLength(1);
  for (const r of results.filter((x) => x.status !== 201)) {
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.error.details.fieldErrors)).toEqual([field]);
  }
  return ok[0];
}

/** A public visit of two items back to back with one staff member (`service`, then `dry`) and the codes given. */
export function twoItemVisit(
  s: { service: { id: string }; dry: { id: string }; staff: { id: string } },
  start: string,
  codes: Record<string, unknown> = {},
) {
  return {
    items: [
      { serviceId: s.service.id, staffProfileId: s.staff.id },
      { serviceId: s.dry.id, staffProfileId: s.staff.id },
    ],
    startDatetime: start,
    customer: customer(),
    ...codes,
  };
}

/**
 * A purchase's answer (gift card or package): 201 pending with the payment the browser confirms, and
 * the one PaymentIntent created on the connected account under the sale's idempotency key, its
 * metadata naming what is sold (`metadata`, besides the tenant). The sale's id.
 */
export async function expectPendingSale(
  res: ApiResponse,
  sale: {
    tenantId: string;
    account: string;
    id: RegExp;
    amount: number;
    key: (id: string) => string;
    metadata: (id: string) => Record<string, string>;
  },
): Promise<string> {
  expect(res.status).toBe(201);
  const data = res.body.data;
  expect(data).toEqual({
    id: expect.stringMatching(sale.id),
    status: "pending",
    payment: {
      clientSecret: expect.stringMatching(/^pi_.+_secret_/),
      publishableKey: "pk_test_capture",
      stripeAccount: sale.account,
      amount: sale.amount,
      currency: "EUR",
    },
  });
  const [call] = await stripeCalls(sale.tenantId);
  expect(call.path).toBe("/stripe/v1/payment_intents");
  expect(call.headers["stripe-account"]).toBe(sale.account);
  expect(call.headers["idempotency-key"]).toBe(sale.key(data.id));
  expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
    amount: String(sale.amount),
    currency: "eur",
    "automatic_payment_methods[enabled]": "true",
    ...Object.fromEntries(Object.entries(sale.metadata(data.id)).map(([k, v]) => [`metadata[${k}]`, v])),
    "metadata[tenant_id]": sale.tenantId,
  });
  return data.id;
}
