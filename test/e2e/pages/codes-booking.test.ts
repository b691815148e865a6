import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import type { Salon } from "../helpers/app";
import { axeCleanShot, screenshot } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { bookingDetails, codeSalon, confirmPaidByPackage, ownerPost } from "../helpers/code-booking";
import { e2eClient, e2eDb } from "../helpers/db";
import { payByCard, sendPaymentSucceeded } from "../helpers/stripe";

// design.md §32, issue #43 (prepaid-book item 2): "Have a code?" on the booking page in real Chromium:
// a promo code lowers the price the payment step shows and the customer pays it through the Stripe.js
// stand-in (Stripe's webhook sent by the test, signed with the official package); on a business that
// takes no payment the booking is confirmed at the lowered price; a package code pays the booking.

const browser = useBrowser();
afterAll(() => e2eClient.close());

/** The form ready for a code, "Have a code?" opened. */
async function details(page: Page, salon: Salon) {
  await bookingDetails(page, salon);
  await page.getByText("Have a code?").click();
}

const rowsOf = async (salonId: string) => ({
  bookings: await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salonId)),
  payments: await e2eDb.select().from(schema.payments).where(eq(schema.payments.tenantId, salonId)),
});

describe("booking with a code", () => {
  for (const width of [375, 1280]) {
    it(`a promo code lowers the price the payment step asks for; paid, the booking is confirmed and the use counted once (${width} px)`, async () => {
      const salon = await codeSalon();
      const promo = await ownerPost<{ id: string }>(salon, "/api/promo-codes", { code: "SPRING20", percentOff: 20 });
      const { page } = await browser.newPage({ width });
      const errors = watchErrors(page);
      await details(page, salon);
      await page.getByLabel("Promo code").fill("spring20");
      await screenshot(page, `booking-codes-promo-${width}`);
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect.poll(() => page.locator("#step-payment").isVisible()).toBe(true);
      // $45.00 less 20 % = $36.00, paid in full at booking.
      const pay = page.getByRole("button", { name: "Pay 36.00 USD" });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      expect(await page.locator("#pay-promo").textContent()).toBe("Your promo code is included in this price.");
      const held = await rowsOf(salon.id);
      expect(held.bookings).toHaveLength(1);
      expect(held.bookings[0]).toMatchObject({ status: "pending", totalAmount: 3600, promoDiscount: 900 });
      expect(held.payments).toHaveLength(1);
      expect(held.payments[0]).toMatchObject({ amount: 3600, status: "pending" });
      await axeCleanShot(page, `booking-codes-promo-pay-${width}`);

      await payByCard(page, "Pay 36.00 USD");
      await expect.poll(() => page.locator("#pay-status").textContent()).toBe("Payment received. Confirming your booking\u2026");
      const booking = held.bookings[0];
      await sendPaymentSucceeded(held.payments[0], { booking_id: booking.id });
      await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
      expect(await page.locator("#confirmation-code").textContent()).toBe(booking.confirmationCode);
      expect(await page.locator("#confirmation-summary").textContent()).toContain("Haircut with Alex Rivera");
      await screenshot(page, `booking-codes-promo-paid-${width}`);

      const paid = await rowsOf(salon.id);
      expect(paid.bookings).toHaveLength(1);
      expect(paid.bookings[0]).toMatchObject({ status: "confirmed", totalAmount: 3600, promoDiscount: 900 });
      expect(paid.payments).toHaveLength(1);
      expect(paid.payments[0]).toMatchObject({ amount: 3600, status: "succeeded", kind: "full" });
      const [row] = await e2eDb.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, promo.id));
      expect(row.uses).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors, errors.join("\n")).toEqual([]);
    });
  }

  it("on a business that takes no payment a promo code confirms the booking at once at the lowered price", async () => {
    const salon = await codeSalon({ pays: false });
    const promo = await ownerPost<{ id: string }>(salon, "/api/promo-codes", { code: "WELCOME10", amountOff: 1000 });
    const { page } = await browser.newPage({ width: 375 });
    const errors = watchErrors(page);
    await details(page, salon);
    await page.getByLabel("Promo code").fill("Welcome10");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    expect(await page.locator("#step-payment").isVisible()).toBe(false);
    const { bookings, payments } = await rowsOf(salon.id);
    expect(bookings).toHaveLength(1);
    // $45.00 less $10.00: nothing is charged, the price kept on the booking is the lowered one.
    expect(bookings[0]).toMatchObject({ status: "confirmed", totalAmount: 3500, promoDiscount: 1000, promoCodeId: promo.id });
    expect(payments).toEqual([]);
    expect(await page.locator("#confirmation-heading").textContent()).toBe("Your booking is confirmed");
    expect(await page.locator("#confirmation-code").textContent()).toBe(bookings[0].confirmationCode);
    expect(await page.locator("#confirmation-summary").textContent()).toContain("Haircut with Alex Rivera");
    expect(await page.locator("#confirmation-price").textContent()).toBe("Price: $35.00, with $10.00 off from your promo code.");
    expect(await page.locator("#confirmation-gift-card").isVisible()).toBe(false);
    expect(await page.locator("#confirmation-package").isVisible()).toBe(false);
    const [row] = await e2eDb.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, promo.id));
    expect(row.uses).toBe(1);
    await axeCleanShot(page, "booking-codes-promo-free-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("a package code confirms the booking at once with nothing charged, and takes one session", async () => {
    const salon = await codeSalon();
    const [haircut] = await e2eDb.select().from(schema.services).where(eq(schema.services.tenantId, salon.id));
    const offer = await ownerPost<{ id: string }>(salon, "/api/packages", {
      name: "Five cuts",
      serviceIds: [haircut.id],
      sessions: 5,
      price: 20000,
      validityDays: 365,
    });
    const sold = await ownerPost<{ id: string; code: string }>(salon, `/api/packages/${offer.id}/issue`, { reason: "Paid cash" });
    const { page } = await browser.newPage({ width: 1280 });
    await details(page, salon);
    await page.getByLabel("Package code").fill(sold.code);
    // The price lines would say what a card pays: with a package code they say what the package does instead.
    await expect
      .poll(() => page.locator("#price-note").textContent())
      .toBe("A package code pays the services it covers: nothing is charged for them. The price is settled when you book.");
    expect(await page.locator("#price-lines > *").count()).toBe(0);
    await confirmPaidByPackage(page);
    const [credit] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.id, sold.id));
    expect(credit.credits).toBe(4);
    expect(await e2eDb.select().from(schema.payments).where(eq(schema.payments.tenantId, salon.id))).toEqual([]);
    await axeCleanShot(page, "booking-codes-package-1280");
  });

  it("an unknown promo code is said next to its field in plain words and nothing is booked", async () => {
    const salon = await codeSalon();
    const { page } = await browser.newPage();
    await details(page, salon);
    await page.getByLabel("Promo code").fill("NOSUCHCODE");
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#promoCode-error").textContent()).toBe("No promo code has this code. Check it and try again.");
    expect(await page.getByLabel("Promo code").getAttribute("aria-invalid")).toBe("true");
    expect(await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id))).toEqual([]);
    await screenshot(page, "booking-codes-promo-unknown-375");
  });
});
