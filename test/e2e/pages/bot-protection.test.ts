import { afterAll, describe, expect, inject, it } from "vitest";
import { describeViolations, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { bookingByCode, createBookableTenant, e2eClient } from "../helpers/db";

// design.md §31: a business with bot protection shows Cloudflare Turnstile (the capture server's
// stand-in script) on its booking page, and a booking needs its token; without it, no Turnstile
// script is loaded at all.

const baseUrl = inject("e2eBaseUrl");
const captureUrl = inject("e2eCaptureUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

const NOW = "2031-06-03T13:00:00Z";
const DATE = "2031-06-04";

async function detailsStep(page: import("playwright-core").Page, slug: string, email: string, time = "10:00") {
  await page.goto(`${baseUrl}/book?slug=${slug}`);
  await page.getByRole("radio", { name: /^Haircut/ }).check();
  await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
  await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
  await page.getByRole("button", { name: new RegExp(`^${time} with`) }).click();
  await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("E-mail").fill(email);
}

describe("bot protection on the booking page", () => {
  it("asks for the check before booking, sends its token, and books (375 and 1280 px)", async () => {
    const tenant = await createBookableTenant({ serviceName: "Haircut", tenant: { botProtection: true } });
    for (const [width, time] of [
      [375, "10:00"],
      [1280, "11:00"],
    ] as const) {
      const { page } = await browser.newPage({ now: NOW, width });
      const errors = watchErrors(page);
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(r.url());
      });
      await detailsStep(page, tenant.slug, `ada-${width}-${tenant.slug}@example.test`, time);
      expect(scripts.some((u) => u.startsWith(`${captureUrl}/turnstile-js/`))).toBe(true);
      const check = page.getByRole("checkbox", { name: "I am human" });
      await expect.poll(() => check.isVisible()).toBe(true);

      // Without the check: nothing is sent, the page says what is missing.
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect.poll(() => page.locator("#form-error").textContent()).toBe("Please complete the check that you are not a robot first.");
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `bot-protection-details-${width}`);

      await check.check();
      const sent = page.waitForRequest((r) => r.url().endsWith("/bookings") && r.method() === "POST");
      await page.getByRole("button", { name: "Confirm booking" }).click();
      expect(JSON.parse((await sent).postData() ?? "{}").captchaToken).toMatch(/^pass-/);
      await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
      const code = (await page.locator("#confirmation-code").textContent())!;
      expect((await bookingByCode(code)).status).toBe("confirmed");
      expect(errors, errors.join("\n")).toEqual([]);
      await page.close();
    }
  });

  it("loads no Turnstile script for a business without it", async () => {
    const tenant = await createBookableTenant({ serviceName: "Haircut" });
    const { page } = await browser.newPage({ now: NOW });
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await detailsStep(page, tenant.slug, `ada-plain-${tenant.slug}@example.test`);
    expect(scripts.filter((u) => u.includes("turnstile"))).toEqual([]);
    expect(await page.locator("#captcha").count()).toBe(0);
  });
});
