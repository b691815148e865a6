import type { Page } from "playwright-core";
import { expect, inject } from "vitest";

// Steps on the public booking page (design.md §16) that several page tests take: confirming the
// customer's details, and finding a booking by its code to move it.

const baseUrl = inject("e2eBaseUrl");

/** On the details step: the customer's first name and e-mail, then "Confirm booking". */
export async function confirmAs(page: Page, firstName: string, email: string) {
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Confirm booking" }).click();
}

/** Opens the business's booking page and finds the booking `code` as typed by the customer: its details show it confirmed. */
export async function findBookingByCode(page: Page, slug: string, code: string) {
  await page.goto(`${baseUrl}/book?slug=${slug}`);
  await page.getByLabel("Confirmation code").fill(code);
  await page.getByRole("button", { name: "Find booking" }).click();
  await expect.poll(() => page.locator("#manage-details").textContent()).toContain("Confirmed");
}

/** Moves the found booking to the offered time whose button matches `slot` (e.g. /^14:00 with/): the page says it moved. */
export async function moveToSlot(page: Page, slot: RegExp) {
  await page.locator("#reschedule-slots").getByRole("button", { name: slot }).click();
  await page.getByRole("button", { name: "Move booking" }).click();
  await expect.poll(() => page.locator("#manage-message").textContent()).toContain("moved to");
}
