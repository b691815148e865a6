import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createTenant, uniq } from "../../helpers/factories";
import { claimsOf, email } from "./support";

const body = (over: Record<string, unknown> = {}) => ({
  email: email("owner"),
  password: "correct horse",
  firstName: "Olive",
  lastName: "Owner",
  businessName: `Shear Joy ${uniq()}`,
  ...over,
});

describe("POST /api/auth/register", () => {
  it("creates user, free active tenant and owner membership, and signs the owner in (201)", async () => {
    const slug = `shear-${uniq()}`;
    const b = body({ slug, timezone: "Europe/Paris", currency: "eur", country: "France", businessType: "barber" });
    const res = await post("/api/auth/register", b);
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(Object.keys(res.body)).toEqual(["data"]);
    expect(data).toEqual({
      token: expect.any(String),
      sessionId: expect.any(String),
      user: { id: expect.any(String), email: b.email, firstName: "Olive", lastName: "Owner", role: "customer" },
      memberships: [{ tenantId: expect.any(String), role: "owner", slug, businessName: b.businessName }],
    });
    const claims = claimsOf(data.token);
    expect(claims).toMatchObject({ sub: data.user.id, sid: data.sessionId, tenantId: data.memberships[0].tenantId, role: "owner" });
    expect(claims.aud).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(24 * 3600);

    const db = testDb();
    const [tenant] = await db.select().from(schema.tenants).where(eq(schema.tenants.id, data.memberships[0].tenantId));
    expect(tenant).toMatchObject({
      slug,
      plan: "free",
      planStatus: "active",
      isActive: true,
      isSuspended: false,
      timezone: "Europe/Paris",
      currency: "EUR",
      country: "France",
      businessType: "barber",
      createdBy: data.user.id,
    });
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, data.user.id));
    expect(user.passwordHash).toMatch(/^pbkdf2\$/);
    expect(user.passwordHash).not.toContain("correct horse");
    const [session] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, data.sessionId));
    expect(session).toMatchObject({ subjectType: "user", subjectId: data.user.id, revokedAt: null });

    // The new token works on an owner route straight away.
    const refreshed = await post("/api/auth/refresh", undefined, { token: data.token });
    expect(refreshed.status).toBe(200);
  });

  it("writes everything in one database round trip", async () => {
    const { result, dbRequests } = await countDbRequests((dbTag) => post("/api/auth/register", body(), { dbTag }));
    expect(result.status).toBe(201);
    expect(dbRequests).toBe(1);
  });

  it("derives a slug from the business name, stores the e-mail lower-case and defaults the settings", async () => {
    const name = `Café Zoë & Co ${uniq()}`;
    const mixed = `New.Owner-${uniq()}@Example.TEST`;
    const res = await post("/api/auth/register", body({ businessName: name, email: mixed }));
    expect(res.status).toBe(201);
    const m = res.body.data.memberships[0];
    expect(m.slug).toBe(
      name
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-"),
    );
    expect(res.body.data.user.email).toBe(mixed.toLowerCase());
    const profile = await get(`/api/public/${m.slug}`);
    expect(profile.body.data).toMatchObject({ timezone: "UTC", currency: "USD", business_name: name });
  });

  it("gives a derived slug that is taken a suffix instead of refusing", async () => {
    const existing = await createTenant();
    const res = await post("/api/auth/register", body({ businessName: existing.slug }));
    expect(res.status).toBe(201);
    expect(res.body.data.memberships[0].slug).toMatch(new RegExp(`^${existing.slug}-[a-z0-9]{5}$`));
  });

  it("canonicalises an IANA zone written in another case", async () => {
    const res = await post("/api/auth/register", body({ timezone: "america/new_york" }));
    expect(res.status).toBe(201);
    const profile = await get(`/api/public/${res.body.data.memberships[0].slug}`);
    expect(profile.body.data.timezone).toBe("America/New_York");
  });

  it("answers 409 email_taken for a registered e-mail in any case, and changes nothing", async () => {
    const first = body();
    expect((await post("/api/auth/register", first)).status).toBe(201);
    const slug = `again-${uniq()}`;
    const res = await post("/api/auth/register", body({ email: first.email.toUpperCase(), slug }));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "email_taken", message: expect.any(String) });
    const tenants = await testDb().select().from(schema.tenants).where(eq(schema.tenants.slug, slug));
    expect(tenants).toEqual([]);
  });

  it("answers 409 slug_taken for a chosen slug in use, and creates no user", async () => {
    const existing = await createTenant();
    const b = body({ slug: existing.slug.toUpperCase() });
    const res = await post("/api/auth/register", b);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("slug_taken");
    expect(await testDb().select().from(schema.users).where(eq(schema.users.email, b.email))).toEqual([]);
  });

  it("settles two simultaneous registrations of one e-mail with one 201 and one 409", async () => {
    const shared = email("race");
    const results = await Promise.all([
      post("/api/auth/register", body({ email: shared })),
      post("/api/auth/register", body({ email: shared })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe("email_taken");
    expect(await testDb().select().from(schema.users).where(eq(schema.users.email, shared))).toHaveLength(1);
  });

  it("settles two simultaneous registrations of one slug with one 201 and one 409 slug_taken", async () => {
    const slug = `race-${uniq()}`;
    const results = await Promise.all([post("/api/auth/register", body({ slug })), post("/api/auth/register", body({ slug }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe("slug_taken");
  });

  it.each([
    ["a short password", { password: "short7c" }, "password"],
    ["a malformed e-mail", { email: "not-an-email" }, "email"],
    ["a missing e-mail", { email: undefined }, "email"],
    ["a missing business name", { businessName: undefined }, "businessName"],
    ["a missing first name", { firstName: "" }, "firstName"],
    ["a slug with bad characters", { slug: "no spaces!" }, "slug"],
    ["a too short slug", { slug: "ab" }, "slug"],
    ["a reserved slug", { slug: "booking" }, "slug"],
    ["an unknown time zone", { timezone: "Mars/Olympus" }, "timezone"],
    ["an offset instead of a zone", { timezone: "+05:00" }, "timezone"],
    ["a currency that is not ISO 4217", { currency: "EURO" }, "currency"],
    ["an unknown currency", { currency: "ZZZ" }, "currency"],
    ["an unknown field", { plan: "enterprise" }, "plan"],
  ])("refuses %s with 400 invalid_request naming the field, and writes nothing", async (_label, over, field) => {
    const b = body(over);
    const res = await post("/api/auth/register", b);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(Object.keys(res.body.error.details.fieldErrors)).toContain(field);
    if (typeof b.email === "string" && b.email.includes("@")) {
      expect(await testDb().select().from(schema.users).where(eq(schema.users.email, b.email))).toEqual([]);
    }
  });

  it("refuses malformed JSON with 400 invalid_request", async () => {
    const res = await post("/api/auth/register", undefined, { rawBody: "{nope" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});
