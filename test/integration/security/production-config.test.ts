import { afterEach, describe, expect, it, vi } from "vitest";
import { createTenant, uniq } from "../../helpers/factories";
import { fetchWithEnv, PRODUCTION_ENV } from "../../helpers/worker-fetch";
import { captured, workerEnv } from "../../helpers/worker-entry";

afterEach(() => vi.restoreAllMocks());

const quiet = () => vi.spyOn(console, "error").mockImplementation(() => {});

describe("production refuses to serve without its settings (design.md §18)", () => {
  it("serves with a complete production configuration", async () => {
    const tenant = await createTenant();
    const res = await fetchWithEnv(PRODUCTION_ENV, "GET", `/api/public/${tenant.slug}`);
    expect(res.status).toBe(200);
  });

  it.each([
    ["PUBLIC_BASE_URL is missing", { PUBLIC_BASE_URL: "" }],
    ["PUBLIC_BASE_URL is not https", { PUBLIC_BASE_URL: "http://book.platform.example" }],
    ["there is no Upstash and RATE_LIMIT_STORE=kv is not set", { RATE_LIMIT_STORE: "" }],
    ["there is no e-mail provider", { EMAIL_PROVIDER_URL: "" }],
    ["the test hooks are on", { TEST_HOOKS: "1" }],
  ])("answers 500 misconfigured when %s, API and pages alike", async (_label, change) => {
    const errors = quiet();
    const tenant = await createTenant();
    for (const path of [`/api/public/${tenant.slug}`, `/book?slug=${tenant.slug}`, "/api/auth/login"]) {
      const res = await fetchWithEnv({ ...PRODUCTION_ENV, ...change }, path.startsWith("/api/auth") ? "POST" : "GET", path, {
        body: path.startsWith("/api/auth") ? { email: "a@example.test", password: "whatever-123" } : undefined,
      });
      expect(res.status, path).toBe(500);
      expect(res.body).toEqual({ error: { code: "misconfigured", message: "The service is not configured" } });
    }
    // The log names the setting; the response says nothing about it.
    expect(errors.mock.calls.flat().map(String).join(" ")).toMatch(/PUBLIC_BASE_URL|UPSTASH|EMAIL_PROVIDER_URL|TEST_HOOKS/);
  });

  it("a malformed PUBLIC_BASE_URL is a configuration error in any environment, not a 500 later", async () => {
    quiet();
    const res = await fetchWithEnv({ PUBLIC_BASE_URL: "book.platform.example" }, "GET", "/api/public/anything");
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe("misconfigured");
  });
});

describe("webhook URLs in production", () => {
  it("refuses plain http (400 on url) and takes https", async () => {
    const t = await createTenant();
    const http = await fetchWithEnv(PRODUCTION_ENV, "POST", "/api/businesses/me/webhooks", {
      token: t.token,
      host: "book.platform.example",
      body: { url: "http://hooks.example.com/booking", events: ["*"] },
    });
    expect(http.status).toBe(400);
    expect(http.body.error.details.fieldErrors.url).toEqual(["Use an https URL"]);
    const https = await fetchWithEnv(PRODUCTION_ENV, "POST", "/api/businesses/me/webhooks", {
      token: t.token,
      host: "book.platform.example",
      body: { url: "https://hooks.example.com/booking", events: ["*"] },
    });
    expect(https.status).toBe(201);
  });
});

describe("test hooks", () => {
  it("cannot reach production: x-test-now is impossible there because the configuration refuses TEST_HOOKS", async () => {
    quiet();
    const res = await fetchWithEnv({ ...PRODUCTION_ENV, TEST_HOOKS: "1" }, "GET", "/api/public/x", {
      headers: { "x-test-now": "2031-01-01T00:00:00Z" },
    });
    expect(res.status).toBe(500);
  });

  it("an overridden database URL (x-test-db-url) never receives the real LIBSQL_AUTH_TOKEN", async () => {
    quiet();
    const slug = `override-${uniq()}`;
    const res = await fetchWithEnv({ LIBSQL_AUTH_TOKEN: "real-libsql-token-do-not-leak" }, "GET", `/api/public/${slug}`, {
      headers: { "x-test-db-url": workerEnv.CAPTURE_URL },
    });
    expect(res.status).toBe(500); // the capture server is not a database
    const seen = await captured({ pathPrefix: "/v2/pipeline", bodyContains: slug });
    expect(seen.length).toBeGreaterThan(0);
    for (const req of seen) {
      expect(req.headers.authorization).toBeUndefined();
      expect(JSON.stringify(req.headers)).not.toContain("real-libsql-token-do-not-leak");
    }
  });
});
