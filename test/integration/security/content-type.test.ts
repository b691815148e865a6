import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createAdmin, createService, createStaff, createTenant } from "../../helpers/factories";

// Issue #33: a Content-Type with a malformed parameter list (`application/json;;;`) answered 500
// internal_error on every JSON route (fuzzing found it on public, owner, customer-auth and admin
// routes). A maintained media-type parser decides now: malformed is 400 invalid_request, and the
// request changes nothing.

const MALFORMED = [
  "application/json;;;",
  "application/json; charset",
  "application/json;charset=utf-8;",
  'application/json; charset="utf-8',
  "application/json; =utf-8",
  "application/",
];

async function tenantRows(tenantId: string) {
  return testDb().all(sql`SELECT
    (SELECT count(*) FROM bookings WHERE tenant_id = ${tenantId}) AS bookings,
    (SELECT count(*) FROM customers WHERE tenant_id = ${tenantId}) AS customers,
    (SELECT business_name FROM tenants WHERE id = ${tenantId}) AS name,
    (SELECT count(*) FROM audit_log WHERE target_id = ${tenantId}) AS audit`);
}

describe("malformed Content-Type headers", () => {
  it("are 400 invalid_request on public, owner, customer-auth and admin JSON routes, and change nothing", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id);
    const staff = await createStaff(tenant.id);
    const admin = await createAdmin();
    const routes: { method: string; path: string; body: unknown; token?: string }[] = [
      {
        method: "POST",
        path: `/api/public/${tenant.slug}/bookings`,
        body: {
          serviceId: service.id,
          staffProfileId: staff.id,
          startDatetime: "2031-05-14T10:00:00",
          customer: { firstName: "Ada", email: "ada-ct@example.test" },
        },
      },
      { method: "PATCH", path: "/api/businesses/me", body: { businessName: "Renamed" }, token: tenant.token },
      { method: "POST", path: "/api/customer-auth/login", body: { email: "nobody@example.test", password: "long-enough-1" } },
      { method: "PATCH", path: `/api/admin/tenants/${tenant.id}`, body: { plan: "pro", reason: "upgrade" }, token: admin.token },
    ];
    const before = await tenantRows(tenant.id);
    for (const route of routes) {
      for (const type of MALFORMED) {
        const res = await call(route.method, route.path, {
          token: route.token,
          rawBody: JSON.stringify(route.body),
          headers: { "Content-Type": type },
        });
        const what = `${route.method} ${route.path} with ${JSON.stringify(type)}`;
        expect(res.status, what).toBe(400);
        expect(res.body.error.code, what).toBe("invalid_request");
        expect(res.body.error.details.formErrors, what).toEqual(["The Content-Type header is malformed; send application/json"]);
      }
    }
    expect(await tenantRows(tenant.id)).toEqual(before);
  });

  it("well-formed JSON media types with parameters in any spelling are read as JSON", async () => {
    const tenant = await createTenant();
    for (const type of ["application/json ; charset=utf-8", 'application/json; charset="UTF-8"', "Application/JSON; Charset=utf-8"]) {
      const res = await call("PATCH", "/api/businesses/me", {
        token: tenant.token,
        rawBody: JSON.stringify({ description: `Read as JSON (${type})` }),
        headers: { "Content-Type": type },
      });
      expect(res.status, type).toBe(200);
      expect(res.body.data.description).toBe(`Read as JSON (${type})`);
    }
  });

  it("a body that is not JSON where JSON is declared is 400 invalid_request, not 500", async () => {
    const tenant = await createTenant();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/json; x_y=1"]) {
      const res = await call("PATCH", "/api/businesses/me", {
        token: tenant.token,
        rawBody: JSON.stringify({ businessName: "Nope" }),
        headers: { "Content-Type": type },
      });
      expect(res.status, type).toBe(400);
      expect(res.body.error.code, type).toBe("invalid_request");
    }
  });
});
