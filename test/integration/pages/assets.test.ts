import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createService, createTenant, uniq } from "../../helpers/factories";

/** A static asset as Workers Static Assets serves it (the built dist/client with its _headers). */
async function asset(path: string) {
  const res = await env.ASSETS.fetch(new Request(`http://assets.local${path}`));
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The script and stylesheet URLs a page's HTML names. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1]);
}

const IMMUTABLE = "public, max-age=31536000, immutable";

describe("page assets (built by scripts/build-client.ts, served by Workers Static Assets)", () => {
  it("names only content-hashed files that exist, each cached for a year and typed", async () => {
    const tenant = await createTenant();
    await createService(tenant.id);
    const pages = await Promise.all([get("/"), get(`/book?slug=${tenant.slug}`), get("/admin"), get("/admin/tenants")]);
    const urls = new Set(pages.flatMap((p) => assetUrls(p.text)));
    expect([...urls].some((u) => /^\/assets\/booking-[A-Z0-9]{8}\.js$/.test(u))).toBe(true);
    expect([...urls].some((u) => /^\/assets\/console-[A-Z0-9]{8}\.js$/.test(u))).toBe(true);
    expect([...urls].some((u) => /^\/assets\/app-[A-Z0-9]{8}\.css$/.test(u))).toBe(true);
    for (const url of urls) {
      expect(url).toMatch(/^\/assets\/[a-z]+-[A-Z0-9]{8}\.(js|css)$/);
      const res = await asset(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe(IMMUTABLE);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Content-Type")).toMatch(url.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
      expect(res.text.length).toBeGreaterThan(500);
    }
  });

  it("keeps /widget.js at its URL as a classic script any site may load, cached briefly", async () => {
    const res = await asset("/widget.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.text).toContain("document.currentScript");
    expect(res.text).toContain("widget/status?slug=");
    // A classic script: no module syntax, nothing written as HTML on the host page.
    expect(res.text).not.toMatch(/^\s*(import|export)\s/m);
    expect(res.text).not.toContain("innerHTML");
  });

  it("gives prototype names and unknown files under /assets the Worker's HTML 404", async () => {
    for (const name of [
      "constructor",
      "__proto__",
      "toString",
      "hasOwnProperty",
      "app.css",
      "booking.js",
      "admin.js",
      `nope-${uniq()}.js`,
    ]) {
      expect((await asset(`/assets/${name}`)).status).toBe(404);
      // What the asset router hands on to the Worker:
      const res = await get(`/assets/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
    }
    expect((await asset("/_headers")).status).toBe(404);
  });
});
