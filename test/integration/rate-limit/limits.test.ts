import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { get, post, randomIp } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createTenant, uniq } from "../../helpers/factories";

function expect429(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: "rate_limited" });
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  for (const h of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) expect(res.headers.get(h)).toBeNull();
}

describe("rate limits (KV store)", () => {
  it("refuses the 31st public request from one IP in 60 s; another IP is unaffected", async () => {
    const tenant = await createTenant();
    const ip = randomIp();
    const now = new Date();
    for (let i = 0; i < 30; i++) {
      const res = await get(`/api/public/${tenant.slug}`, { ip, now });
      expect(res.status).toBe(200);
    }
    expect429(await get(`/api/public/${tenant.slug}`, { ip, now }));
    expect((await get(`/api/public/${tenant.slug}`, { ip: randomIp(), now })).status).toBe(200);
  });

  it("shares one bucket across the public group's routes", async () => {
    const tenant = await createTenant();
    const ip = randomIp();
    for (let i = 0; i < 30; i++) await get(i % 2 ? `/api/public/${tenant.slug}/services` : `/api/public/${tenant.slug}/staff`, { ip });
    expect429(await get(`/api/public/${tenant.slug}/reviews`, { ip }));
  });

  it("slides: after the oldest request leaves the window the IP is allowed again", async () => {
    const tenant = await createTenant();
    const ip = randomIp();
    const t0 = Date.now();
    for (let i = 0; i < 30; i++) await get(`/api/public/${tenant.slug}`, { ip, now: new Date(t0) });
    const refused = await get(`/api/public/${tenant.slug}`, { ip, now: new Date(t0 + 10_000) });
    expect429(refused);
    expect(Number(refused.headers.get("Retry-After"))).toBe(50);
    expect((await get(`/api/public/${tenant.slug}`, { ip, now: new Date(t0 + 61_000) })).status).toBe(200);
  });

  it("refuses the 11th login from one IP before the handler runs", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/auth/login", { email: `nobody-${uniq()}@example.test`, password: "wrong-password" }, { ip });
      expect(res.status).not.toBe(429);
    }
    expect429(await post("/api/auth/login", { email: "x@example.test", password: "whatever-123" }, { ip }));
  });

  it("a refused registration creates nothing", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await post(
        "/api/customer-auth/register",
        { email: `c-${uniq()}@example.test`, password: "password-123", firstName: "C" },
        { ip },
      );
      expect(res.status).toBe(201);
    }
    const email = `refused-${uniq()}@example.test`;
    expect429(await post("/api/customer-auth/register", { email, password: "password-123", firstName: "C" }, { ip }));
    const rows = await testDb().select().from(schema.customerAccounts).where(eq(schema.customerAccounts.email, email));
    expect(rows).toHaveLength(0);
  });

  it("a refused booking POST creates no booking", async () => {
    const tenant = await createTenant();
    const ip = randomIp();
    for (let i = 0; i < 30; i++) await get(`/api/public/${tenant.slug}`, { ip });
    const email = `late-${uniq()}@example.test`;
    const res = await post(
      `/api/public/${tenant.slug}/bookings`,
      { serviceId: "svc_x", staffProfileId: "stf_x", startDatetime: "2030-01-01T10:00:00", customer: { firstName: "L", email } },
      { ip },
    );
    expect429(res);
    const rows = await testDb().select().from(schema.customers).where(eq(schema.customers.email, email));
    expect(rows).toHaveLength(0);
  });

  it("does not limit operator and owner routes", async () => {
    const admin = await createAdmin();
    const tenant = await createTenant();
    const ip = randomIp();
    for (let i = 0; i < 40; i++) {
      expect((await get(`/api/admin/tenants/${tenant.id}/activity`, { ip, token: admin.token })).status).not.toBe(429);
      expect((await get("/api/payments", { ip, token: tenant.token })).status).not.toBe(429);
    }
  });
});
