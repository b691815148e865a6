import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { connectedStripe, createBookableTenant, e2eDb, uniq } from "./db";
import { sendPaymentSucceeded } from "./stripe";

// The customer-account pages' set-up (test/e2e/pages/customer-account.test.ts, issue #43): a salon
// selling a package, Stripe's signed event about its sale, accounts made through the API.

const baseUrl = inject("e2eBaseUrl");

// The server's clock is pinned (x-test-now): Tuesday 2031-06-03, 09:00 in New York; bookings are on the Wednesday after.
export const NOW = "2031-06-03T13:00:00Z";
export const DATE = "2031-06-04";
export const PASSWORD = "correct-horse-9";

/** A salon that takes the full price at booking through its connected account, selling "Five cuts". */
export async function packageSalon() {
  const tenant = await createBookableTenant({
    tenant: { ...connectedStripe(), requirePayment: true },
  });
  const now = new Date().toISOString();
  await e2eDb.insert(schema.packages).values({
    id: newId("pkg"),
    tenantId: tenant.id,
    name: "Five cuts",
    serviceIds: [tenant.serviceId],
    sessions: 5,
    price: 16000,
    currency: "USD",
    validityDays: 365,
    createdAt: now,
    updatedAt: now,
  });
  return tenant;
}

/** Stripe's signed `payment_intent.succeeded` about a sold package's payment. */
export async function sendPaidEvent(sold: typeof schema.packageCredits.$inferSelect) {
  const [payment] = await e2eDb
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, sold.paymentId ?? ""));
  await sendPaymentSucceeded(payment, { package_credit_id: sold.id, tenant_id: sold.tenantId });
}

export async function accountOf(email: string) {
  const [row] = await e2eDb.select().from(schema.customerAccounts).where(eq(schema.customerAccounts.email, email));
  return row;
}

/** An account made through the API, as one made on another day. */
export async function registered(firstName: string) {
  const email = `${firstName.toLowerCase()}-${uniq()}@example.test`;
  const res = await fetch(`${baseUrl}/api/customer-auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.77.${uniq().length}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password: PASSWORD, firstName, lastName: "Lovelace", phone: "+1 555 0100" }),
  });
  expect(res.status).toBe(201);
  return email;
}

/** Service, staff, the Wednesday, 10:00: the details step. */
export async function toDetails(page: Page, slug: string) {
  await page.goto(`${baseUrl}/book?slug=${slug}`);
  await page.getByRole("radio", { name: /^Haircut/ }).check();
  await page.getByRole("radio", { name: /^Alex Rivera/ }).check();
  await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
  await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
  await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
}
