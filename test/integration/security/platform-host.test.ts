import { describe, expect, it } from "vitest";
import { get, patch, post } from "../../helpers/api";
import { createAdmin, createTenant, FACTORY_PASSWORD, uniq } from "../../helpers/factories";
import { fetchWithEnv, PRODUCTION_ENV } from "../../helpers/worker-fetch";

describe("the platform's own host (design.md §18)", () => {
  it("can never be claimed as a custom domain, nor can a workers.dev name", async () => {
    const t = await createTenant();
    const own = await fetchWithEnv(PRODUCTION_ENV, "PATCH", "/api/businesses/me", {
      token: t.token,
      body: { customDomain: "Book.Platform.Example." },
      host: "book.platform.example",
    });
    expect(own.status).toBe(400);
    expect(own.body.error.details.fieldErrors.customDomain).toEqual(["This is the platform's own address"]);
    for (const domain of ["booking-platform.acme.workers.dev", "workers.dev"]) {
      const res = await patch("/api/businesses/me", { customDomain: domain }, { token: t.token });
      expect(res.status, domain).toBe(400);
      expect(res.body.error.details.fieldErrors.customDomain).toBeDefined();
    }
    expect((await patch("/api/businesses/me", { customDomain: `book-${uniq()}.salon.example` }, { token: t.token })).status).toBe(200);
  });
});

describe("the operator console answers only on the platform host (design.md §18)", () => {
  it("on a tenant's custom domain /admin pages are the HTML 404 page and /api/admin/* is 404 not_found, token or not", async () => {
    const domain = `book-${uniq()}.salon.example`;
    await createTenant({ customDomain: domain });
    const admin = await createAdmin();
    for (const path of ["/admin", "/admin/tenants", "/admin/tenant?id=x"]) {
      const page = await get(path, { host: domain });
      expect(page.status, path).toBe(404);
      expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(page.text).not.toContain("/assets/admin.js");
    }
    const api = await get("/api/admin/tenants", { host: domain, token: admin.token });
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("not_found");
    const login = await post("/api/admin/login", { email: admin.email, password: FACTORY_PASSWORD }, { host: domain });
    expect(login.status).toBe(404);
    // The tenant's booking page still answers there.
    expect((await get("/", { host: domain })).status).toBe(200);
  });

  it("on the platform host (localhost in tests) the console and its API answer", async () => {
    const admin = await createAdmin();
    expect((await get("/admin")).status).toBe(200);
    expect((await get("/api/admin/tenants", { token: admin.token })).status).toBe(200);
  });

  it("in production: PUBLIC_BASE_URL's host and the workers.dev name answer, any other host is 404", async () => {
    const admin = await createAdmin();
    for (const host of ["book.platform.example", "booking-platform.acme.workers.dev"]) {
      expect((await fetchWithEnv(PRODUCTION_ENV, "GET", "/admin", { host })).status, host).toBe(200);
      expect((await fetchWithEnv(PRODUCTION_ENV, "GET", "/api/admin/tenants", { host, token: admin.token })).status, host).toBe(200);
    }
    for (const host of ["salon.example", "localhost", "127.0.0.1"]) {
      expect((await fetchWithEnv(PRODUCTION_ENV, "GET", "/admin", { host })).status, host).toBe(404);
      expect((await fetchWithEnv(PRODUCTION_ENV, "GET", "/api/admin/tenants", { host, token: admin.token })).status, host).toBe(404);
    }
  });
});
