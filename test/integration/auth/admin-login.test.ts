import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createTenant, FACTORY_PASSWORD } from "../../helpers/factories";
import { claimsOf } from "./support";

describe("POST /api/admin/login", () => {
  it("returns { token, sessionId, admin } with a 4 h super_admin token and an 8 h session, in one read and one write", async () => {
    const admin = await createAdmin();
    const now = "2031-04-04T08:00:00.000Z";
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      post("/api/admin/login", { email: admin.email.toUpperCase(), password: FACTORY_PASSWORD }, { now, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    expect(res.body).toEqual({
      data: { token: expect.any(String), sessionId: expect.any(String), admin: { id: admin.id, email: admin.email, name: "Ada Admin" } },
    });
    const claims = claimsOf(res.body.data.token);
    expect(claims).toMatchObject({
      sub: admin.id,
      sid: res.body.data.sessionId,
      aud: "super_admin",
      email: admin.email,
      name: "Ada Admin",
    });
    expect(claims.exp - claims.iat).toBe(4 * 3600);

    const db = testDb();
    const [row] = await db.select().from(schema.superAdmins).where(eq(schema.superAdmins.id, admin.id));
    expect(row.lastLoginAt).toBe(now);
    const [session] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, res.body.data.sessionId));
    expect(session).toMatchObject({ subjectType: "admin", subjectId: admin.id, createdAt: now, expiresAt: "2031-04-04T16:00:00.000Z" });
  });

  it("gives a token that admin routes accept and owner and customer routes refuse", async () => {
    const admin = await createAdmin();
    const { token } = (await post("/api/admin/login", { email: admin.email, password: FACTORY_PASSWORD })).body.data;
    const tenant = await createTenant();
    // Accepted by requireAdmin: the answer is the route's own, not 401.
    expect((await get(`/api/admin/tenants/${tenant.id}`, { token })).status).not.toBe(401);
    expect((await post("/api/auth/refresh", undefined, { token })).status).toBe(401);
    expect((await get("/api/me", { token })).status).toBe(401);
  });

  it("is reachable without a token (the only /api/admin route that is)", async () => {
    const res = await post("/api/admin/login", { email: "nobody@example.test", password: "whatever-pass" });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("invalid_credentials");
  });

  it.each([
    ["a wrong password", (e: string) => ({ email: e, password: "wrong-password" })],
    ["an unknown e-mail", () => ({ email: "no-such-admin@example.test", password: FACTORY_PASSWORD })],
  ])("answers %s with 401 invalid_credentials and records nothing", async (_label, make) => {
    const admin = await createAdmin();
    const res = await post("/api/admin/login", make(admin.email));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "invalid_credentials", message: expect.any(String) } });
    const [row] = await testDb().select().from(schema.superAdmins).where(eq(schema.superAdmins.id, admin.id));
    expect(row.lastLoginAt).toBeNull();
  });

  it("does not accept owner or customer credentials", async () => {
    const tenant = await createTenant();
    const res = await post("/api/admin/login", { email: tenant.ownerEmail, password: FACTORY_PASSWORD });
    expect(res.status).toBe(401);
  });

  it("refuses a body without a password with 400 invalid_request", async () => {
    const res = await post("/api/admin/login", { email: "a@example.test" });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors.password).toBeDefined();
  });
});
