import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { signToken } from "../../../src/lib/jwt";
import { countDbRequests, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createCustomerAccount, createMember, createTenant, FACTORY_PASSWORD, ownerToken } from "../../helpers/factories";
import { addMembership, claimsOf } from "./support";
import { auditEntries } from "../../helpers/audit";

const HOUR = 3600_000;

async function login(email: string, now?: string) {
  const res = await post("/api/auth/login", { email, password: FACTORY_PASSWORD }, { now });
  expect(res.status).toBe(200);
  return res.body.data as { token: string; sessionId: string; user: { id: string } };
}

/** An operator's read-only impersonation token for the tenant's owner, as the admin work mints it. */
async function impersonationToken(tenant: { id: string; ownerId: string }) {
  const admin = await createAdmin();
  const sessionId = newId("imp");
  const now = new Date();
  await testDb()
    .insert(schema.impersonationSessions)
    .values({
      id: sessionId,
      adminId: admin.id,
      tenantId: tenant.id,
      ownerUserId: tenant.ownerId,
      reason: "support ticket 42",
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + HOUR).toISOString(),
    });
  const claims = {
    sub: tenant.ownerId,
    sid: sessionId,
    tenantId: tenant.id,
    role: "owner",
    imp: { adminId: admin.id, sessionId },
    ro: true,
  };
  return { token: (await signToken(env.JWT_SECRET, claims, 3600, now)).token, sessionId, adminId: admin.id };
}

const auditFor = (tenantId: string) => auditEntries(tenantId, "admin.tenant.impersonate");

describe("POST /api/auth/refresh", () => {
  it("re-signs the same claims for another 24 hours", async () => {
    const t = await createTenant();
    const signedIn = await login(t.ownerEmail, "2031-01-01T00:00:00.000Z");
    const res = await post("/api/auth/refresh", undefined, { token: signedIn.token, now: "2031-01-01T23:00:00.000Z" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { token: expect.any(String) } });
    const before = claimsOf(signedIn.token);
    const after = claimsOf(res.body.data.token);
    expect(after).toEqual({ ...before, jti: expect.any(String), iat: before.iat + 23 * 3600, exp: before.exp + 23 * 3600 });
    expect(after.exp - after.iat).toBe(24 * 3600);
    expect(after.jti).not.toBe(before.jti);

    // Past the first token's expiry only the refreshed one is accepted.
    const later = "2031-01-02T06:00:00.000Z";
    expect((await post("/api/auth/refresh", undefined, { token: signedIn.token, now: later })).status).toBe(401);
    expect((await post("/api/auth/refresh", undefined, { token: res.body.data.token, now: later })).status).toBe(200);
  });

  it("answers a new token even within the second of the sign-in, so a client can tell it was swapped", async () => {
    const t = await createTenant();
    const at = "2031-01-01T00:00:00.000Z";
    const signedIn = await login(t.ownerEmail, at);
    const res = await post("/api/auth/refresh", undefined, { token: signedIn.token, now: at });
    expect(res.status).toBe(200);
    expect(res.body.data.token).not.toBe(signedIn.token);
    expect(claimsOf(res.body.data.token).iat).toBe(claimsOf(signedIn.token).iat);
  });

  it("costs two round trips (tenant and membership, then session)", async () => {
    const t = await createTenant();
    const { result, dbRequests } = await countDbRequests((dbTag) => post("/api/auth/refresh", undefined, { token: t.token, dbTag }));
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(2);
  });

  it("refuses with 401 once the session is revoked", async () => {
    const t = await createTenant();
    const signedIn = await login(t.ownerEmail);
    await testDb().update(schema.sessions).set({ revokedAt: new Date().toISOString() }).where(eq(schema.sessions.id, signedIn.sessionId));
    const res = await post("/api/auth/refresh", undefined, { token: signedIn.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized" });
  });

  it("refuses with 401 once the 30-day session record has lapsed, even with an unexpired token", async () => {
    const t = await createTenant();
    const signedIn = await login(t.ownerEmail, "2031-03-01T00:00:00.000Z");
    // A token refreshed on day 29 is still within its own 24 h on day 30, but the session is over.
    const day29 = await post("/api/auth/refresh", undefined, { token: signedIn.token, now: "2031-03-01T20:00:00.000Z" });
    expect(day29.status).toBe(200);
    await testDb().update(schema.sessions).set({ expiresAt: "2031-03-01T21:00:00.000Z" }).where(eq(schema.sessions.id, signedIn.sessionId));
    const res = await post("/api/auth/refresh", undefined, { token: day29.body.data.token, now: "2031-03-01T21:00:00.000Z" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized" });
  });

  it("refuses a token whose session id names another user's session", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const otherSession = claimsOf(other.token).sid;
    const forged = (await signToken(env.JWT_SECRET, { sub: t.ownerId, sid: otherSession, tenantId: t.id, role: "owner" }, 3600, new Date()))
      .token;
    const res = await post("/api/auth/refresh", undefined, { token: forged });
    expect(res.status).toBe(401);
  });

  it("treats refresh with an impersonation token as a write: 403 impersonation_read_only, audited", async () => {
    const t = await createTenant();
    const imp = await impersonationToken(t);
    const res = await post("/api/auth/refresh", undefined, { token: imp.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("impersonation_read_only");
    const rows = await auditFor(t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: imp.adminId, reason: "support ticket 42" });
    expect(rows[0].metadata).toMatchObject({ sessionId: imp.sessionId, page: "POST /api/auth/refresh" });
  });
});

describe("POST /api/auth/switch-tenant", () => {
  it("issues a token for another active membership, in the same session", async () => {
    const home = await createTenant();
    const other = await createTenant({ businessName: "Second Shop" });
    const member = await createMember(other.id, "staff");
    // Joined later than `other` (sign-in picks the oldest membership), whatever the clock's resolution.
    await addMembership(home.id, member.userId, "admin", { createdAt: new Date(Date.now() + 60_000).toISOString() });
    const signedIn = await login(member.email);
    expect(claimsOf(signedIn.token).tenantId).toBe(other.id);

    const res = await post("/api/auth/switch-tenant", { tenantId: home.id }, { token: signedIn.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { token: expect.any(String) } });
    const claims = claimsOf(res.body.data.token);
    expect(claims).toMatchObject({ sub: member.userId, sid: signedIn.sessionId, tenantId: home.id, role: "admin" });
    expect(claims.aud).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(24 * 3600);
    expect((await post("/api/auth/refresh", undefined, { token: res.body.data.token })).status).toBe(200);
  });

  it("costs one round trip", async () => {
    const t = await createTenant();
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/auth/switch-tenant", { tenantId: t.id }, { token: t.token, dbTag }),
    );
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
  });

  it("still lets a member removed from the token's tenant move to another business", async () => {
    const first = await createTenant();
    const second = await createTenant();
    const member = await createMember(first.id, "staff");
    await addMembership(second.id, member.userId, "staff");
    await testDb()
      .update(schema.tenantMembers)
      .set({ isActive: false })
      .where(and(eq(schema.tenantMembers.tenantId, first.id), eq(schema.tenantMembers.userId, member.userId)));
    const res = await post("/api/auth/switch-tenant", { tenantId: second.id }, { token: member.token });
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.data.token).tenantId).toBe(second.id);
  });

  it.each([
    ["a tenant the caller is not a member of", async () => (await createTenant()).id],
    ["a tenant id that does not exist", async () => newId("tnt")],
  ])("answers 404 not_found for %s", async (_label, target) => {
    const t = await createTenant();
    const res = await post("/api/auth/switch-tenant", { tenantId: await target() }, { token: t.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
  });

  it("answers 404 for a membership that is no longer active", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const member = await createMember(other.id, "admin");
    await addMembership(t.id, member.userId, "owner", { isActive: false });
    const res = await post("/api/auth/switch-tenant", { tenantId: t.id }, { token: member.token });
    expect(res.status).toBe(404);
  });

  it.each([
    ["a missing tenantId", {}, "tenantId"],
    ["an unknown field", { tenantId: "tnt_x", role: "owner" }, "role"],
    ["a non-string tenantId", { tenantId: 7 }, "tenantId"],
  ])("refuses %s with 400 invalid_request", async (_label, body, field) => {
    const t = await createTenant();
    const res = await post("/api/auth/switch-tenant", body, { token: t.token });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors[field]).toBeDefined();
  });

  it("refuses a revoked session with 401", async () => {
    const t = await createTenant();
    const other = await createTenant();
    await addMembership(other.id, t.ownerId, "owner");
    const signedIn = await login(t.ownerEmail);
    await testDb().update(schema.sessions).set({ revokedAt: new Date().toISOString() }).where(eq(schema.sessions.id, signedIn.sessionId));
    const res = await post("/api/auth/switch-tenant", { tenantId: other.id }, { token: signedIn.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized" });
  });

  it("refuses customer and operator tokens with 401, and no token at all", async () => {
    const t = await createTenant();
    for (const token of [(await createCustomerAccount()).token, (await createAdmin()).token, undefined]) {
      const res = await post("/api/auth/switch-tenant", { tenantId: t.id }, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
  });

  it("refuses an impersonation token with 403 impersonation_read_only and audits the attempt", async () => {
    const t = await createTenant();
    const other = await createTenant();
    await addMembership(other.id, t.ownerId, "owner");
    const imp = await impersonationToken(t);
    const res = await post("/api/auth/switch-tenant", { tenantId: other.id }, { token: imp.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("impersonation_read_only");
    const rows = await auditFor(t.id);
    expect(rows.map((r) => (r.metadata as { page: string }).page)).toEqual(["POST /api/auth/switch-tenant"]);
  });

  it("gives a tenant-less token (a user who had no membership at sign-in) a way into a business", async () => {
    const t = await createTenant();
    const token = await ownerToken(t.ownerId, null, "customer");
    const res = await post("/api/auth/switch-tenant", { tenantId: t.id }, { token });
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.data.token)).toMatchObject({ tenantId: t.id, role: "owner" });
  });
});
