import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { axeCleanShot } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { connectedStripe, createBookableTenant, e2eClient, e2eDb, localDateAhead } from "../helpers/db";
import { expectNothingOnSale } from "../helpers/sale-page";
import { payAfterADecline, paymentRow, sendPaymentSucceeded } from "../helpers/stripe";

// design.md §32, issue #43 item 1: the gift-card page `/gift?slug=` in real Chromium, paid through
// the Stripe.js stand-in (tools/capture-server/stripe-js.js); Stripe's webhook is sent by the test,
// signed with the official package, as Stripe would after the buyer paid.

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

const GIFT_SETTINGS = { enabled: true, presets: [2500, 5000, 10000], minAmount: 1000, maxAmount: 30000, validityMonths: 12 };

async function giftShop(giftCardSettings: typeof GIFT_SETTINGS | null = GIFT_SETTINGS) {
  return createBookableTenant({
    tenant: { ...connectedStripe(), currency: "EUR", giftCardSettings },
  });
}

async function fillOrder(page: Page, tenant: { slug: string; timezone: string }, deliveryDate: string) {
  await page.getByLabel("Their name").fill("Grace Hopper");
  await page.getByLabel("Their e-mail").fill(`grace-${tenant.slug}@example.test`);
  await page.getByLabel("Your message to them (optional)").fill("Happy birthday! Treat yourself.");
  await page.getByLabel("Send it on").fill(deliveryDate);
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("Your e-mail (for the receipt)").fill(`ada-${tenant.slug}@example.test`);
}

describe("the gift-card page", () => {
  for (const width of [1280, 375]) {
    it(`sells a preset gift card at ${width} px: form, payment, a finished state naming the delivery day; the webhook issues it`, async () => {
      const tenant = await giftShop();
      const { page } = await browser.newPage({ width });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
      await page.getByRole("link", { name: "Buy a gift card" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Buy a gift card" }).isVisible()).toBe(true);
      expect(page.url()).toContain(`/gift?slug=${tenant.slug}`);
      await axeCleanShot(page, `gift-form-${width}`);

      // Nothing chosen: said next to the amount, nothing sent.
      await page.getByRole("button", { name: "Continue to payment" }).click();
      expect(await page.locator("#amount-error").textContent()).toBe("Choose an amount.");
      expect(await page.locator("#recipient-name-error").textContent()).toBe("Please fill this in.");
      expect(await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, tenant.id))).toEqual([]);

      const deliveryDate = localDateAhead(tenant.timezone, 10);
      await page.getByRole("radio", { name: "€50.00" }).check();
      await fillOrder(page, tenant, deliveryDate);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Pay €50.00" }).isEnabled()).toBe(true);
      const summary = await page.locator("#gift-summary").textContent();
      expect(summary).toMatch(/^A €50\.00 gift card for Grace Hopper \(grace-.+@example\.test\), sent on .+\.$/);
      const [card] = await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, tenant.id));
      expect(card).toMatchObject({ status: "pending", amount: 5000, recipientName: "Grace Hopper", deliveryDate });
      expect(card.message).toBe("Happy birthday! Treat yourself.");
      await axeCleanShot(page, `gift-payment-${width}`);

      // A declined card is said plainly and can be retried.
      await payAfterADecline(page, "Pay €50.00", "#gift-done");
      expect(await page.locator("#gift-done-text").textContent()).toMatch(
        /^Grace Hopper receives the gift card by e-mail on .+\. Your receipt is on its way to ada-.+@example\.test\.$/,
      );
      await axeCleanShot(page, `gift-done-${width}`);

      // Stripe's signed event issues the card with its balance.
      const payment = await paymentRow(card.paymentId);
      expect(payment).toMatchObject({ kind: "gift_card_sale", status: "pending", amount: 5000 });
      await sendPaymentSucceeded(payment, { gift_card_id: card.id });
      await expect
        .poll(async () => {
          const [issued] = await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.id, card.id));
          return { status: issued.status, balance: issued.balance };
        })
        .toEqual({ status: "active", balance: 5000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors, errors.join("\n")).toEqual([]);
    });
  }

  it("takes another amount within the business's range and refuses one outside it in plain words", async () => {
    const tenant = await giftShop();
    const { page } = await browser.newPage();
    await page.goto(`${baseUrl}/gift?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: "Another amount" }).check();
    await page.getByLabel("Amount in EUR").fill("400");
    await fillOrder(page, tenant, localDateAhead(tenant.timezone, 0));
    await page.getByRole("button", { name: "Continue to payment" }).click();
    expect(await page.locator("#amount-error").textContent()).toBe("Choose an amount between €10.00 and €300.00.");
    expect(await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, tenant.id))).toEqual([]);
    await page.getByLabel("Amount in EUR").fill("42.50");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Pay €42.50" }).isVisible()).toBe(true);
    expect(await page.locator("#gift-summary").textContent()).toMatch(/, sent today\.$/);
    const [card] = await e2eDb.select().from(schema.giftCards).where(eq(schema.giftCards.tenantId, tenant.id));
    expect(card.amount).toBe(4250);
  });

  it("is a plain 404 page, with the way to the booking page, when the business does not sell gift cards", async () => {
    const tenant = await giftShop(null);
    const { page } = await browser.newPage({ width: 1280 });
    await expectNothingOnSale(page, {
      slug: tenant.slug,
      link: "Buy a gift card",
      path: "/gift",
      status: 404,
      heading: "Gift cards are not available",
      text: `${tenant.businessName} does not sell gift cards online right now.`,
      shot: "gift-not-sold-1280",
      back: "Book an appointment with them",
    });
  });
});
