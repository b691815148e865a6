import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createAdmin, createCustomerAccount, createTenant } from "../../helpers/factories";

describe("GET /api/admin/system/health", () => {
  // The shared test database's jobs and cron runs belong to every test at once, so the status is
  // asserted exactly on a database of its own in test/integration/ops/health.test.ts.
  it("reports both probes ok with their latency, the jobs, the cron and the deployed version", async () => {
    const admin = await createAdmin();
    const res = await get("/api/admin/system/health", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        status: expect.stringMatching(/^(ok|degraded)$/),
        version: expect.any(String),
        checks: {
          database: { ok: true, latencyMs: expect.any(Number) },
          sessionStore: { ok: true, latencyMs: expect.any(Number) },
          jobs: {
            ok: expect.any(Boolean),
            pending: expect.any(Number),
            oldestPendingSeconds: expect.any(Number),
            failedLast24h: expect.any(Number),
          },
          cron: {
            ok: expect.any(Boolean),
            lastRunAt: expect.toBeOneOf([null, expect.any(String)]),
            lagSeconds: expect.toBeOneOf([null, expect.any(Number)]),
          },
        },
      },
    });
    expect(res.body.data.checks.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.body.data.version.length).toBeGreaterThan(0);
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
