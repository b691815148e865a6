import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { createTenant } from "../../helpers/factories";

describe("GET /api/public/:slug", () => {
  it("returns the snake_case public profile of an active tenant", async () => {
    const tenant = await createTenant({ businessName: "Shear Joy", city: "Boston", allowGuestBooking: false });
    const res = await get(`/api/public/${tenant.slug}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(res.body.data).toEqual({
      id: tenant.id,
      slug: tenant.slug,
      business_name: "Shear Joy",
      business_type: "salon",
      description: "",
      logo_url: "",
      cover_image_url: null,
      timezone: "America/New_York",
      currency: "USD",
      country_code: "",
      city: "Boston",
      province_state: "",
      country: "",
      address_line1: "",
      phone: "",
      email: `hello-${tenant.slug}@example.test`,
      cancellation_hours: 24,
      cancellation_policy: "",
      allow_guest_booking: 0,
      require_payment: 0,
      widget_color: "#4f46e5",
      widget_mode: "popup",
      template: "classic",
      template_accent: "#4f46e5",
    });
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it.each([
    ["unknown", null],
    ["suspended", { isSuspended: true, suspendedAt: new Date().toISOString(), suspendedReason: "unpaid" }],
    ["inactive", { isActive: false }],
  ])("answers 404 not_found for an %s tenant", async (_label, overrides) => {
    const slug = overrides ? (await createTenant(overrides)).slug : `missing-${crypto.randomUUID()}`;
    const res = await get(`/api/public/${slug}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(typeof res.body.error.message).toBe("string");
  });

  it("costs one libSQL round trip", async () => {
    const tenant = await createTenant();
    const { result, dbRequests } = await countDbRequests((dbTag) => get(`/api/public/${tenant.slug}`, { dbTag }));
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
  });
});

describe("envelopes", () => {
  it("answers an unknown route with 404 not_found in Shape 2", async () => {
    const res = await get("/api/no-such-route");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "not_found", message: "Route not found" } });
  });
});
