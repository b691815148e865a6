import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { checkResponse } from "../../helpers/openapi";

describe("GET /api/openapi.json", () => {
  it("serves the generated OpenAPI 3.1 document, cacheable, without credentials", async () => {
    const res = await get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.body.openapi).toBe("3.1.0");
    for (const path of ["/api/auth/login", "/api/auth/register", "/api/customer-auth/login", "/api/auth/refresh"]) {
      expect(Object.keys(res.body.paths), path).toContain(path);
    }
    const login = res.body.paths["/api/auth/login"].post;
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
    expect(login.responses["401"].content["application/json"].schema.anyOf).toHaveLength(2);
  });

  it("declares availability, the business, the staff schedule, date overrides and closures (their answers are checked)", async () => {
    const { paths } = (await get("/api/openapi.json")).body;
    const declared = (path: string) => Object.keys(paths[path] ?? {}).sort();
    expect(declared("/api/public/{slug}/availability")).toEqual(["get"]);
    expect(declared("/api/public/{slug}/availability/days")).toEqual(["get"]);
    expect(declared("/api/businesses")).toEqual(["post"]);
    expect(declared("/api/businesses/me")).toEqual(["get", "patch"]);
    expect(declared("/api/staff/{id}/hours")).toEqual(["put"]);
    expect(declared("/api/staff/{id}/time-off")).toEqual(["get", "post"]);
    expect(declared("/api/staff/{id}/time-off/{timeOffId}")).toEqual(["delete"]);
    expect(declared("/api/staff/{id}/overrides")).toEqual(["get"]);
    expect(declared("/api/staff/{id}/overrides/{date}")).toEqual(["delete", "put"]);
    expect(declared("/api/businesses/me/closures")).toEqual(["get", "post"]);
    expect(declared("/api/businesses/me/closures/{id}")).toEqual(["delete"]);
    // An operator-only field is documented as refused, with the message the 400 names it with.
    const settings = paths["/api/businesses/me"].patch.requestBody.content["application/json"].schema;
    expect(settings.additionalProperties).toBe(false);
    expect(settings.properties.plan).toMatchObject({ not: {}, description: expect.stringContaining("Only the platform operator") });
  });

  it("declares services, bookings and the owner app's page views: the whole owner API is in the document", async () => {
    const { paths } = (await get("/api/openapi.json")).body;
    const declared = (path: string) => Object.keys(paths[path] ?? {}).sort();
    expect(declared("/api/services")).toEqual(["get", "post"]);
    expect(declared("/api/services/order")).toEqual(["put"]);
    expect(declared("/api/services/{id}")).toEqual(["delete", "get", "patch"]);
    expect(declared("/api/bookings")).toEqual(["get", "post"]);
    expect(declared("/api/bookings/{id}")).toEqual(["get"]);
    expect(declared("/api/bookings/{id}/status")).toEqual(["patch"]);
    expect(declared("/api/bookings/{id}/cancel")).toEqual(["post"]);
    expect(declared("/api/bookings/{id}/reschedule")).toEqual(["post"]);
    expect(declared("/api/bookings/{id}/payments")).toEqual(["get"]);
    for (const page of [
      "dashboard",
      "calendar",
      "bookings",
      "services",
      "staff",
      "customers",
      "settings",
      "ai-log",
      "packages",
      "promo-codes",
    ]) {
      expect(declared(`/api/businesses/me/views/${page}`), page).toEqual(["get"]);
    }
    // Owner routes: a member's token or an API key.
    for (const path of ["/api/services", "/api/bookings/{id}", "/api/businesses/me/views/settings"]) {
      expect(paths[path].get.security, path).toEqual([{ memberToken: [] }, { apiKey: [] }]);
    }
  });

  it("is also a static asset built at deploy time (served before the Worker), identical to the route's", async () => {
    const asset = await (env as unknown as { ASSETS: Fetcher }).ASSETS.fetch("http://localhost/api/openapi.json");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(asset.headers.get("Content-Type")).toContain("application/json");
    expect(await asset.json()).toEqual((await get("/api/openapi.json")).body);
  });

  it("is what the response checks hold answers to: a body missing a declared field fails", async () => {
    const url = new URL("http://localhost/api/auth/login");
    await expect(checkResponse("POST", url, 200, "application/json", { data: { token: "t", sessionId: "s" } })).rejects.toThrow(
      /does not match its declared schema/,
    );
    await expect(checkResponse("POST", url, 418, "application/json", {})).rejects.toThrow(/not a declared response/);
    await expect(checkResponse("POST", url, 401, "application/json", { error: "unauthorized" })).resolves.toBeUndefined();
  });
});

describe("GET /docs", () => {
  it("renders the reference from our own script, under the pages' CSP", async () => {
    const res = await get("/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    const script = /<script src="(\/assets\/docs-[^"]+\.js)"/.exec(res.text)?.[1];
    expect(script).toBeDefined();
    expect(res.text).toContain('data-spec="/api/openapi.json"');
    const asset = await (env as unknown as { ASSETS: Fetcher }).ASSETS.fetch(`http://localhost${script}`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain("openapi.json");
  });
});
