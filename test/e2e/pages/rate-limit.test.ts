import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowser } from "../helpers/browser";
import { createBookableTenant, e2eClient } from "../helpers/db";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

describe("booking page under the public rate limit", () => {
  // Real limiter, real clock for the page. The 30 requests that use up the window are stamped 40 s
  // in the past (x-test-now), so the window frees about 20 s later instead of 60: the page still
  // waits out a real Retry-After, and the suite does not spend a minute on it.
  it("waits Retry-After seconds with a notice, then retries by itself", async () => {
    const tenant = await createBookableTenant();
    const { page, ip } = await browser.newPage();
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);

    // Use up this client's 30 requests per 60 s on /api/public/*, one at a time.
    const earlier = new Date(Date.now() - 40_000).toISOString();
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) {
      const res = await fetch(`${baseUrl}/api/public/${tenant.slug}`, { headers: { "CF-Connecting-IP": ip, "x-test-now": earlier } });
      last = res.status;
      await res.body?.cancel();
    }
    expect(last).toBe(429);

    await page.getByRole("radio", { name: /^Haircut/ }).check();
    const notice = page.locator("#notice");
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    const waitSeconds = Number((await notice.textContent())?.match(/try again automatically in (\d+) seconds/)?.[1]);
    // The window's oldest request is 40 s old: Retry-After counts the rest of its 60 s, not a minute.
    expect(waitSeconds).toBeGreaterThan(0);
    expect(waitSeconds).toBeLessThanOrEqual(21);
    expect(await notice.getAttribute("role")).toBe("status");
    expect(await page.locator("#slots button").count()).toBe(0);

    // Once the window has moved on, the same request goes through without the customer acting.
    await expect.poll(() => page.locator("#slots button").count(), { timeout: 40_000, interval: 500 }).toBeGreaterThan(0);
    expect(await notice.isVisible()).toBe(false);
  }, 150_000);
});
