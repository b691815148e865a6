import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowser } from "../helpers/browser";
import { createBookableTenant, e2eClient } from "../helpers/db";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

describe("booking page under the public rate limit", () => {
  // Real limiter, real clock: this test waits out the Retry-After the API gives (up to 60 s).
  it("waits Retry-After seconds with a notice, then retries by itself", async () => {
    const tenant = await createBookableTenant();
    const { page, ip } = await browser.newPage();
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);

    // Use up this client's 30 requests per 60 s on /api/public/*, one at a time.
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      const res = await fetch(`${baseUrl}/api/public/${tenant.slug}`, { headers: { "CF-Connecting-IP": ip } });
      last = res.status;
      await res.body?.cancel();
    }
    expect(last).toBe(429);

    await page.getByRole("radio", { name: /^Haircut/ }).check();
    const notice = page.locator("#notice");
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await notice.textContent()).toMatch(/try again automatically in \d+ seconds/);
    expect(await notice.getAttribute("role")).toBe("status");
    expect(await page.locator("#slots button").count()).toBe(0);

    // Once the window has moved on, the same request goes through without the customer acting.
    await expect.poll(() => page.locator("#slots button").count(), { timeout: 100_000, interval: 500 }).toBeGreaterThan(0);
    expect(await notice.isVisible()).toBe(false);
  }, 150_000);
});
