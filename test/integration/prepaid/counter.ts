import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { ownerTokenAt } from "./support";

// What a business sets up through the owner API before a prepaid test books (design.md §32): promo
// codes, packages offered, gift cards and packages sold at the counter, all at the pinned NOW; and
// what a code has left afterwards, read from the database.

export const NOW = "2031-05-01T12:00:00.000Z";

type Owner = { ownerId: string; id: string };

/** The owner's create at a pinned instant: 201 and its data. */
export async function ownerCreate<T>(tenant: Owner, path: string, body: Record<string, unknown>, at = NOW): Promise<T> {
  const res = await post(path, body, { token: await ownerTokenAt(tenant, at), now: at });
  expect(res.status).toBe(201);
  return res.body.data as T;
}

export const promo = (tenant: Owner, body: Record<string, unknown>) =>
  ownerCreate<{ id: string; code: string }>(tenant, "/api/promo-codes", body);

/** A gift card sold at the counter (no Stripe). */
export const counterCard = (tenant: Owner, amount: number) =>
  ownerCreate<{ id: string; code: string; expiresAt: string }>(tenant, "/api/gift-cards", { amount, reason: "Counter sale" });

/** A package offered: "Five colours", 5 sessions for 160.00, a year (each overridable). */
export const offered = (tenant: Owner, serviceIds: string[], extra: Record<string, unknown> = {}) =>
  ownerCreate<{ id: string; name: string }>(tenant, "/api/packages", {
    name: "Five colours",
    serviceIds,
    sessions: 5,
    price: 16000,
    validityDays: 365,
    ...extra,
  });

/** A package issued by hand (a counter sale) with its code shown once. */
export const issued = (tenant: Owner, packageId: string, extra: Record<string, unknown> = {}, at = NOW) =>
  ownerCreate<{ id: string; code: string; credits: number; expiresAt: string; last4: string }>(
    tenant,
    `/api/packages/${packageId}/issue`,
    { reason: "Counter sale", ...extra },
    at,
  );

export async function usesOf(promoCodeId: string) {
  const [row] = await testDb().all<{ uses: number }>(sql`SELECT uses FROM promo_codes WHERE id = ${promoCodeId}`);
  return row.uses;
}

export async function creditsOf(packageCreditId: string) {
  const [row] = await testDb().all<{ credits: number }>(sql`SELECT credits FROM package_credits WHERE id = ${packageCreditId}`);
  return row.credits;
}
