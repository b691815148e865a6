import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { ownerPost, payingSalon, type Salon, workingDayAhead } from "../helpers/app";
import { describeViolations, screenshot, seriousViolations } from "../helpers/axe";
import { pickCalendarDate, useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb, uniq } from "../helpers/db";

// design.md §32, issue #43 (prepaid-book item 2): "Have a code?" on the booking page in real Chromium:
// a promo code lowers the price the payment step shows, a package code pays the booking.

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

async function details(page: Page, salon: Salon) {
  await page.goto(`${baseUrl}/book?slug=${salon.slug}`);
  await page.getByRole("radio", { name: /^Haircut/ }).check();
  await page.getByRole("radio", { name: "Alex Rivera" }).check();
  await pickCalendarDate(page, workingDayAhead());
  await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("E-mail").fill(`ada-${salon.slug}-${uniq()}@example.test`);
  await page.getByText("Have a code?").click();
}

describe("booking with a code", () => {
  for (const width of [375, 1280]) {
    it(`a promo code lowers the price the payment step asks for, and its use is counted (${width} px)`, async () => {
      const salon = await payingSalon();
      const promo = await ownerPost<{ id: string }>(salon, "/api/promo-codes", { code: "SPRING20", percentOff: 20 });
      const { page } = await browser.newPage({ width });
      const errors = watchErrors(page);
      await details(page, salon);
      await page.getByLabel("Promo code").fill("spring20");
      await screenshot(page, `booking-codes-promo-${width}`);
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect.poll(() => page.locator("#step-payment").isVisible()).toBe(true);
      // $45.00 less 20 % = $36.00, paid in full at booking.
      await expect.poll(() => page.getByRole("button", { name: "Pay 36.00 USD" }).isVisible()).toBe(true);
      expect(await page.locator("#pay-promo").textContent()).toBe("Your promo code is included in this price.");
      const [row] = await e2eDb.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, promo.id));
      expect(row.uses).toBe(1);
      const [booking] = await e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id));
      expect(booking).toMatchObject({ totalAmount: 3600, promoDiscount: 900 });
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `booking-codes-promo-pay-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors, errors.join("\n")).toEqual([]);
    });
  }

  it("a package code confirms the booking at once with nothing charged, and takes one session", async () => {
    const salon = await payingSalon();
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
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    expect(await page.locator("#step-payment").isVisible()).toBe(false);
    expect(await page.locator("#confirmation-package").textContent()).toBe(
      "Paid with your package: one session per service it covers, nothing charged.",
    );
    const [credit] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.id, sold.id));
    expect(credit.credits).toBe(4);
    expect(await e2eDb.select().from(schema.payments).where(eq(schema.payments.tenantId, salon.id))).toEqual([]);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, "booking-codes-package-1280");
  });

  it("an unknown promo code is said next to its field in plain words and nothing is booked", async () => {
    const salon = await payingSalon();
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
