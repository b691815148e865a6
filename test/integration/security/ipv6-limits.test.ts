import { describe, expect, it } from "vitest";
import { get, post } from "../../helpers/api";
import { createTenant, uniq } from "../../helpers/factories";

/** A random /64 of the documentation range, as its first four hextets. */
function randomPrefix(): string {
  const b = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8:${b[0].toString(16)}:${b[1].toString(16)}`;
}
const hostPart = () => Array.from(crypto.getRandomValues(new Uint16Array(4)), (x) => x.toString(16)).join(":");

describe("per-IP limits key an IPv6 client by its /64 (design.md §18)", () => {
  it("counts 31 requests from 31 different addresses of one /64 as one client: the 31st is refused", async () => {
    const tenant = await createTenant();
    const prefix = randomPrefix();
    const now = new Date();
    for (let i = 0; i < 30; i++) {
      expect((await get(`/api/public/${tenant.slug}`, { ip: `${prefix}:${hostPart()}`, now })).status).toBe(200);
    }
    const refused = await get(`/api/public/${tenant.slug}`, { ip: `${prefix}:${hostPart()}`, now });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "rate_limited" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  });

  it("keeps two /64s apart: another network is not affected by the first one's limit", async () => {
    const tenant = await createTenant();
    const first = randomPrefix();
    const now = new Date();
    for (let i = 0; i < 30; i++) await get(`/api/public/${tenant.slug}`, { ip: `${first}:${hostPart()}`, now });
    expect((await get(`/api/public/${tenant.slug}`, { ip: `${first}::1`, now })).status).toBe(429);
    expect((await get(`/api/public/${tenant.slug}`, { ip: `${randomPrefix()}::1`, now })).status).toBe(200);
  });

  it("treats the compressed and expanded spellings of one address as one client", async () => {
    const b = crypto.getRandomValues(new Uint16Array(1))[0].toString(16).padStart(4, "0");
    const compressed = `2001:db8:0:${b}::7`;
    const expanded = `2001:0DB8:0000:${b.toUpperCase()}:0000:0000:0000:0007`;
    for (let i = 0; i < 10; i++) {
      const ip = i % 2 ? compressed : expanded;
      const res = await post("/api/auth/login", { email: `nobody-${uniq()}@example.test`, password: "wrong-password" }, { ip });
      expect(res.status).toBe(401);
    }
    expect((await post("/api/auth/login", { email: "x@example.test", password: "whatever-1" }, { ip: compressed })).status).toBe(429);
  });

  it("keys an IPv4-mapped IPv6 address like the IPv4 address itself", async () => {
    const tenant = await createTenant();
    const b = crypto.getRandomValues(new Uint8Array(3));
    const v4 = `10.${b[0]}.${b[1]}.${b[2]}`;
    const now = new Date();
    for (let i = 0; i < 30; i++) await get(`/api/public/${tenant.slug}`, { ip: i % 2 ? v4 : `::ffff:${v4}`, now });
    expect((await get(`/api/public/${tenant.slug}`, { ip: `::ffff:${v4}`, now })).status).toBe(429);
    expect((await get(`/api/public/${tenant.slug}`, { ip: v4, now })).status).toBe(429);
  });
});
