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

describe("per-account throttle of operator sign-in (design.md §18)", () => {
  const T0 = Date.parse("2032-05-05T10:00:00.000Z");
  const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
  const attempt = (email: string, password: string, seconds: number, dbTag?: string) =>
    post("/api/admin/login", { email, password }, { now: at(seconds), dbTag });

  it("after 10 consecutive failures refuses that account for 15 minutes with 429, even the right password, then lets it in", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 10; i++) {
      const res = await attempt(admin.email, `wrong-${i}`, i);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("invalid_credentials");
    }
    const refused = await attempt(admin.email, FACTORY_PASSWORD, 60);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
    // Locked at the tenth failure (second 9) for 15 minutes: 900 - 51 seconds left.
    expect(refused.headers.get("Retry-After")).toBe("849");
    const sessions = await testDb().select().from(schema.sessions).where(eq(schema.sessions.subjectId, admin.id));
    expect(sessions.filter((s) => s.createdAt >= at(0))).toEqual([]);

    expect((await attempt(admin.email, FACTORY_PASSWORD, 9 + 899)).status).toBe(429);
    const back = await attempt(admin.email, FACTORY_PASSWORD, 9 + 900);
    expect(back.status).toBe(200);
  });

  it("does not check the password while locked: one read, no write, the same answer for right and wrong", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 10; i++) await attempt(admin.email, "wrong-password", i);
    for (const password of [FACTORY_PASSWORD, "wrong-password"]) {
      const { result, dbRequests } = await countDbRequests((dbTag) => attempt(admin.email, password, 30, dbTag));
      expect(result.status).toBe(429);
      expect(dbRequests).toBe(1);
    }
    // Failures while locked do not extend the lock.
    expect((await attempt(admin.email, FACTORY_PASSWORD, 9 + 900)).status).toBe(200);
  });

  it("a success resets the count: 9 failures, a success, 9 failures still leave the account open", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 9; i++) expect((await attempt(admin.email, "wrong-password", i)).status).toBe(401);
    expect((await attempt(admin.email, FACTORY_PASSWORD, 10)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(admin.email, "wrong-password", 11 + i)).status).toBe(401);
    expect((await attempt(admin.email, FACTORY_PASSWORD, 30)).status).toBe(200);
    const [row] = await testDb().select().from(schema.superAdmins).where(eq(schema.superAdmins.id, admin.id));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it("locks only the attacked account", async () => {
    const attacked = await createAdmin();
    const other = await createAdmin();
    for (let i = 0; i < 10; i++) await attempt(attacked.email, "wrong-password", i);
    expect((await attempt(attacked.email, FACTORY_PASSWORD, 20)).status).toBe(429);
    expect((await attempt(other.email, FACTORY_PASSWORD, 20)).status).toBe(200);
  });

  it("under 20 concurrent wrong guesses the account ends up locked and the right password is refused", async () => {
    const admin = await createAdmin();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(admin.email, `guess-${i}`, 1)));
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect((await attempt(admin.email, FACTORY_PASSWORD, 2)).status).toBe(429);
  });
});
