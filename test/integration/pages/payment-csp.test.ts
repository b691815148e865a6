import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createService, createStaff, createTenant } from "../../helpers/factories";
import { workerEnv } from "../../helpers/worker-entry";

// design.md §21: the booking page (and the widget's view of it) allows exactly Stripe's hosts
// for its payment step; no other page does. Stripe.js is not on the page until that step.

const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe("Stripe in the Content-Security-Policy", () => {
  it("is allowed on the booking page and the widget's view of it, and Stripe.js is loaded only by the payment step", async () => {
    const tenant = await createTenant();
    await createService(tenant.id, { name: "Cut" });
    await createStaff(tenant.id, { displayName: "Sam" });
    const capture = new URL(workerEnv.CAPTURE_URL).origin;
    for (const path of [`/book?slug=${tenant.slug}`, `/book?slug=${tenant.slug}&via=widget`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get("Content-Security-Policy")!);
      // The tests' STRIPE_JS_URL is the capture server's stand-in; its origin is allowed too.
      expect(csp.get("script-src")).toEqual(["'self'", "https://js.stripe.com", "https://*.js.stripe.com", capture]);
      expect(csp.get("frame-src")).toEqual(["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]);
      expect(csp.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
      expect(res.text).toContain(`data-stripe-js="${workerEnv.CAPTURE_URL}/stripe-js/v3/"`);
      expect(res.text).not.toContain('stripe-js/v3/"></script>');
      expect(res.text).toMatch(/<section id="step-payment"[^>]*hidden/);
    }
  });

  it("is not allowed on any other page", async () => {
    for (const path of ["/", "/admin", "/reset-password?token=x"]) {
      const res = await get(path, { host: "localhost" });
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp, path).not.toContain("stripe");
      expect(directives(csp).get("script-src"), path).toEqual(["'self'"]);
    }
  });
});
