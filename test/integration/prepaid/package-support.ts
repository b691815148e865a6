import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { sendEvent, stripeEvent } from "../payments/support";
import { ownerTokenAt } from "./support";

// Prepaid codes through the owner's routes at NOW (design.md §32): packages offered and issued, gift cards
// sold at the counter, promo codes, and what each has left; a package sold online, its payment and Stripe's
// signed events about it.

export const NOW = "2031-05-01T12:00:00.000Z";

export async function offered(tenant: { ownerId: string; id: string }, serviceIds: string[], extra: Record<string, unknown> = {}) {
  const token = await ownerTokenAt(tenant, NOW);
  const body = { name: "Five colours", serviceIds, sessions: 5, price: 16000, validityDays: 365, ...extra };
  const res = await post("/api/packages", body, { token, now: NOW });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

/** Package credits issued by the owner at the counter (`extra`: buyer, reason). */
export async function issued(tenant: { ownerId: string; id: string }, packageId: string, extra: Record<string, unknown> = {}) {
  const token = await ownerTokenAt(tenant, NOW);
  const res = await post(`/api/packages/${packageId}/issue`, { reason: "Counter sale", ...extra }, { token, now: NOW });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; code: string; credits: number; expiresAt: string };
}

export async function creditsOf(id: string) {
  const [row] = await testDb().all<{ credits: number }>(sql`SELECT credits FROM package_credits WHERE id = ${id}`);
  return row.credits;
}

/** A gift card the owner sold at the counter. */
export async function counterCard(tenant: { ownerId: string; id: string }, amount: number) {
  const token = await ownerTokenAt(tenant, NOW);
  const res = await post("/api/gift-cards", { amount, reason: "Counter sale" }, { token, now: NOW });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; code: string; expiresAt: string };
}

export async function promo(tenant: { ownerId: string; id: string }, body: Record<string, unknown>) {
  const res = await post("/api/promo-codes", body, { token: await ownerTokenAt(tenant, NOW), now: NOW });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; code: string };
}

export async function usesOf(id: string) {
  const [row] = await testDb().all<{ uses: number }>(sql`SELECT uses FROM promo_codes WHERE id = ${id}`);
  return row.uses;
}

export async function salePayment(soldId: string) {
  const [row] = await testDb().all<{
    id: string;
    intent: string;
    amount: number;
    currency: string;
    tenantId: string;
    status: string;
    kind: string;
  }>(sql`
    SELECT p.id, p.stripe_payment_intent_id AS intent, p.amount, p.currency, p.tenant_id AS tenantId, p.status, p.kind
    FROM payments p JOIN package_credits c ON c.payment_id = p.id WHERE c.id = ${soldId}`);
  return row;
}

/** Stripe's signed event about a sold package's payment. */
export async function saleEvent(soldId: string, type = "payment_intent.succeeded", opts: { account?: string } = {}) {
  const p = await salePayment(soldId);
  const event = stripeEvent(
    type,
    {
      id: p.intent,
      object: "payment_intent",
      amount: p.amount,
      currency: p.currency.toLowerCase(),
      status: type === "payment_intent.succeeded" ? "succeeded" : "requires_payment_method",
      metadata: { package_credit_id: soldId, tenant_id: p.tenantId },
      ...(type === "payment_intent.payment_failed" ? { last_payment_error: { message: "Your card was declined." } } : {}),
    },
    opts.account,
  );
  const res = await sendEvent(event, { at: new Date(NOW), pinClock: true });
  return { res, event };
}

export function packageCodeIn(text: string): string {
  const m = text.match(/PK-[0-9A-Z]{4}-[0-9A-Z]{4}/);
  if (!m) throw new Error("no package code in the e-mail");
  return m[0];
}
