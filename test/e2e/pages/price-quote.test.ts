import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import type { Salon } from "../helpers/app";
import { describeViolations, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { bookingDetails, codeSalon, ownerPost } from "../helpers/code-booking";
import { e2eClient, e2eDb } from "../helpers/db";

// issue #43 item 5: the booking page shows the price with the promo code and what the gift card covers
// before "Confirm booking" (POST /api/public/:slug/quote), in real Chromium; the confirmation of a
// booking at a business without payment shows the price it was booked at.

const browser = useBrowser();
afterAll(() => e2eClient.close());

/** The form ready for a code, "Have a code?" opened. */
async function details(page: Page, salon: Salon) {
  await bookingDetails(page, salon);
  await page.getByText("Have a code?").click();
}

/** The price lines as the customer reads them: [label, amount]. */
const priceLines = (page: Page) =>
  page
    .locator("#price-lines .price-line")
    .evaluateAll((rows) => rows.map((r) => [r.querySelector("dt")?.textContent, r.querySelector("dd")?.textContent]));

/** The $45.00 haircut's lines once a 20 % promo code applies, before what is due and how. */
const PRICE_WITH_PROMO = [
  ["Price", "$45.00"],
  ["Promo code", "−$9.00"],
  ["Total", "$36.00"],
];

async function looksFinished(page: Page, name: string, width: number) {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await screenshot(page, name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("the price before confirming", () => {
  for (const width of [375, 1280]) {
    it(`a promo code at a business without payment: the lowered price before confirming and on the confirmation (${width} px)`, async () => {
      const salon = await codeSalon({ pays: false });
      const promo = await ownerPost<{ id: string }>(salon, "/api/promo-codes", { code: "WELCOME20", percentOff: 20 });
      const { page } = await browser.newPage({ width });
      const errors = watchErrors(page);
      await details(page, salon);
      // Chosen time, no code yet: the listed price, paid at the salon.
      await expect
        .poll(() => priceLines(page))
        .toEqual([
          ["Price", "$45.00"],
          ["Pay at the salon", "$45.00"],
        ]);
      await page.getByLabel("Promo code").fill("welcome20");
      await page.getByRole("button", { name: "Apply promotion" }).click();
      await expect.poll(() => priceLines(page)).toEqual([...PRICE_WITH_PROMO, ["Pay at the salon", "$36.00"]]);
      // Applying counts nothing: only the booking does.
      const [before] = await e2eDb.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, promo.id));
      expect(before.uses).toBe(0);
      await looksFinished(page, `booking-price-promo-${width}`, width);

      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
      expect(await page.locator("#confirmation-price").textContent()).toBe("Price: $36.00, with $9.00 off from your promo code.");
      const [booking] = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id));
      expect(booking).toMatchObject({ status: "confirmed", totalAmount: 3600, promoDiscount: 900 });
      const [after] = await e2eDb.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, promo.id));
      expect(after.uses).toBe(1);
      await looksFinished(page, `booking-price-promo-confirmed-${width}`, width);
      expect(errors, errors.join("\n")).toEqual([]);
    });
  }

  it("a promo code and a gift card at a paying business: the split before confirming, and the payment step asks the same card amount", async () => {
    const salon = await codeSalon();
    await ownerPost(salon, "/api/promo-codes", { code: "SPRING20", percentOff: 20 });
    const card = await ownerPost<{ code: string }>(salon, "/api/gift-cards", { amount: 1000, reason: "Sold at the counter" });
    const { page } = await browser.newPage({ width: 375 });
    const errors = watchErrors(page);
    await details(page, salon);
    await page.getByLabel("Promo code").fill("SPRING20");
    await page.getByLabel("Gift card code (optional)").fill(card.code);
    // Keyboard: Enter in the code's field applies it (and does not book).
    await page.getByLabel("Gift card code (optional)").press("Enter");
    await expect
      .poll(() => priceLines(page))
      .toEqual([...PRICE_WITH_PROMO, ["Due when booking", "$36.00"], ["Paid by your gift card", "$10.00"], ["Paid by card now", "$26.00"]]);
    expect(await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id))).toEqual([]);
    const [untouched] = await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, salon.id));
    expect(untouched.balance).toBe(1000);
    await looksFinished(page, "booking-price-gift-card-375", 375);

    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#step-payment").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Pay 26.00 USD" }).isVisible()).toBe(true);
    expect(await page.locator("#pay-gift-card").textContent()).toBe("Your gift card pays $10.00; your card pays $26.00.");
    const [booking] = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id));
    expect(booking).toMatchObject({ status: "pending", totalAmount: 3600, promoDiscount: 900, giftCardAmount: 1000 });
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("a code that does not apply to the service is said beside its field, the price stays the listed one, and nothing is booked", async () => {
    const salon = await codeSalon({ pays: false });
    const services = await e2eDb.select().from(schema.services).where(eq(schema.services.tenantId, salon.id));
    const beard = services.find((s) => s.name === "Beard trim");
    await ownerPost(salon, "/api/promo-codes", { code: "BEARDONLY", percentOff: 50, serviceIds: [beard?.id] });
    const { page } = await browser.newPage({ width: 1280 });
    await details(page, salon);
    await page.getByLabel("Promo code").fill("BEARDONLY");
    await page.getByRole("button", { name: "Apply promotion" }).click();
    await expect.poll(() => page.locator("#promoCode-error").textContent()).toBe("This promo code does not apply to this service.");
    expect(await page.getByLabel("Promo code").getAttribute("aria-invalid")).toBe("true");
    await expect
      .poll(() => priceLines(page))
      .toEqual([
        ["Price", "$45.00"],
        ["Pay at the salon", "$45.00"],
      ]);
    // Confirming does not book with a refused code: the customer is sent back to it.
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("promoCode");
    expect(await page.locator("#confirmation").isVisible()).toBe(false);
    expect(await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id))).toEqual([]);
    await looksFinished(page, "booking-price-refused-1280", 1280);
  });
});
