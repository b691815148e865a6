import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { signToken } from "../../../src/lib/jwt";
import { countDbRequests, get, patch } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createBookingRow, createCustomerAccount, createTenant } from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";

describe("GET /api/me", () => {
  it("returns the caller's profile, the same fields as the login result, in one round trip", async () => {
    const c = await createCustomerAccount({ phone: "+44 20 7946 0000", defaultTimezone: "Europe/London", marketingOptIn: true });
    const { result: res, dbRequests } = await countDbRequests((dbTag) => get("/api/me", { token: c.token, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    expect(res.body).toEqual({
      data: {
        id: c.id,
        email: c.email,
        firstName: "Cass",
        lastName: "Customer",
        phone: "+44 20 7946 0000",
        defaultTimezone: "Europe/London",
        emailVerified: false,
        marketingOptIn: true,
        createdAt: expect.any(String),
        lastLoginAt: null,
      },
    });
  });

  it("answers 401 for a valid customer token whose account does not exist", async () => {
    const { token } = await signToken(env.JWT_SECRET, { sub: newId("cus"), sid: newId("ses"), aud: "customer" }, 3600, new Date());
    const res = await get("/api/me", { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized" });
  });
});

describe("PATCH /api/me", () => {
  it("changes the given fields only and returns the profile after the change, in one round trip", async () => {
    const c = await createCustomerAccount({ phone: "555" });
    // The request clock stays inside the factory token's 24 h.
    const now = new Date(Date.now() + 60_000).toISOString();
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      patch("/api/me", { firstName: " Casey ", defaultTimezone: "asia/tokyo", marketingOptIn: true }, { token: c.token, dbTag, now }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    expect(res.body.data).toMatchObject({
      id: c.id,
      firstName: "Casey",
      lastName: "Customer",
      phone: "555",
      defaultTimezone: "Asia/Tokyo",
      marketingOptIn: true,
    });
    const [row] = await testDb().select().from(schema.customerAccounts).where(eq(schema.customerAccounts.id, c.id));
    expect(row).toMatchObject({ firstName: "Casey", defaultTimezone: "Asia/Tokyo", marketingOptIn: true, updatedAt: now, email: c.email });
    expect((await get("/api/me", { token: c.token })).body.data).toEqual(res.body.data);
  });

  it("lets optional fields be cleared", async () => {
    const c = await createCustomerAccount({ phone: "555", lastName: "Kim" });
    const res = await patch("/api/me", { phone: "", lastName: "" }, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: "", lastName: "" });
  });

  it.each([
    ["an e-mail change (not editable here)", { email: "new@example.test" }, "email"],
    ["an unknown field", { nickname: "cc" }, "nickname"],
    ["an empty first name", { firstName: "  " }, "firstName"],
    ["a null first name", { firstName: null }, "firstName"],
    ["a too long last name", { lastName: "x".repeat(101) }, "lastName"],
    ["a too long phone", { phone: "9".repeat(41) }, "phone"],
    ["an unknown time zone", { defaultTimezone: "Europe/Atlantis" }, "defaultTimezone"],
    ["a non-boolean opt-in", { marketingOptIn: 1 }, "marketingOptIn"],
  ])("refuses %s with 400 invalid_request and changes nothing", async (_label, body, field) => {
    const c = await createCustomerAccount();
    const before = await get("/api/me", { token: c.token });
    const res = await patch("/api/me", { lastName: "Changed", ...body }, { token: c.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(res.body.error.details.fieldErrors[field]).toBeDefined();
    expect((await get("/api/me", { token: c.token })).body).toEqual(before.body);
  });

  it("refuses an empty body with 400", async () => {
    const c = await createCustomerAccount();
    const res = await patch("/api/me", {}, { token: c.token });
    expect(res.status).toBe(400);
    expect(res.body.error.details.formErrors.length).toBeGreaterThan(0);
  });

  it("refuses an owner token with 401", async () => {
    const t = await createTenant();
    const res = await patch("/api/me", { firstName: "Owner" }, { token: t.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized" });
  });
});

/** A tenant in `timezone` with one service and one staff member, ready for booking rows. */
async function business(timezone: string, businessName: string) {
  return bookableTenant({
    tenant: { timezone, businessName },
    service: { name: `Cut ${businessName}`, durationMinutes: 30, price: 2500 },
    staff: { displayName: `Stylist ${businessName}` },
  });
}

describe("GET /api/me/bookings", () => {
  it("lists the caller's bookings across businesses, newest first, in tenant-local time, and nobody else's", async () => {
    const paris = await business("Europe/Paris", "Paris Hair");
    const ny = await business("America/New_York", "NY Nails");
    const alice = await createCustomerAccount();
    const bob = await createCustomerAccount();

    // 2031-07-01T08:00Z is 10:00 in Paris (CEST); 2031-07-02T14:30Z is 10:30 in New York (EDT).
    const early = await createBookingRow(paris.tenant.id, paris.service.id, paris.staff.id, new Date("2031-07-01T08:00:00Z"), 45, {
      customerAccountId: alice.id,
      currency: "EUR",
      totalAmount: 4200,
    });
    const late = await createBookingRow(ny.tenant.id, ny.service.id, ny.staff.id, new Date("2031-07-02T14:30:00Z"), 30, {
      customerAccountId: alice.id,
      status: "cancelled",
    });
    const bobs = await createBookingRow(ny.tenant.id, ny.service.id, ny.staff.id, new Date("2031-07-03T14:00:00Z"), 30, {
      customerAccountId: bob.id,
    });
    await createBookingRow(ny.tenant.id, ny.service.id, ny.staff.id, new Date("2031-07-04T14:00:00Z"), 30); // a guest booking

    const { result: res, dbRequests } = await countDbRequests((dbTag) => get("/api/me/bookings", { token: alice.token, dbTag }));
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    expect(res.body.data).toEqual([
      {
        id: late.id,
        tenantId: ny.tenant.id,
        businessSlug: ny.tenant.slug,
        businessName: "NY Nails",
        serviceName: "Cut NY Nails",
        staffName: "Stylist NY Nails",
        status: "cancelled",
        confirmationCode: late.confirmationCode,
        startDatetime: "2031-07-02T10:30:00",
        endDatetime: "2031-07-02T11:00:00",
        timezone: "America/New_York",
        totalAmount: 2500,
        currency: "USD",
        createdAt: late.createdAt,
      },
      {
        id: early.id,
        tenantId: paris.tenant.id,
        businessSlug: paris.tenant.slug,
        businessName: "Paris Hair",
        serviceName: "Cut Paris Hair",
        staffName: "Stylist Paris Hair",
        status: "confirmed",
        confirmationCode: early.confirmationCode,
        startDatetime: "2031-07-01T10:00:00",
        endDatetime: "2031-07-01T10:45:00",
        timezone: "Europe/Paris",
        totalAmount: 4200,
        currency: "EUR",
        createdAt: early.createdAt,
      },
    ]);

    const bobsList = await get("/api/me/bookings", { token: bob.token });
    expect(bobsList.body.data.map((b: { id: string }) => b.id)).toEqual([bobs.id]);
    const nobody = await createCustomerAccount();
    expect((await get("/api/me/bookings", { token: nobody.token })).body).toEqual({ data: [] });
  });

  it("honours limit (newest first) and refuses a limit above 200", async () => {
    const b = await business("UTC", "Limit Lab");
    const c = await createCustomerAccount();
    const starts = ["2031-01-01T09:00:00Z", "2031-01-02T09:00:00Z", "2031-01-03T09:00:00Z"];
    for (const s of starts) await createBookingRow(b.tenant.id, b.service.id, b.staff.id, new Date(s), 30, { customerAccountId: c.id });
    const res = await get("/api/me/bookings?limit=2", { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { startDatetime: string }) => x.startDatetime)).toEqual(["2031-01-03T09:00:00", "2031-01-02T09:00:00"]);
    for (const bad of ["201", "0", "abc"]) {
      const refused = await get(`/api/me/bookings?limit=${bad}`, { token: c.token });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.fieldErrors.limit).toBeDefined();
    }
  });
});
