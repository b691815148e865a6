import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { describeViolations, focusIsVisible, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser } from "../helpers/browser";
import { signInToConsole } from "../helpers/console";
import { createBookableTenant, e2eClient, uniq } from "../helpers/db";
import { serveHostPage } from "../helpers/host-page";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** Looks finished: no serious or critical axe violation, nothing wider than the screen; a screenshot to look at. */
async function check(page: Page, name: string, width: number) {
  await screenshot(page, `${name}-${width}`);
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe.each([1280, 375])("pages at %i px", (width) => {
  it("landing page: a centred card, visible keyboard focus", async () => {
    const { page } = await browser.newPage({ width });
    await page.goto(`${baseUrl}/`);
    const box = (await page.locator("main").boundingBox())!;
    // Centred on a wide screen, not stuck to the top-left corner.
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(2);
    if (width > 600) expect(box.y).toBeGreaterThan(100);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focusIsVisible(page)).toBe(true);
    await check(page, "landing", width);
  });

  it("booking page with times and the details step", async () => {
    const tenant = await createBookableTenant({ tenant: { description: "Cuts, colour and styling in the old town." } });
    // The clock is pinned (x-test-now) to Tuesday 2031-06-03 09:00 in New York.
    const { page } = await browser.newPage({ width, now: "2031-06-03T13:00:00Z" });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
    await page.locator('#cal-days button[data-date="2031-06-04"]').click();
    await expect.poll(() => page.locator("#slot-status").textContent()).toContain("Wed, Jun 4, 2031");
    await expect.poll(() => page.locator("#slots button").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: /^10:00 with/ }).click();
    await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
    // From the keyboard, every control shows where focus is.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIsVisible(page)).toBe(true);
    }
    await check(page, "booking", width);
  });

  it("booking page of a light-coloured brand stays readable", async () => {
    const tenant = await createBookableTenant({ tenant: { templateAccent: "#fde047", widgetColor: "#fde047" } });
    const { page } = await browser.newPage({ width });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await expect.poll(() => page.locator("#slot-status").textContent()).toMatch(/available|No free times/);
    await check(page, "booking-light-brand", width);
  });

  it("booking page's 404 and 503 states: centred cards", async () => {
    const suspended = await createBookableTenant({ tenant: { isSuspended: true, suspendedAt: new Date().toISOString() } });
    const { page } = await browser.newPage({ width });
    expect((await page.goto(`${baseUrl}/book?slug=${suspended.slug}`))?.status()).toBe(503);
    await check(page, "booking-suspended", width);
    expect((await page.goto(`${baseUrl}/book?slug=missing-${uniq()}`))?.status()).toBe(404);
    await check(page, "booking-not-found", width);
  });

  it("widget on a business's site, available and unavailable", async () => {
    const open = await createBookableTenant({ tenant: { widgetColor: "#0f766e" } });
    const closed = await createBookableTenant({ tenant: { isSuspended: true, suspendedAt: new Date().toISOString() } });
    const site = await serveHostPage(
      `<!DOCTYPE html><html lang="en"><head><title>Partner site</title></head><body><main><h1>Welcome to our shop</h1>` +
        `<h2>Book online</h2><script src="${baseUrl}/widget.js" data-slug="${open.slug}"></script>` +
        `<h2>Our other shop</h2><script src="${baseUrl}/widget.js" data-slug="${closed.slug}"></script></main></body></html>`,
    );
    try {
      const { page } = await browser.newPage({ width });
      await page.goto(`http://site-${uniq()}.example.test:${site.port}/`);
      await expect.poll(() => page.locator("[data-booking-widget][data-state]").count()).toBe(2);
      await check(page, "widget", width);
    } finally {
      await site.close();
    }
  });

  it("console sign-in: a centred card", async () => {
    const { page } = await browser.newPage({ width });
    await page.goto(`${baseUrl}/admin`);
    const box = (await page.locator("main").boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThanOrEqual(2);
    if (width > 600) expect(box.y).toBeGreaterThan(100);
    await page.getByLabel("E-mail").focus();
    expect(await focusIsVisible(page)).toBe(true);
    await check(page, "console-sign-in", width);
  });

  it("console tenants list and tenant page", async () => {
    const tenant = await createBookableTenant({ tenant: { customDomain: `look-${uniq()}.example.test`, widgetColor: "#be123c" } });
    const { page } = await browser.newPage({ width });
    await signInToConsole(page);
    await expect.poll(() => page.locator("#tenants-body tr").count()).toBeGreaterThan(0);
    await check(page, "console-tenants", width);

    await page.goto(`${baseUrl}/admin/tenant?id=${tenant.id}`);
    await expect.poll(() => page.locator("#tenant-title").textContent()).toBe(tenant.businessName);
    await expect.poll(() => page.locator("[data-section=owner]").textContent()).toContain(tenant.ownerEmail);
    await page.getByRole("button", { name: "Suspend", exact: true }).click();
    await check(page, "console-tenant", width);
  });
});
