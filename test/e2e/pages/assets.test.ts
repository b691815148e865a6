import type { Page, Response } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { randomIp, useBrowser } from "../helpers/browser";
import { createBookableTenant, e2eClient, uniq } from "../helpers/db";

const baseUrl = inject("e2eBaseUrl");
const port = new URL(baseUrl).port;
const browser = useBrowser();
afterAll(() => e2eClient.close());

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Every response the page loads, by path. */
function watchResponses(page: Page) {
  const seen = new Map<string, Response>();
  page.on("response", (r) => seen.set(new URL(r.url()).pathname, r));
  return seen;
}

async function checkPageAssets(page: Page, origin: string, path: string) {
  const seen = watchResponses(page);
  const res = await page.goto(`${origin}${path}`);
  expect(res?.status()).toBe(200);
  // HTML: revalidated on every use (a suspension shows on the next request), CSP unchanged.
  expect(res?.headers()["cache-control"]).toBe("no-cache");
  expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await page.waitForLoadState("load");
  const assets = [...seen.entries()].filter(([p]) => p.startsWith("/assets/"));
  // The page's script, its stylesheet and its language's words (design.md §30: English here), each hashed.
  expect(assets.map(([p]) => p.replace(/-[A-Z0-9]{8}\./, "-HASH.")).sort()).toEqual([
    "/assets/app-HASH.css",
    "/assets/booking-HASH.js",
    "/assets/wordsen-HASH.js",
  ]);
  for (const [p, r] of assets) {
    expect(r.status(), p).toBe(200);
    expect(r.url().startsWith(origin)).toBe(true);
    expect(r.headers()["cache-control"]).toBe(IMMUTABLE);
    expect(r.headers()["x-content-type-options"]).toBe("nosniff");
  }
}

describe("static assets under wrangler dev (Workers Static Assets routing)", () => {
  it("serves the booking page's hashed script and stylesheet, immutable for a year, on the platform host", async () => {
    const tenant = await createBookableTenant();
    const { page } = await browser.newPage({ width: 1280 });
    await checkPageAssets(page, baseUrl, `/book?slug=${tenant.slug}`);
    // The script ran: choosing a service asks for times.
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await expect.poll(() => page.locator("#slot-status").textContent()).not.toBe("Choose a service to see the available times.");
  });

  it("serves the same assets on a tenant's custom domain", async () => {
    const domain = `assets-${uniq()}.example.test`;
    await createBookableTenant({ tenant: { customDomain: domain } });
    const { page } = await browser.newPage();
    await checkPageAssets(page, `http://${domain}:${port}`, "/");
  });

  it("keeps /widget.js at its URL with a short cache, readable from any origin, on both hosts", async () => {
    const domain = `widget-${uniq()}.example.test`;
    await createBookableTenant({ tenant: { customDomain: domain } });
    const { page } = await browser.newPage();
    for (const origin of [baseUrl, `http://${domain}:${port}`]) {
      const res = await page.goto(`${origin}/widget.js`);
      expect(res?.status()).toBe(200);
      expect(res?.headers()["content-type"]).toMatch(/^text\/javascript/);
      expect(res?.headers()["cache-control"]).toBe("public, max-age=300");
      expect(res?.headers()["access-control-allow-origin"]).toBe("*");
      expect(await res?.text()).toContain("document.currentScript");
    }
  });

  it("answers prototype names and old or unknown asset names with the HTML 404 page", async () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "booking.js", "admin.js", "app.css", `x-${uniq()}.js`]) {
      const res = await fetch(`${baseUrl}/assets/${name}`, { headers: { "CF-Connecting-IP": randomIp() } });
      expect(res.status, name).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      await res.body?.cancel();
    }
    const headersFile = await fetch(`${baseUrl}/_headers`);
    expect(headersFile.status).toBe(404);
    await headersFile.body?.cancel();
  });
});
