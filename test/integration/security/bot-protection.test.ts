import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { get, patch } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createTenant } from "../../helpers/factories";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { bookableTenant } from "../../helpers/booking";

// design.md §31: a business may turn on bot protection (Cloudflare Turnstile). Its site key reaches
// the booking page (and the widget's view of it) in their HTML and API clients through
// GET /api/public/:slug/checkout-config, never in the contract's public profile.

const SITE_KEY = "0x-test-site-key"; // the test pool's TURNSTILE_SITE_KEY (vitest.config.ts)

describe("the botProtection setting", () => {
  it("is off by default, turned on by the owner, and refused where the platform has no Turnstile keys", async () => {
    const tenant = await createTenant();
    expect((await get("/api/businesses/me", { token: tenant.token })).body.data.botProtection).toBe(false);
    const on = await patch("/api/businesses/me", { botProtection: true }, { token: tenant.token });
    expect(on.status).toBe(200);
    expect(on.body.data.botProtection).toBe(true);

    const other = await createTenant();
    const refused = await fetchWithEnv({ TURNSTILE_SECRET_KEY: "" }, "PATCH", "/api/businesses/me", {
      body: { botProtection: true },
      token: other.token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fieldErrors.botProtection).toBeDefined();
    const [row] = await testDb().all<{ bot_protection: number }>(sql`SELECT bot_protection FROM tenants WHERE id = ${other.id}`);
    expect(row.bot_protection).toBe(0);
  });
});

describe("GET /api/public/:slug/checkout-config", () => {
  it("names the Turnstile site key only while bot protection is on, and Stripe's key only for a business that can charge", async () => {
    const { tenant } = await bookableTenant();
    const off = await get(`/api/public/${tenant.slug}/checkout-config`);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ data: { turnstileSiteKey: null, stripePublishableKey: null } });
    expect(off.headers.get("Cache-Control")).toBe("no-store");

    await patch("/api/businesses/me", { botProtection: true }, { token: tenant.token });
    await testDb().run(
      sql`UPDATE tenants SET stripe_account_id = ${`acct_${tenant.id.slice(4)}`}, stripe_charges_enabled = 1 WHERE id = ${tenant.id}`,
    );
    const on = await get(`/api/public/${tenant.slug}/checkout-config`);
    expect(on.body).toEqual({ data: { turnstileSiteKey: SITE_KEY, stripePublishableKey: "pk_test_capture" } });

    // Never in the contract's profile.
    const profile = await get(`/api/public/${tenant.slug}`);
    expect(JSON.stringify(profile.body)).not.toContain(SITE_KEY);
    expect((await get("/api/public/no-such-business-here/checkout-config")).status).toBe(404);
  });
});

describe("the booking page with bot protection", () => {
  it("carries the site key and allows exactly Turnstile's origin for its script and frame; without it, neither", async () => {
    const { tenant } = await bookableTenant();
    const plain = await get(`/book?slug=${tenant.slug}`);
    expect(plain.text).not.toContain("turnstile");
    expect(plain.text).not.toContain('id="captcha"');
    // The stand-ins share the capture server's origin: Stripe.js's script may come from it, but no frame.
    const capture = new URL(plain.text.match(/data-stripe-js="([^"]+)"/)![1]).origin;
    const plainFrames = (plain.headers.get("Content-Security-Policy") ?? "").split("; ").find((d) => d.startsWith("frame-src")) ?? "";
    expect(plainFrames).not.toContain(capture);

    await patch("/api/businesses/me", { botProtection: true }, { token: tenant.token });
    const page = await get(`/book?slug=${tenant.slug}&via=widget`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-turnstile-site-key="${SITE_KEY}"`);
    expect(page.text).toContain('id="captcha"');
    const csp = (page.headers.get("Content-Security-Policy") ?? "").split("; ");
    const turnstile = new URL(page.text.match(/data-turnstile-js="([^"]+)"/)![1].replace(/&amp;/g, "&")).origin;
    expect(csp.find((d) => d.startsWith("script-src"))).toContain(turnstile);
    expect(csp.find((d) => d.startsWith("frame-src"))).toContain(turnstile);
  });
});
