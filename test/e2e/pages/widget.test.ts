import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowser, watchErrors } from "../helpers/browser";
import { createBookableTenant, e2eClient, uniq } from "../helpers/db";
import { serveHostPage } from "../helpers/host-page";

const baseUrl = inject("e2eBaseUrl");
const port = new URL(baseUrl).port;
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** A tenant reachable under its own custom domain (resolved to the local wrangler dev). */
async function tenantOnCustomDomain(overrides: Parameters<typeof createBookableTenant>[0] = {}) {
  const domain = `shop-${uniq()}.example.test`;
  const tenant = await createBookableTenant({ ...overrides, tenant: { customDomain: domain, ...overrides.tenant } });
  return { ...tenant, domain, origin: `http://${domain}:${port}` };
}

/** The business's own site: a page on another origin carrying the widget's script tag. */
/** The embed shows its unavailable state: a disabled button labelled `label`; answers the status it reads out. */
async function unavailableWidget(page: Page, label: string) {
  const button = page.locator("[data-booking-widget] button");
  await expect.poll(() => button.textContent()).toBe(label);
  expect(await button.isDisabled()).toBe(true);
  expect(await page.locator("[data-booking-widget]").getAttribute("data-state")).toBe("unavailable");
  return page.locator("[data-booking-widget] [role=status]").textContent();
}

async function siteWithWidget(scriptOrigin: string, slug: string, lang?: string) {
  const langAttr = lang ? ` data-lang="${lang}"` : "";
  const site = await serveHostPage(
    `<!DOCTYPE html><html lang="en"><head><title>Partner site</title></head><body><h1>Welcome to our shop</h1>` +
      `<script src="${scriptOrigin}/widget.js" data-slug="${slug}"${langAttr}></script></body></html>`,
  );
  return { ...site, url: `http://www-${uniq()}.example.test:${site.port}/` };
}

describe("custom domain and embeddable widget in Chromium", () => {
  it("serves the tenant's booking page at / of its custom domain", async () => {
    const tenant = await tenantOnCustomDomain();
    const { page } = await browser.newPage();
    const res = await page.goto(`${tenant.origin}/`);
    expect(res?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe(tenant.businessName);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await expect.poll(() => page.locator("#slots button").count()).toBeGreaterThan(0);
  });

  it("adds a button in the tenant's colour that opens the booking page in a popup", async () => {
    const tenant = await tenantOnCustomDomain({ tenant: { widgetColor: "#be123c", widgetMode: "popup" } });
    const site = await siteWithWidget(tenant.origin, tenant.slug);
    try {
      const { page } = await browser.newPage({ width: 1024 });
      const errors = watchErrors(page);
      await page.goto(site.url);
      const button = page.getByRole("button", { name: "Book an appointment" });
      await expect.poll(() => button.isEnabled()).toBe(true);
      expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(190, 18, 60)");

      const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(`${tenant.origin}/book?slug=${tenant.slug}&via=widget`);
      expect(await popup.locator("h1").textContent()).toBe(tenant.businessName);
      expect(await popup.locator("body").getAttribute("data-source")).toBe("widget");
      expect(errors, errors.join("\n")).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it("speaks the embed's data-lang (German) and opens the booking page in German (design.md §30)", async () => {
    const tenant = await tenantOnCustomDomain({ tenant: { widgetMode: "popup", locale: "en", bookingLanguages: ["en", "de"] } });
    const site = await siteWithWidget(tenant.origin, tenant.slug, "de");
    try {
      const { page } = await browser.newPage({ width: 375 });
      const errors = watchErrors(page);
      await page.goto(site.url);
      const button = page.getByRole("button", { name: "Termin buchen" });
      await expect.poll(() => button.isEnabled()).toBe(true);
      const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(`${tenant.origin}/book?slug=${tenant.slug}&via=widget&lang=de`);
      expect(await popup.locator("html").getAttribute("lang")).toBe("de");
      expect(await popup.locator("#book-heading").textContent()).toBe("Termin buchen");
      expect(errors, errors.join("\n")).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it("opens the booking page inline in an iframe when the widget mode is inline", async () => {
    const tenant = await tenantOnCustomDomain({ tenant: { widgetMode: "inline" } });
    const site = await siteWithWidget(tenant.origin, tenant.slug);
    try {
      const { page } = await browser.newPage({ width: 1024 });
      await page.goto(site.url);
      const button = page.getByRole("button", { name: "Book an appointment" });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      const frame = page.frameLocator(`iframe[title="Book with ${tenant.businessName}"]`);
      await expect.poll(() => frame.locator("h1").textContent()).toBe(tenant.businessName);
      // The booking page works inside the frame: choosing a service lists the first date's times.
      await frame.getByRole("radio", { name: /^Haircut/ }).check();
      await expect.poll(() => frame.locator("#slots button").count()).toBeGreaterThan(0);
      await page.screenshot({ path: "test/artifacts/widget-inline.png", fullPage: true });
    } finally {
      await site.close();
    }
  });

  it("says in the embed's data-lang (Spanish) that an unknown business cannot be booked", async () => {
    const site = await siteWithWidget(new URL(baseUrl).origin, `no-such-${uniq()}`, "es");
    try {
      const { page } = await browser.newPage();
      await page.goto(site.url);
      expect(await unavailableWidget(page, "Reservas no disponibles")).toBe("La reserva online no está disponible.");
    } finally {
      await site.close();
    }
  });

  it("shows the unavailable state for a suspended tenant, and its custom domain answers 503", async () => {
    const tenant = await tenantOnCustomDomain({
      tenant: { isSuspended: true, suspendedAt: new Date().toISOString(), suspendedReason: "Unpaid" },
    });
    const site = await siteWithWidget(tenant.origin, tenant.slug);
    try {
      const { page } = await browser.newPage();
      await page.goto(site.url);
      expect(await unavailableWidget(page, "Booking unavailable")).toContain("temporarily unavailable");

      const direct = await page.goto(`${tenant.origin}/`);
      expect(direct?.status()).toBe(503);
      expect(await page.locator("h1").textContent()).toBe("Temporarily unavailable");
      expect(await page.locator("#booking-form").count()).toBe(0);
    } finally {
      await site.close();
    }
  });
});
