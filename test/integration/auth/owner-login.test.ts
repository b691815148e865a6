import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { countDbRequests, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createMember, createTenant, FACTORY_PASSWORD } from "../../helpers/factories";
import { claimsOf } from "./support";

/** Adds `userId` to another tenant, with a membership created at `createdAt`. */
async function addMembership(userId: string, role: "owner" | "admin" | "staff", createdAt: string, isActive = true) {
  const tenant = await createTenant();
  await testDb()
    .insert(schema.tenantMembers)
    .values({ id: newId("mem"), tenantId: tenant.id, userId, role, isActive, createdAt });
  return tenant;
}

describe("POST /api/auth/login", () => {
  it("returns the owner login result with the user record's role and the first membership as the token's tenant", async () => {
    const t = await createTenant({ businessName: "Shear Joy" });
    const res = await post("/api/auth/login", { email: t.ownerEmail, password: FACTORY_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        token: expect.any(String),
        sessionId: expect.any(String),
        user: { id: t.ownerId, email: t.ownerEmail, firstName: "Olive", lastName: "Owner", role: "customer" },
        memberships: [{ tenantId: t.id, role: "owner", slug: t.slug, businessName: "Shear Joy" }],
      },
    });
    const claims = claimsOf(res.body.data.token);
    expect(claims).toMatchObject({ sub: t.ownerId, sid: res.body.data.sessionId, tenantId: t.id, role: "owner" });
    expect(claims.aud).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(24 * 3600);
  });

  it("lists active memberships oldest first and leaves inactive ones out", async () => {
    const member = await createMember((await createTenant()).id, "staff");
    const [{ createdAt: firstAt }] = await testDb()
      .select()
      .from(schema.tenantMembers)
      .where(eq(schema.tenantMembers.userId, member.userId));
    const later = await addMembership(member.userId, "admin", new Date(Date.parse(firstAt) + 60_000).toISOString());
    const older = await addMembership(member.userId, "owner", new Date(Date.parse(firstAt) - 60_000).toISOString());
    await addMembership(member.userId, "owner", new Date(Date.parse(firstAt) - 120_000).toISOString(), false);

    const res = await post("/api/auth/login", { email: member.email, password: FACTORY_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.memberships.map((m: { tenantId: string; role: string }) => [m.tenantId, m.role])).toEqual([
      [older.id, "owner"],
      [expect.any(String), "staff"],
      [later.id, "admin"],
    ]);
    expect(claimsOf(res.body.data.token)).toMatchObject({ tenantId: older.id, role: "owner" });
  });

  it("signs in a user without memberships with a tenant-less token that owner routes refuse with 403", async () => {
    const member = await createMember((await createTenant()).id, "staff");
    await testDb().update(schema.tenantMembers).set({ isActive: false }).where(eq(schema.tenantMembers.userId, member.userId));
    const res = await post("/api/auth/login", { email: member.email, password: FACTORY_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.memberships).toEqual([]);
    expect(claimsOf(res.body.data.token).tenantId).toBeNull();
    const refused = await post("/api/auth/refresh", undefined, { token: res.body.data.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "tenant required" });
  });

  it("accepts the e-mail in any case and with surrounding spaces", async () => {
    const t = await createTenant();
    const res = await post("/api/auth/login", { email: `  ${t.ownerEmail.toUpperCase()} `, password: FACTORY_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(t.ownerEmail);
  });

  it("records the sign-in: last_login_at and a 30-day session, in one read and one write", async () => {
    const t = await createTenant();
    const now = "2031-05-04T10:00:00.000Z";
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/auth/login", { email: t.ownerEmail, password: FACTORY_PASSWORD }, { dbTag, now }),
    );
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(2);
    const db = testDb();
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, t.ownerId));
    expect(user.lastLoginAt).toBe(now);
    const [session] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, result.body.data.sessionId));
    expect(session).toMatchObject({ subjectType: "user", subjectId: t.ownerId, tenantId: t.id, createdAt: now, revokedAt: null });
    expect(session.expiresAt).toBe("2031-06-03T10:00:00.000Z");
  });

  it.each([
    ["a wrong password", (e: string) => ({ email: e, password: "wrong-password" })],
    ["an unknown e-mail", () => ({ email: "nobody-here@example.test", password: FACTORY_PASSWORD })],
    ["a malformed e-mail", () => ({ email: "not an email", password: FACTORY_PASSWORD })],
  ])("answers %s with 401 invalid_credentials (Shape 2) and records no session", async (_label, make) => {
    const t = await createTenant();
    const before = await testDb().select().from(schema.sessions).where(eq(schema.sessions.subjectId, t.ownerId));
    const res = await post("/api/auth/login", make(t.ownerEmail));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "invalid_credentials", message: expect.any(String) } });
    const after = await testDb().select().from(schema.sessions).where(eq(schema.sessions.subjectId, t.ownerId));
    expect(after).toHaveLength(before.length);
    const [user] = await testDb().select().from(schema.users).where(eq(schema.users.id, t.ownerId));
    expect(user.lastLoginAt).toBeNull();
  });

  it("gives the same answer for an unknown e-mail and a wrong password, so neither reveals an account", async () => {
    const t = await createTenant();
    const wrong = await post("/api/auth/login", { email: t.ownerEmail, password: "wrong-password" });
    const unknown = await post("/api/auth/login", { email: `x${t.ownerEmail}`, password: "wrong-password" });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("refuses a deactivated user with 401 invalid_credentials", async () => {
    const t = await createTenant();
    await testDb().update(schema.users).set({ isActive: false }).where(eq(schema.users.id, t.ownerId));
    const res = await post("/api/auth/login", { email: t.ownerEmail, password: FACTORY_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("invalid_credentials");
  });

  it.each([
    ["no body", undefined, "formErrors"],
    ["a missing password", { email: "a@example.test" }, "password"],
    ["a missing e-mail", { password: "whatever1" }, "email"],
    ["a non-string password", { email: "a@example.test", password: 12345678 }, "password"],
  ])("refuses %s with 400 invalid_request", async (_label, body, field) => {
    const res = await post("/api/auth/login", body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    if (field !== "formErrors") expect(res.body.error.details.fieldErrors[field]).toBeDefined();
  });
});
