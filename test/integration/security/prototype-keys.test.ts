import { eq, inArray, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { type ApiResponse, call, get } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createMember,
  createService,
  createStaff,
  createTenant,
} from "../../helpers/factories";

// Issue 24.2: key names that are also members of Object.prototype (constructor, __proto__,
// toString, hasOwnProperty, ...) are data like any other key. A strict body refuses them with 400
// invalid_request naming the key; a query string ignores unknown parameters. Neither changes anything.

const send = (method: string, path: string, rawBody: string, token: string) => call(method, path, { rawBody, token });

function refusedNaming(res: ApiResponse, key: string) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.error.code).toBe("invalid_request");
  expect(Object.keys(res.body.error.details.fieldErrors)).toContain(key);
  expect(res.body.error.details.fieldErrors[key]).toEqual(["Unknown field"]);
}

/**
 * Every row of the tables a request could touch, for the tenant; the sessions of its people and the
 * customer account the refused registration names (other files run beside this one: never count a
 * whole table).
 */
async function snapshot(tenantId: string, people: string[]) {
  const db = testDb();
  const [tenants, services, staff, members, bookings, customers, audit, sessions, accounts] = await db.batch([
    db.select().from(schema.tenants),
    db.select().from(schema.services).where(sqlTenant(schema.services.tenantId, tenantId)),
    db.select().from(schema.staffProfiles).where(sqlTenant(schema.staffProfiles.tenantId, tenantId)),
    db.select().from(schema.tenantMembers).where(sqlTenant(schema.tenantMembers.tenantId, tenantId)),
    db.select().from(schema.bookings).where(sqlTenant(schema.bookings.tenantId, tenantId)),
    db.select().from(schema.customers).where(sqlTenant(schema.customers.tenantId, tenantId)),
    db.select().from(schema.auditLog),
    db
      .select()
      .from(schema.sessions)
      .where(or(eq(schema.sessions.tenantId, tenantId), inArray(schema.sessions.subjectId, people))),
    db.select().from(schema.customerAccounts).where(eq(schema.customerAccounts.email, "proto@example.test")),
  ]);
  return {
    tenant: tenants.find((t) => t.id === tenantId),
    services,
    staff,
    members,
    bookings,
    customers,
    audit: audit.filter((a) => a.targetId === tenantId).length,
    sessions: sessions.length,
    accounts: accounts.length,
  };
}
const sqlTenant = (column: Parameters<typeof eq>[0], id: string) => eq(column, id);

describe("prototype-named keys", () => {
  it("each example of the issue: 400 naming the key for a strict body, ignored in a query, nothing changed", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const service = await createService(tenant.id, { name: "Original" });
    const staff = await createStaff(tenant.id);
    const member = await createMember(tenant.id, "admin");
    const [{ id: memberId }] = await testDb()
      .select({ id: schema.tenantMembers.id })
      .from(schema.tenantMembers)
      .where(eq(schema.tenantMembers.userId, member.userId));
    await createCustomer(tenant.id, { firstName: "Xena" });
    await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-03-11T15:00:00Z"), 30);
    const people = [tenant.ownerId, admin.id, member.userId];
    const before = await snapshot(tenant.id, people);
    const owner = tenant.token;

    refusedNaming(await send("PATCH", `/api/services/${service.id}`, '{"name":"Renamed","hasOwnProperty":1}', owner), "hasOwnProperty");
    refusedNaming(await send("POST", "/api/staff", '{"displayName":"New","__proto__":{}}', owner), "__proto__");
    refusedNaming(await send("PATCH", `/api/businesses/me/members/${memberId}`, '{"role":"staff","constructor":1}', owner), "constructor");
    refusedNaming(
      await send(
        "POST",
        "/api/customer-auth/register",
        '{"email":"proto@example.test","password":"long-enough-pw-1","firstName":"P","__proto__":true}',
        "",
      ),
      "__proto__",
    );
    refusedNaming(
      await send("POST", `/api/admin/tenants/${tenant.id}/impersonate`, '{"reason":"x","toString":{}}', admin.token),
      "toString",
    );
    refusedNaming(
      await send("PATCH", `/api/admin/tenants/${tenant.id}`, '{"plan":"pro","reason":"x","constructor":"x"}', admin.token),
      "constructor",
    );
    refusedNaming(await send("PUT", "/api/payments/stripe-account", '{"accountId":"acct_123","constructor":"x"}', owner), "constructor");

    const bookings = await get("/api/bookings?from=2031-03-01T00:00:00Z&constructor=true", { token: owner });
    expect(bookings.status, bookings.text).toBe(200);
    expect(bookings.body.data).toHaveLength(1);
    const customers = await get("/api/customers?search=x&__proto__=a", { token: owner });
    expect(customers.status, customers.text).toBe(200);
    expect(customers.body.data.map((c: { firstName: string }) => c.firstName)).toEqual(["Xena"]);

    expect(await snapshot(tenant.id, people)).toEqual(before);
  });
});
