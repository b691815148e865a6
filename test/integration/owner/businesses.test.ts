import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant, uniq } from "../../helpers/factories";

async function tenantRow(id: string) {
  const [row] = await testDb().select().from(schema.tenants).where(sql`id = ${id}`);
  return row;
}

describe("GET /api/businesses/me", () => {
  it("shows the caller's business with plan and state, and never the Stripe account id", async () => {
    const tenant = await createTenant({ plan: "pro", trialEndsAt: "2031-01-01T00:00:00.000Z", stripeAccountId: "acct_secret123" });
    const { result: res, dbRequests } = await countDbRequests((dbTag) => get("/api/businesses/me", { token: tenant.token, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2); // membership check + the business
    expect(res.body.data).toMatchObject({
      id: tenant.id,
      slug: tenant.slug,
      businessName: `Business ${tenant.slug}`,
      timezone: "America/New_York",
      currency: "USD",
      allowGuestBooking: true,
      requirePayment: false,
      widgetMode: "popup",
      plan: "pro",
      planStatus: "active",
      isSuspended: false,
      suspendedReason: null,
      trialEndsAt: "2031-01-01T00:00:00.000Z",
      customDomain: null,
      stripeConnected: true,
    });
    for (const key of [
      "businessType",
      "description",
      "logoUrl",
      "coverImageUrl",
      "countryCode",
      "city",
      "provinceState",
      "country",
      "addressLine1",
      "phone",
      "email",
      "cancellationHours",
      "cancellationPolicy",
      "widgetColor",
      "template",
      "templateAccent",
    ]) {
      expect(res.body.data).toHaveProperty(key);
    }
    expect(res.text).not.toContain("acct_secret123");
    expect(res.body.data).not.toHaveProperty("stripeAccountId");
  });

  it("still answers for a suspended business, with the reason", async () => {
    const tenant = await createTenant({ isSuspended: true, suspendedReason: "Unpaid invoice" });
    const res = await get("/api/businesses/me", { token: tenant.token });
    expect(res.body.data).toMatchObject({ isSuspended: true, suspendedReason: "Unpaid invoice", stripeConnected: false });
  });
});

describe("PATCH /api/businesses/me", () => {
  it("changes profile and booking settings in one round trip, visible on the public profile", async () => {
    const tenant = await createTenant();
    const body = {
      businessName: "Salon Neu",
      description: "Cuts and colour",
      timezone: "europe/berlin",
      currency: "eur",
      countryCode: "de",
      city: "Berlin",
      phone: "+49 30 1234",
      email: "Hello@Salon.Example",
      cancellationHours: 12,
      allowGuestBooking: false,
      widgetColor: "#AABBCC",
      widgetMode: "inline",
      templateAccent: "#fff",
      logoUrl: "https://cdn.example.test/logo.png",
      coverImageUrl: null,
    };
    const { result: res, dbRequests } = await countDbRequests((dbTag) => patch("/api/businesses/me", body, { token: tenant.token, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(res.body.data).toMatchObject({
      businessName: "Salon Neu",
      timezone: "Europe/Berlin",
      currency: "EUR",
      countryCode: "DE",
      email: "hello@salon.example",
      cancellationHours: 12,
      allowGuestBooking: false,
      widgetColor: "#aabbcc",
      widgetMode: "inline",
      templateAccent: "#fff",
      coverImageUrl: null,
    });
    expect((await get("/api/businesses/me", { token: tenant.token })).body.data).toEqual(res.body.data);
    const profile = await get(`/api/public/${tenant.slug}`);
    expect(profile.body.data).toMatchObject({
      business_name: "Salon Neu",
      timezone: "Europe/Berlin",
      currency: "EUR",
      allow_guest_booking: 0,
      widget_mode: "inline",
    });
  });

  it("rejects bad values per field and changes nothing", async () => {
    const tenant = await createTenant();
    const before = await tenantRow(tenant.id);
    const res = await patch(
      "/api/businesses/me",
      {
        businessName: "",
        timezone: "Mars/Olympus",
        currency: "ZZZ",
        widgetColor: "red",
        widgetMode: "modal",
        cancellationHours: -1,
        allowGuestBooking: "yes",
        logoUrl: "javascript:alert(1)",
        customDomain: "https://book.example.com/",
        countryCode: "DEU",
        email: "not-an-email",
      },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(
      [
        "allowGuestBooking",
        "businessName",
        "cancellationHours",
        "countryCode",
        "currency",
        "customDomain",
        "email",
        "logoUrl",
        "timezone",
        "widgetColor",
        "widgetMode",
      ].sort(),
    );
    expect(await tenantRow(tenant.id)).toEqual(before);
  });

  it.each([
    ["plan", "enterprise"],
    ["planStatus", "active"],
    ["isSuspended", false],
    ["suspendedReason", null],
    ["trialEndsAt", "2099-01-01T00:00:00Z"],
    ["isActive", true],
    ["slug", "new-slug-here"],
    ["stripeAccountId", "acct_x"],
    ["tenantId", "tnt_x"],
  ])("refuses the operator-only or unknown field %s by name", async (field, value) => {
    const tenant = await createTenant();
    const before = await tenantRow(tenant.id);
    const res = await patch("/api/businesses/me", { businessName: "Renamed", [field]: value }, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors)).toEqual([field]);
    expect(await tenantRow(tenant.id)).toEqual(before);
  });

  it("refuses an empty body", async () => {
    const tenant = await createTenant();
    const res = await patch("/api/businesses/me", {}, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error.details.formErrors).toHaveLength(1);
  });

  it("stores a custom domain lower-case, refuses one another business holds with 409, and frees it on null", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const domain = `book-${uniq()}.example.com`;
    const set = await patch("/api/businesses/me", { customDomain: `  ${domain.toUpperCase()}. ` }, { token: a.token });
    expect(set.status).toBe(200);
    expect(set.body.data.customDomain).toBe(domain);
    const taken = await patch("/api/businesses/me", { customDomain: domain, city: "Elsewhere" }, { token: b.token });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("domain_taken");
    expect((await tenantRow(b.id)).city).toBe("");
    expect((await patch("/api/businesses/me", { customDomain: null }, { token: a.token })).body.data.customDomain).toBeNull();
    expect((await patch("/api/businesses/me", { customDomain: domain }, { token: b.token })).status).toBe(200);
    for (const bad of ["localhost", "10.0.0.1", "127.0.0.1", "example", "-bad.example.com", "127.0.0.1:8787"]) {
      const res = await patch("/api/businesses/me", { customDomain: bad }, { token: a.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.details.fieldErrors.customDomain).toBeDefined();
    }
  });

  it("lets an admin change settings but refuses staff with 403 forbidden", async () => {
    const tenant = await createTenant();
    const admin = await createMember(tenant.id, "admin");
    const staff = await createMember(tenant.id, "staff");
    expect((await patch("/api/businesses/me", { city: "Lyon" }, { token: admin.token })).status).toBe(200);
    expect((await get("/api/businesses/me", { token: staff.token })).status).toBe(200);
    const refused = await patch("/api/businesses/me", { city: "Nice" }, { token: staff.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect((await tenantRow(tenant.id)).city).toBe("Lyon");
  });
});

describe("POST /api/businesses", () => {
  it("creates another business owned by the caller, with settings taken from the current one", async () => {
    const tenant = await createTenant({ timezone: "Europe/Paris", currency: "EUR", country: "France" });
    const res = await post("/api/businesses", { businessName: "Second Shop" }, { token: tenant.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      businessName: "Second Shop",
      timezone: "Europe/Paris",
      currency: "EUR",
      country: "France",
      plan: "free",
      isSuspended: false,
    });
    expect(res.body.data.slug).toMatch(/^second-shop(-[a-z0-9]{5})?$/);
    const row = await tenantRow(res.body.data.id);
    expect(row.createdBy).toBe(tenant.ownerId);
    expect(row.email).toBe(tenant.ownerEmail);

    // The caller is its owner: switching to it gives a token that can manage it.
    const switched = await post("/api/auth/switch-tenant", { tenantId: res.body.data.id }, { token: tenant.token });
    expect(switched.status).toBe(200);
    const members = await get("/api/businesses/me/members", { token: switched.body.data.token });
    expect(members.body.data).toEqual([expect.objectContaining({ id: tenant.ownerId, role: "owner", isActive: true })]);
    expect((await get("/api/businesses/me", { token: tenant.token })).body.data.id).toBe(tenant.id);
  });

  it("answers 409 slug_taken for a chosen slug in use, also when two requests race", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const taken = await post("/api/businesses", { businessName: "Dup", slug: a.slug }, { token: b.token });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("slug_taken");

    const slug = `race-${uniq()}`;
    const results = await Promise.all([
      post("/api/businesses", { businessName: "Race A", slug }, { token: a.token }),
      post("/api/businesses", { businessName: "Race B", slug }, { token: b.token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe("slug_taken");
    const rows = await testDb().select().from(schema.tenants).where(sql`slug = ${slug}`);
    expect(rows).toHaveLength(1);
  });

  it("validates the body and refuses staff", async () => {
    const tenant = await createTenant();
    const bad = await post(
      "/api/businesses",
      { businessName: "", slug: "No Way!", timezone: "Nowhere/City", plan: "pro" },
      { token: tenant.token },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors).sort()).toEqual(["businessName", "plan", "slug", "timezone"]);
    const staff = await createMember(tenant.id, "staff");
    const refused = await post("/api/businesses", { businessName: "Side Gig" }, { token: staff.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
  });
});
