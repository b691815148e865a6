import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createAdmin, createCustomerAccount, createTenant } from "../../helpers/factories";

describe("GET /api/admin/system/health", () => {
  it("reports both probes ok with their latency", async () => {
    const admin = await createAdmin();
    const res = await get("/api/admin/system/health", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        status: "ok",
        checks: {
          database: { ok: true, latencyMs: expect.any(Number) },
          sessionStore: { ok: true, latencyMs: expect.any(Number) },
        },
      },
    });
    expect(res.body.data.checks.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("answers 503 unhealthy naming the database when the database cannot be reached", async () => {
    const admin = await createAdmin();
    const res = await get("/api/admin/system/health", {
      token: admin.token,
      headers: { "x-test-db-url": "http://127.0.0.1:9" },
    });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe("unhealthy");
    expect(res.body.error.message).toContain("database");
    expect(res.body.error.message).not.toContain("sessionStore");
    expect(res.body.error.details).toBeUndefined();
  });

  it("is for super admins only: owner, customer and anonymous callers get 401", async () => {
    const tenant = await createTenant();
    const customer = await createCustomerAccount();
    for (const token of [tenant.token, customer.token, undefined]) {
      const res = await get("/api/admin/system/health", { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "unauthorized" });
    }
  });
});
