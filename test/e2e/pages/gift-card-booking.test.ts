import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import type { Salon } from "../helpers/app";
import { axeCleanShot, screenshot } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { bookingDetails, codeSalon, ownerPost } from "../helpers/code-booking";
import { e2eClient, e2eDb } from "../helpers/db";

// design.md §32, issue #43 item 2: the booking page's gift card field in real Chromium. The cards are
// issued through the owner API (POST /api/gift-cards), as a salon sells one at the counter.

const browser = useBrowser();
afterAll(() => e2eClient.close());

function issueCard(salon: Salon, amount: number): Promise<string> {
  return ownerPost<{ code: string }>(salon, "/api/gift-cards", { amount, reason: "Sold at the counter" }).then((card) => card.code);
}

async function detailsWithCode(page: Page, salon: Salon, code: string) {
  await bookingDetails(page, salon);
  await page.getByLabel("Gift card code (optional)").fill(code);
}

describe("booking with a gift card code", () => {
  it("a card smaller than the price pays first and the payment step says what the card still pays", async () => {
    const salon = await codeSalon();
    const code = await issueCard(salon, 1000);
    const { page } = await browser.newPage();
    const errors = watchErrors(page);
    await detailsWithCode(page, salon, code.toLowerCase());
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#step-payment").isVisible()).toBe(true);
    expect(await page.locator("#pay-gift-card").textContent()).toBe("Your gift card pays $10.00; your card pays $35.00.");
    await expect.poll(() => page.getByRole("button", { name: "Pay 35.00 USD" }).isEnabled()).toBe(true);
    await axeCleanShot(page, "booking-gift-card-split-375");
    const [card] = await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, salon.id));
    expect(card.balance).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("a card covering the whole price confirms the booking at once and says what it paid", async () => {
    const salon = await codeSalon();
    const code = await issueCard(salon, 10_000);
    const { page } = await browser.newPage({ width: 1280 });
    await detailsWithCode(page, salon, code);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    expect(await page.locator("#step-payment").isVisible()).toBe(false);
    await expect.poll(() => page.locator("#confirmation-gift-card").textContent()).toBe("Paid in full with your gift card: $45.00.");
    const [card] = await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, salon.id));
    expect(card.balance).toBe(5500);
    await axeCleanShot(page, "booking-gift-card-full-1280");
  });

  it("an unknown code is said next to the field in plain words and nothing is booked", async () => {
    const salon = await codeSalon();
    const { page } = await browser.newPage();
    await detailsWithCode(page, salon, "GC-2222-3333");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect
      .poll(() => page.locator("#giftCardCode-error").textContent())
      .toBe("No gift card has this code. Check the code and try again.");
    expect(await page.getByLabel("Gift card code (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#step-payment").isVisible()).toBe(false);
    expect(await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id))).toEqual([]);
    await screenshot(page, "booking-gift-card-unknown-375");
  });
});
