import { afterEach, describe, expect, it, vi } from "vitest";
import { createTenant, uniq } from "../../helpers/factories";
import { fetchWithEnv } from "../../helpers/worker-fetch";
import { script, workerEnv } from "../../helpers/worker-entry";

const UPSTASH_TOKEN = "upstash-secret-token-for-test";

/** The capture server stands in for Upstash and answers 503 to everything: the store is down. */
async function downStore() {
  const path = `/upstash-down-${uniq()}`;
  await script(
    { pathPrefix: path },
    Array.from({ length: 5 }, () => ({ status: 503, body: { error: "unavailable" } })),
  );
  return { UPSTASH_REDIS_REST_URL: `${workerEnv.CAPTURE_URL}${path}`, UPSTASH_REDIS_REST_TOKEN: UPSTASH_TOKEN };
}

afterEach(() => vi.restoreAllMocks());

describe("rate-limit store unavailable (design.md §18)", () => {
  it.each([
    ["owner login", "/api/auth/login", { email: "a@example.test", password: "whatever-123" }],
    ["owner registration", "/api/auth/register", { email: "b@example.test", password: "whatever-123", firstName: "B", businessName: "B" }],
    ["owner forgot-password", "/api/auth/forgot-password", { email: "c@example.test" }],
    ["customer login", "/api/customer-auth/login", { email: "d@example.test", password: "whatever-123" }],
    ["customer registration", "/api/customer-auth/register", { email: "e@example.test", password: "whatever-123", firstName: "E" }],
    ["customer forgot-password", "/api/customer-auth/forgot-password", { email: "f@example.test" }],
  ])("fails closed for %s: 503 rate_limit_unavailable, the handler never runs", async (_label, path, body) => {
    const res = await fetchWithEnv(await downStore(), "POST", path, { body });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: "rate_limit_unavailable", message: expect.any(String) } });
    expect(res.headers.get("Retry-After")).toBe("60");
  });

  it("fails open for public reads and logs one line naming the group, without the store's address or token", async () => {
    const tenant = await createTenant();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const down = await downStore();
    const ip = "203.0.113.77";
    const res = await fetchWithEnv(down, "GET", `/api/public/${tenant.slug}`, { headers: { "CF-Connecting-IP": ip } });
    expect(res.status).toBe(200);
    expect(res.body.data.slug).toBe(tenant.slug);
    const lines = errors.mock.calls.map((args) => args.map(String).join(" "));
    const failOpen = lines.filter((l) => l.includes("rate limiter"));
    expect(failOpen).toHaveLength(1);
    expect(failOpen[0]).toContain("rl:public");
    expect(failOpen[0]).not.toContain(UPSTASH_TOKEN);
    expect(failOpen[0]).not.toContain(down.UPSTASH_REDIS_REST_URL);
    expect(failOpen[0]).not.toContain(ip);
  });

  it("bounds a slow store at about 300 ms: a login is refused quickly, a public read is served quickly", async () => {
    // The capture server stands in for Upstash and takes 3 s to answer.
    const path = `/upstash-${uniq()}`;
    await script({ pathPrefix: path }, [
      { status: 200, delayMs: 3000 },
      { status: 200, delayMs: 3000 },
    ]);
    const slow = { UPSTASH_REDIS_REST_URL: `${workerEnv.CAPTURE_URL}${path}`, UPSTASH_REDIS_REST_TOKEN: UPSTASH_TOKEN };
    vi.spyOn(console, "error").mockImplementation(() => {});

    let started = Date.now();
    const login = await fetchWithEnv(slow, "POST", "/api/auth/login", { body: { email: "slow@example.test", password: "whatever-123" } });
    const loginMs = Date.now() - started;
    expect(login.status).toBe(503);
    expect(login.body.error.code).toBe("rate_limit_unavailable");
    expect(loginMs).toBeLessThan(1500);

    const tenant = await createTenant();
    started = Date.now();
    const read = await fetchWithEnv(slow, "GET", `/api/public/${tenant.slug}`);
    expect(read.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
