import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { axeCleanShot } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { connectedStripe, createBookableTenant, e2eClient, e2eDb, uniq } from "../helpers/db";
import { serveHostPage } from "../helpers/host-page";
import { expectNothingOnSale } from "../helpers/sale-page";
import { payAfterADecline, paymentRow, sendPaymentSucceeded } from "../helpers/stripe";

// design.md §32, issue #43: the package shop `/packages?slug=` in real Chromium, paid through the
// Stripe.js stand-in (tools/capture-server/stripe-js.js); Stripe's webhook is sent by the test,
// signed with the official package, as Stripe would after the buyer paid; the code reaches the
// buyer through the capture server standing in for the e-mail provider.

const baseUrl = inject("e2eBaseUrl");
const captureUrl = inject("e2eCaptureUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

type Email = { to: string[]; subject: string; text: string };

async function packageShop(opts: { stripe?: boolean; packages?: boolean } = {}) {
  const tenant = await createBookableTenant({
    serviceName: "Colour",
    tenant: {
      ...(opts.stripe === false ? {} : connectedStripe()),
      currency: "EUR",
    },
  });
  const packageId = newId("pkg");
  const now = new Date().toISOString();
  if (opts.packages !== false) {
    await e2eDb.insert(schema.packages).values({
      id: packageId,
      tenantId: tenant.id,
      name: "Five colours",
      serviceIds: [tenant.serviceId],
      sessions: 5,
      price: 16000,
      currency: "EUR",
      validityDays: 365,
      createdAt: now,
      updatedAt: now,
    });
  }
  return { ...tenant, packageId };
}

async function emailsTo(address: string): Promise<Email[]> {
  const q = new URLSearchParams({ pathPrefix: "/email", bodyContains: address });
  const res = await fetch(`${captureUrl}/__control/requests?${q}`);
  const { requests } = (await res.json()) as { requests: { body: string }[] };
  return requests.map((r) => JSON.parse(r.body) as Email).filter((m) => m.to[0] === address);
}

describe("the package shop", () => {
  for (const width of [1280, 375]) {
    it(`sells a package at ${width} px: list, form, payment, the finished state; the signed event issues it and e-mails the PK- code`, async () => {
      const tenant = await packageShop();
      const buyer = `ada-${tenant.slug}@example.test`;
      const { page } = await browser.newPage({ width });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
      await page.getByRole("link", { name: "Buy a package of sessions" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Buy a package" }).isVisible()).toBe(true);
      expect(page.url()).toContain(`/packages?slug=${tenant.slug}`);
      const offer = page.locator("label.choice", { hasText: "Five colours" });
      expect(await offer.textContent()).toContain("5 sessions for €160.00");
      expect(await offer.textContent()).toContain("For: Colour");
      expect(await offer.textContent()).toContain("Valid for 365 days from purchase");
      await axeCleanShot(page, `package-shop-form-${width}`);

      // Nothing chosen: said next to each field, nothing sent.
      await page.getByRole("button", { name: "Continue to payment" }).click();
      expect(await page.locator("#package-error").textContent()).toBe("Choose a package.");
      expect(await page.locator("#buyer-name-error").textContent()).toBe("Please fill this in.");
      expect(await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.tenantId, tenant.id))).toEqual([]);

      await page.getByRole("radio", { name: /Five colours/ }).check();
      await page.getByLabel("Your name").fill("Ada Lovelace");
      await page.getByLabel("Your e-mail (we send the code here)").fill(buyer);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Pay €160.00" }).isEnabled()).toBe(true);
      expect(await page.locator("#package-summary").textContent()).toBe("Five colours: 5 sessions for €160.00.");
      const [sold] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.tenantId, tenant.id));
      expect(sold).toMatchObject({ status: "pending", credits: 0, packageId: tenant.packageId, buyerName: "Ada Lovelace", locale: "en" });
      await axeCleanShot(page, `package-shop-payment-${width}`);

      // A declined card is said plainly and can be retried.
      await payAfterADecline(page, "Pay €160.00", "#package-done");
      expect(await page.locator("#package-done-text").textContent()).toBe(
        `Your package code is on its way to ${buyer}. Enter it on the booking page to pay for each session with it.`,
      );
      await axeCleanShot(page, `package-shop-done-${width}`);

      // Stripe's signed event issues the package with its credits, and the code goes to the buyer.
      const payment = await paymentRow(sold.paymentId);
      expect(payment).toMatchObject({ kind: "package_sale", status: "pending", amount: 16000 });
      await sendPaymentSucceeded(payment, { package_credit_id: sold.id });
      await expect
        .poll(async () => {
          const [issued] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.id, sold.id));
          return { status: issued.status, credits: issued.credits };
        })
        .toEqual({ status: "active", credits: 5 });
      await expect.poll(async () => (await emailsTo(buyer)).length).toBe(1);
      const [mail] = await emailsTo(buyer);
      const code = mail.text.match(/PK-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0] ?? "";
      const [issued] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.id, sold.id));
      expect(code.slice(-4)).toBe(issued.last4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors, errors.join("\n")).toEqual([]);
    });
  }

  it("speaks the customer's language and sends it with the purchase", async () => {
    const tenant = await packageShop();
    await e2eDb
      .update(schema.tenants)
      .set({ bookingLanguages: ["en", "fr"] })
      .where(eq(schema.tenants.id, tenant.id));
    const { page } = await browser.newPage({ width: 1280 });
    await page.goto(`${baseUrl}/packages?slug=${tenant.slug}&lang=fr`);
    expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe("Acheter un forfait");
    expect(await page.locator("label.choice").textContent()).toContain("5 séances pour");
    await page.getByRole("radio", { name: /Five colours/ }).check();
    await page.getByLabel("Votre nom").fill("Ada Lovelace");
    await page.getByLabel("Votre e-mail (nous y envoyons le code)").fill(`ada-${tenant.slug}@example.test`);
    await page.getByRole("button", { name: "Passer au paiement" }).click();
    await expect.poll(() => page.locator("#package-summary").textContent()).toMatch(/^Five colours : 5 séances pour 160,00\s€\.$/);
    const [sold] = await e2eDb.select().from(schema.packageCredits).where(eq(schema.packageCredits.tenantId, tenant.id));
    expect(sold.locale).toBe("fr");
  });

  it("is linked from the widget on the business's own site, opening the shop in a new tab", async () => {
    const tenant = await packageShop();
    const site = await serveHostPage(
      `<!DOCTYPE html><html lang="en"><head><title>Partner site</title></head><body><h1>Welcome</h1>` +
        `<script src="${baseUrl}/widget.js" data-slug="${tenant.slug}"></script></body></html>`,
    );
    try {
      const { page } = await browser.newPage({ width: 375 });
      await page.goto(`http://www-${uniq()}.example.test:${site.port}/`);
      const link = page.getByRole("link", { name: "Buy a package of sessions" });
      await expect.poll(() => link.isVisible()).toBe(true);
      const [shop] = await Promise.all([page.waitForEvent("popup"), link.click()]);
      await shop.waitForLoadState();
      expect(shop.url()).toBe(`${baseUrl}/packages?slug=${tenant.slug}&lang=en`);
      expect(await shop.getByRole("heading", { level: 2 }).textContent()).toBe("Buy a package");
    } finally {
      await site.close();
    }
  });

  it("says plainly when nothing is on sale, and is the booking page's 404 for an unknown business", async () => {
    const tenant = await packageShop({ stripe: false });
    const { page } = await browser.newPage({ width: 375 });
    await expectNothingOnSale(page, {
      slug: tenant.slug,
      link: "Buy a package of sessions",
      path: "/packages",
      status: 200,
      heading: "Buy a package",
      text: `${tenant.businessName} has no packages on sale online right now.`,
      shot: "package-shop-empty-375",
      back: "Book an appointment instead",
    });

    const unknown = await page.goto(`${baseUrl}/packages?slug=no-such-${uniq()}`);
    expect(unknown?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("We couldn't find this business");
  });
});
