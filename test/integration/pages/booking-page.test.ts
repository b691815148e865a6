import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { createService, createStaff, createTenant, uniq } from "../../helpers/factories";

const XSS = `<script>alert(1)</script>`;

/** The CSP nonce of a response, checked against the one <style> that uses it. */
function cspNonce(headers: Headers): string | undefined {
  return /'nonce-([^']+)'/.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
}

describe("GET /book?slug=", () => {
  it("renders the tenant's catalog, time-zone label and booking script with the page's security headers", async () => {
    const tenant = await createTenant({ businessName: "Shear Joy", timezone: "Europe/Lisbon", currency: "EUR" });
    await createService(tenant.id, { name: "Cut and finish", durationMinutes: 45, price: 3550, orderIndex: 1 });
    await createService(tenant.id, { name: "Hidden", durationMinutes: 30, isOnlineBookable: false });
    await createStaff(tenant.id, { displayName: "Rita", title: "Stylist" });
    await createStaff(tenant.id, { displayName: "Not bookable", isBookable: false });

    const res = await get(`/book?slug=${tenant.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.text.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(res.text).toContain("<h1>Shear Joy</h1>");
    expect(res.text).toContain("Cut and finish");
    expect(res.text).toContain("45 min · €35.50");
    expect(res.text).not.toContain("Hidden");
    expect(res.text).toContain("Rita");
    expect(res.text).not.toContain("Not bookable");
    expect(res.text).toContain("All times are shown in <strong>Europe/Lisbon</strong> time.");
    expect(res.text).toContain(`data-slug="${tenant.slug}"`);
    expect(res.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(res.text).toMatch(/<script src="\/assets\/booking-[A-Z0-9]{8}\.js" defer="">/);

    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors *");
    const nonce = cspNonce(res.headers);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{20,}$/);
    expect(res.text).toContain(`<style nonce="${nonce}">`);
    // Every script is a file: no inline script element at all.
    expect(res.text.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("X-Frame-Options")).toBeNull();
    // Revalidated on every use: a suspension shows on the next request.
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("offers every bookable service to add to the visit (design.md §26), in the catalog's order, with its price", async () => {
    const tenant = await createTenant({ currency: "USD" });
    const cut = await createService(tenant.id, { name: "Cut", durationMinutes: 30, price: 3000, orderIndex: 1 });
    const colour = await createService(tenant.id, { name: "Colour", durationMinutes: 90, price: 8000, orderIndex: 2 });
    await createService(tenant.id, { name: "Hidden", durationMinutes: 30, isOnlineBookable: false });

    const res = await get(`/book?slug=${tenant.slug}`);
    expect(res.status).toBe(200);
    const adder = /<select id="visit-service">([\s\S]*?)<\/select>/.exec(res.text)?.[1] ?? "";
    expect([...adder.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map((m) => [m[1], m[2]])).toEqual([
      ["", "Choose a service"],
      [cut.id, "Cut (30 min, $30.00)"],
      [colour.id, "Colour (1 h 30 min, $80.00)"],
    ]);
    expect(res.text).toContain('<label for="visit-service">Another service in the same visit (optional)</label>');
    // The script sums a visit's prices from the choices (the same prices the API sums).
    expect(res.text).toMatch(new RegExp(`value="${colour.id}"[^>]*data-price="8000"`));
  });

  it("renders a business, service and staff name full of markup as text", async () => {
    const tenant = await createTenant({ businessName: XSS, description: `<img src=x onerror=alert(2)>` });
    await createService(tenant.id, { name: `Cut ${XSS}`, description: `"><script>alert(3)</script>` });
    await createStaff(tenant.id, { displayName: `Sam ${XSS}`, title: `'onmouseover='alert(4)` });

    const res = await get(`/book?slug=${tenant.slug}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<script>alert(");
    expect(res.text).not.toContain("<img src=x");
    expect(res.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.text).toContain("&lt;img src=x onerror=alert(2)&gt;");
    // Attribute values (data-name) are escaped too.
    expect(res.text).toContain('data-name="Cut &lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("puts only valid hex colours into the page's CSS", async () => {
    const good = await createTenant({ templateAccent: "#0F766E", widgetColor: "#fde047" });
    const res = await get(`/book?slug=${good.slug}`);
    expect(res.text).toContain("--accent:#0f766e;--accent-text:#ffffff;--widget:#fde047;--widget-text:#111827");

    const bad = await createTenant({ templateAccent: "red;}</style><script>alert(1)</script>", widgetColor: "url(javascript:alert(1))" });
    const res2 = await get(`/book?slug=${bad.slug}`);
    expect(res2.status).toBe(200);
    expect(res2.text).toContain("--accent:#4f46e5;");
    expect(res2.text).toContain("--widget:#4f46e5;");
    expect(res2.text).not.toContain("javascript:");
    expect(res2.text).not.toContain("<script>alert");
  });

  it("reads the tenant and its catalog in one round trip", async () => {
    const tenant = await createTenant();
    await createService(tenant.id);
    await createStaff(tenant.id);
    const { result, dbRequests } = await countDbRequests((dbTag) => get(`/book?slug=${tenant.slug}`, { dbTag }));
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
  });

  it("answers 404 with an HTML page for an unknown or inactive business", async () => {
    const inactive = await createTenant({ isActive: false });
    for (const slug of [`missing-${uniq()}`, inactive.slug]) {
      const res = await get(`/book?slug=${slug}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.text).toContain("We couldn&#39;t find this business");
      expect(res.text).not.toContain("booking.js");
    }
    const none = await get("/book");
    expect(none.status).toBe(404);
    expect(none.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  it("answers a suspended business with 503 'temporarily unavailable' and no calendar or script", async () => {
    const tenant = await createTenant({
      businessName: "Paused Salon",
      isSuspended: true,
      suspendedAt: new Date().toISOString(),
      suspendedReason: "unpaid",
    });
    await createService(tenant.id, { name: "Secret cut" });
    const res = await get(`/book?slug=${tenant.slug}`);
    expect(res.status).toBe(503);
    expect(res.text).toContain("Temporarily unavailable");
    expect(res.text).toContain("Paused Salon");
    expect(res.text).not.toContain("<script");
    expect(res.text).not.toContain("booking-form");
    expect(res.text).not.toContain("Secret cut");
    expect(res.text).not.toContain("unpaid");
    // Revalidated on every use: a suspension shows on the next request.
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("marks bookings made through the widget with source widget", async () => {
    const tenant = await createTenant();
    expect((await get(`/book?slug=${tenant.slug}&via=widget`)).text).toContain('data-source="widget"');
    expect((await get(`/book?slug=${tenant.slug}`)).text).toContain('data-source="online"');
  });
});

describe("custom domains", () => {
  it("serves the tenant's booking page at / of its custom domain, whatever the case and port", async () => {
    const domain = `shop-${uniq()}.example.test`;
    const tenant = await createTenant({ businessName: "Domain Salon", customDomain: domain });
    await createService(tenant.id, { name: "Domain cut" });
    const res = await get("/", { host: `${domain.toUpperCase()}:8443` });
    expect(res.status).toBe(200);
    expect(res.text).toContain("<h1>Domain Salon</h1>");
    expect(res.text).toContain("Domain cut");
    expect(res.text).toContain(`data-slug="${tenant.slug}"`);
  });

  it("applies the 503 and 404 rules on a custom domain too", async () => {
    const suspendedDomain = `paused-${uniq()}.example.test`;
    await createTenant({ customDomain: suspendedDomain, isSuspended: true, suspendedAt: new Date().toISOString() });
    const suspended = await get("/", { host: suspendedDomain });
    expect(suspended.status).toBe(503);
    expect(suspended.text).not.toContain("<script");

    const inactiveDomain = `closed-${uniq()}.example.test`;
    await createTenant({ customDomain: inactiveDomain, isActive: false });
    expect((await get("/", { host: inactiveDomain })).status).toBe(404);
  });

  it("shows the landing page at / of hosts no tenant claims, without a database trip on the platform host", async () => {
    const other = await get("/", { host: `nobody-${uniq()}.example.test` });
    expect(other.status).toBe(200);
    expect(other.text).toContain("Appointment booking");
    const { result, dbRequests } = await countDbRequests((dbTag) => get("/", { dbTag, host: "127.0.0.1:8787" }));
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(0);
  });
});

describe("other paths", () => {
  it("gives browsers an HTML 404 page but keeps the JSON envelope under /api", async () => {
    const page = await get(`/no-such-page-${uniq()}`);
    expect(page.status).toBe(404);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(page.text).toContain("Page not found");

    const api = await get(`/api/no-such-route-${uniq()}`);
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("not_found");
  });
});
