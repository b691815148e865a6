import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { signToken } from "../../../src/lib/jwt";
import { countDbRequests, del, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createCustomerAccount, createMember, createTenant } from "../../helpers/factories";
import { auditEntries } from "../../helpers/audit";

const REASON = "Customer ticket #4521: bookings page looks empty";

async function launch(tenantId: string, adminToken: string, opts: { reason?: string; now?: Date } = {}) {
  return post(`/api/admin/tenants/${tenantId}/impersonate`, { reason: opts.reason ?? REASON }, { token: adminToken, now: opts.now });
}

const auditRows = (tenantId: string) => auditEntries(tenantId, "admin.tenant.impersonate");

/** Audit rows written for pages opened with the token (the launch's `start` row excluded). */
async function pageRows(tenantId: string) {
  return (await auditRows(tenantId)).filter((r) => (r.metadata as { page: string }).page !== "start");
}

describe("POST /api/admin/tenants/:id/impersonate", () => {
  it("opens a 1-hour session as the owner and records the launch with its reason", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const now = new Date("2026-03-10T12:00:00.000Z");
    const res = await launch(tenant.id, admin.token, { reason: `  ${REASON}  `, now });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        token: expect.any(String),
        sessionId: expect.stringMatching(/^imp_/),
        expiresAt: "2026-03-10T13:00:00.000Z",
        tenantId: tenant.id,
      },
    });
    const sessionId = res.body.data.sessionId;

    const [session] = await testDb().select().from(schema.impersonationSessions).where(eq(schema.impersonationSessions.id, sessionId));
    expect(session).toEqual({
      id: sessionId,
      adminId: admin.id,
      tenantId: tenant.id,
      ownerUserId: tenant.ownerId,
      reason: REASON,
      createdAt: now.toISOString(),
      expiresAt: "2026-03-10T13:00:00.000Z",
    });
    const rows = await auditRows(tenant.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "admin.tenant.impersonate",
      actorType: "admin",
      actorId: admin.id,
      targetType: "tenant",
      targetId: tenant.id,
      reason: REASON,
      metadata: { sessionId, page: "start" },
      createdAt: now.toISOString(),
    });
  });

  it("impersonates the oldest active owner, and answers 409 when the business has none", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    await createMember(tenant.id, "owner"); // a newer co-owner
    const res = await launch(tenant.id, admin.token);
    expect(res.status).toBe(201);
    const [session] = await testDb()
      .select()
      .from(schema.impersonationSessions)
      .where(eq(schema.impersonationSessions.id, res.body.data.sessionId));
    expect(session.ownerUserId).toBe(tenant.ownerId);

    const orphan = await createTenant();
    await testDb().update(schema.tenantMembers).set({ isActive: false }).where(eq(schema.tenantMembers.tenantId, orphan.id));
    const refused = await launch(orphan.id, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("conflict");
    expect(await auditRows(orphan.id)).toHaveLength(0);
  });

  it("requires a reason of 1-500 characters after trimming, and an existing tenant", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const bodies: unknown[] = [
      {},
      { reason: "" },
      { reason: "   " },
      { reason: "x".repeat(501) },
      { reason: 42 },
      { reason: "ok", extra: 1 },
    ];
    for (const body of bodies) {
      const res = await post(`/api/admin/tenants/${tenant.id}/impersonate`, body, { token: admin.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    expect((await launch(tenant.id, admin.token, { reason: "x".repeat(500) })).status).toBe(201);

    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post(`/api/admin/tenants/${tenant.id}/impersonate`, { reason: REASON }, { token: admin.token, dbTag }),
    );
    expect(result.status).toBe(201);
    expect(dbRequests).toBe(2); // one read, one batch (session + audit row)

    const missing = await launch("tnt_doesnotexist", admin.token);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    // Refused launches wrote nothing.
    const sessions = await testDb().select().from(schema.impersonationSessions).where(eq(schema.impersonationSessions.tenantId, tenant.id));
    expect(sessions).toHaveLength(2);
  });

  it("is for super admins only: owner, customer and anonymous callers get 401", async () => {
    const tenant = await createTenant();
    const customer = await createCustomerAccount();
    for (const token of [tenant.token, customer.token, undefined]) {
      const res = await launch(tenant.id, token as string);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
    expect(await auditRows(tenant.id)).toHaveLength(0);
  });
});

describe("requests made with an impersonation token", () => {
  it("reads owner pages, one audit row per request with the session's reason and the page opened", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const { token, sessionId } = (await launch(tenant.id, admin.token)).body.data;

    const payments = await get("/api/payments", { token });
    expect(payments.status).toBe(200);
    expect(payments.body.data).toEqual([]);
    const webhooks = await get("/api/businesses/me/webhooks", { token });
    expect(webhooks.status).toBe(200);
    expect(webhooks.body.data).toEqual([]);

    // The audit row rides in requireOwner's membership round trip: no extra request.
    const counted = await countDbRequests((dbTag) => get("/api/businesses/me/webhooks", { token, dbTag }));
    expect(counted.result.status).toBe(200);
    expect(counted.dbRequests).toBe(2);

    const rows = await pageRows(tenant.id);
    expect(rows).toHaveLength(3);
    const pages = rows.map((r) => r.metadata as Record<string, unknown>).sort((a, b) => String(a.path).localeCompare(String(b.path)));
    expect(pages).toEqual([
      { sessionId, page: "GET /api/businesses/me/webhooks", method: "GET", path: "/api/businesses/me/webhooks" },
      { sessionId, page: "GET /api/businesses/me/webhooks", method: "GET", path: "/api/businesses/me/webhooks" },
      { sessionId, page: "GET /api/payments", method: "GET", path: "/api/payments" },
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ actorType: "admin", actorId: admin.id, targetType: "tenant", targetId: tenant.id, reason: REASON });
    }
  });

  it("refuses every write with 403 impersonation_read_only, audits it, and changes nothing", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const { token } = (await launch(tenant.id, admin.token)).body.data;
    const endpointId = newId("whe");
    await testDb()
      .insert(schema.webhookEndpoints)
      .values({
        id: endpointId,
        tenantId: tenant.id,
        url: "https://hooks.example.test/in",
        events: ["booking.created"],
        secret: "whsec_test",
        createdAt: new Date().toISOString(),
      });
    const [before] = await testDb().select().from(schema.tenants).where(eq(schema.tenants.id, tenant.id));

    const writes = [
      () => post("/api/businesses/me/webhooks", { url: "https://hooks.example.test/new", events: ["booking.created"] }, { token }),
      () => patch("/api/businesses/me", { businessName: "Hijacked" }, { token }),
      () => del(`/api/businesses/me/webhooks/${endpointId}`, { token }),
      () => post("/api/auth/refresh", undefined, { token }),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("impersonation_read_only");
      expect(typeof res.body.error.message).toBe("string");
    }

    const pages = (await pageRows(tenant.id)).map((r) => (r.metadata as { page: string }).page).sort();
    expect(pages).toEqual(
      [
        "POST /api/businesses/me/webhooks",
        "PATCH /api/businesses/me",
        `DELETE /api/businesses/me/webhooks/${endpointId}`,
        "POST /api/auth/refresh",
      ].sort(),
    );
    const endpoints = await testDb().select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.tenantId, tenant.id));
    expect(endpoints.map((e) => ({ id: e.id, isActive: e.isActive }))).toEqual([{ id: endpointId, isActive: true }]);
    const [after] = await testDb().select().from(schema.tenants).where(eq(schema.tenants.id, tenant.id));
    expect(after).toEqual(before);
  });

  it("expires after one hour; a new launch with a reason gives a fresh working token", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const start = new Date(Date.now() - 2 * 3600_000);
    const first = (await launch(tenant.id, admin.token, { now: start })).body.data;
    expect((await get("/api/payments", { token: first.token, now: new Date(start.getTime() + 59 * 60_000) })).status).toBe(200);

    const late = new Date(start.getTime() + 61 * 60_000);
    const expired = await get("/api/payments", { token: first.token, now: late });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "unauthorized" });

    const second = await launch(tenant.id, admin.token, { reason: "Follow-up on the same ticket", now: late });
    expect(second.status).toBe(201);
    expect(second.body.data.sessionId).not.toBe(first.sessionId);
    const fresh = await get("/api/payments", { token: second.body.data.token, now: late });
    expect(fresh.status).toBe(200);
    const latest = (await pageRows(tenant.id)).find((r) => (r.metadata as { sessionId: string }).sessionId === second.body.data.sessionId);
    expect(latest?.reason).toBe("Follow-up on the same ticket");
  });

  it("cannot call the operator API", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const { token } = (await launch(tenant.id, admin.token)).body.data;
    for (const res of [
      await get("/api/admin/system/health", { token }),
      await get(`/api/admin/tenants/${tenant.id}`, { token }),
      await post(`/api/admin/tenants/${tenant.id}/impersonate`, { reason: REASON }, { token }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
  });

  it("is refused (401, nothing audited) when no matching session row backs the token", async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const admin = await createAdmin();
    const otherSession = (await launch(other.id, admin.token)).body.data.sessionId;
    const forge = (sessionId: string) =>
      signToken(
        env.JWT_SECRET,
        { sub: tenant.ownerId, sid: sessionId, tenantId: tenant.id, role: "owner", imp: { adminId: admin.id, sessionId }, ro: true },
        3600,
        new Date(),
      );
    // An unknown session id, and another tenant's session pointed at this tenant.
    for (const sessionId of ["imp_unknown", otherSession]) {
      const res = await get("/api/payments", { token: (await forge(sessionId)).token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
    expect(await auditRows(tenant.id)).toHaveLength(0);
  });
});
