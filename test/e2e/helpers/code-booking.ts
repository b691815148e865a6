import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import * as schema from "../../../src/db/schema";
import { createSalon, type Salon, sessionFor } from "./app";
import { pickCalendarDate, randomIp } from "./browser";
import { e2eDb, localDateAhead, uniq } from "./db";

// The booking page with a code in real Chromium (design.md §32): a salon (Haircut $45.00 with Alex
// Rivera), the codes its owner sells at the counter through the owner API, and the customer's way
// through the page up to "Confirm booking".

const baseUrl = inject("e2eBaseUrl");

/** A salon; `pays` (default): it takes the full price at booking through its connected Stripe account. */
export async function codeSalon(opts: { pays?: boolean } = {}) {
  const salon = await createSalon();
  const paying = opts.pays === false ? {} : { requirePayment: true, stripeAccountId: `acct_e2e${uniq()}`, stripeChargesEnabled: true };
  await e2eDb
    .update(schema.tenants)
    .set({ ...paying, maxAdvanceDays: 36_500 })
    .where(eq(schema.tenants.id, salon.id));
  return salon;
}

/** What the owner creates through the owner API (a promo code, a package, a counter sale): 201 and its data. */
export async function ownerPost<T>(salon: Salon, path: string, body: unknown): Promise<T> {
  const { token } = await sessionFor(salon, salon.owner);
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "CF-Connecting-IP": randomIp() },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: T }).data;
}

/**
 * A working day (Monday to Saturday) a week or so ahead in New York: the month calendar pages at most a
 * year ahead, so not FAR_DATE; any day of that range is free at 10:00.
 */
export function dayAhead(): string {
  const ny = (days: number) => localDateAhead("America/New_York", days);
  const sunday = (ymd: string) => new Date(`${ymd}T12:00:00Z`).getUTCDay() === 0;
  return sunday(ny(8)) ? ny(9) : ny(8);
}

/** Haircut with Alex Rivera at 10:00 on `dayAhead()`, the customer's name and e-mail: the form is ready for a code. */
export async function bookingDetails(page: Page, salon: Salon) {
  await page.goto(`${baseUrl}/book?slug=${salon.slug}`);
  await page.getByRole("radio", { name: /^Haircut/ }).check();
  await page.getByRole("radio", { name: "Alex Rivera" }).check();
  await pickCalendarDate(page, dayAhead());
  await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("E-mail").fill(`ada-${salon.slug}-${uniq()}@example.test`);
}

/** Confirms a booking a package pays: the confirmation says so, with no payment step and no price. */
export async function confirmPaidByPackage(page: Page) {
  await page.getByRole("button", { name: "Confirm booking" }).click();
  await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
  expect(await page.locator("#step-payment").isVisible()).toBe(false);
  expect(await page.locator("#confirmation-package").textContent()).toBe(
    "Paid with your package: one session per service it covers, nothing charged.",
  );
  expect(await page.locator("#confirmation-price").isVisible()).toBe(false);
}
