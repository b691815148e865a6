import { newApiKey } from "../../helpers/api-keys";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { type ApiResponse, type CallOptions as CallOpts, call, countDbRequests, del, get, patch, post } from "../../helpers/api";
import { bookableTenant } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { stripeAccountFor } from "../../helpers/stripe-account";
import { workerEnv } from "../../helpers/worker-entry";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createService,
  createStaff,
  createTenant,
  createTimeOff,
} from "../../helpers/factories";

// design.md §19: a tenant API key works on every owner route as its business. `read` may only GET
// (writes: 403 forbidden, nothing changes); `write` acts as an admin except on members and API keys.

const DAY = "2031-03-11";

/** A business with one of everything the owner routes touch, and a read and a write key. */
async function keyedBusiness() {
  const { tenant: t, service, staff } = await bookableTenant({ service: { price: 4000 } });
  const spareService = await createService(t.id, { name: "Spare" });
  const spareStaff = await createStaff(t.id, { displayName: "Spare staff" });
  const customer = await createCustomer(t.id, { firstName: "Cleo" });
  const booking = await createBookingRow(t.id, service.id, staff.id, new Date(`${DAY}T14:00:00Z`), 60, { customerId: customer.id });
  const pending = await createBookingRow(t.id, service.id, staff.id, new Date(`${DAY}T16:00:00Z`), 60, { status: "pending" });
  const { id: offId } = await createTimeOff(t.id, staff.id, new Date(`${DAY}T20:00:00Z`), new Date(`${DAY}T21:00:00Z`));
  // design.md §16: a date override and a closure to read and delete.
  const override = await call("PUT", `/api/staff/${staff.id}/overrides/2031-04-01`, {
    token: t.token,
    body: { intervals: [{ start: "10:00", end: "14:00" }] },
  });
  expect(override.status).toBe(200);
  const closure = await post("/api/businesses/me/closures", { startDate: "2031-12-24", endDate: "2031-12-26" }, { token: t.token });
  expect(closure.status).toBe(201);
  const hook = await post(
    "/api/businesses/me/webhooks",
    { url: `${workerEnv.CAPTURE_URL}/hooks/api-key`, events: ["*"] },
    { token: t.token },
  );
  const spareHook = await post(
    "/api/businesses/me/webhooks",
    { url: `${workerEnv.CAPTURE_URL}/hooks/spare`, events: ["*"] },
    { token: t.token },
  );
  // design.md §31: an account Stripe reports as this business's (only such an account may be pasted).
  const account = await stripeAccountFor(t.id);
  return {
    t,
    account,
    service,
    spareService,
    staff,
    spareStaff,
    customer,
    booking,
    pending,
    offId,
    closureId: closure.body.data.id as string,
    hookId: hook.body.data.id as string,
    spareHookId: spareHook.body.data.id as string,
    read: await newApiKey(t.token, "read"),
    write: await newApiKey(t.token, "write"),
  };
}
type Biz = Awaited<ReturnType<typeof keyedBusiness>>;

/** Every row of the business across the tables the owner API writes. */
async function snapshot(tenantId: string) {
  const db = testDb();
  const by = (table: string) => db.all(sql.raw(`SELECT * FROM ${table} WHERE tenant_id = '${tenantId}' ORDER BY id`));
  const tables = [
    "services",
    "staff_profiles",
    "staff_hours",
    "staff_time_off",
    "staff_date_overrides",
    "business_closures",
    "bookings",
    "customers",
    "tenant_members",
  ];
  const rows: Record<string, unknown> = { tenant: await db.all(sql`SELECT * FROM tenants WHERE id = ${tenantId}`) };
  for (const table of [...tables, "webhook_endpoints", "webhook_deliveries", "email_outbox", "payments"]) rows[table] = await by(table);
  rows.keys = await db.all(sql`SELECT id, revoked_at FROM api_keys WHERE tenant_id = ${tenantId} ORDER BY id`);
  rows.audit = await db.all(sql`SELECT * FROM audit_log WHERE target_id = ${tenantId} ORDER BY id`);
  return rows;
}

type Op = {
  family: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: (b: Biz) => string;
  body?: (b: Biz) => unknown;
  ok: number;
};

const booked = (b: Biz, start: string) => ({
  serviceId: b.service.id,
  staffProfileId: b.staff.id,
  startDatetime: start,
  source: "phone",
  customer: { firstName: "Kai", email: `kai-${crypto.randomUUID().slice(0, 6)}@example.test` },
});

/** The owner route families × methods (design.md §7, §19). */
const OPS: Op[] = [
  { family: "business", method: "GET", path: () => "/api/businesses/me", ok: 200 },
  { family: "business", method: "PATCH", path: () => "/api/businesses/me", body: () => ({ description: "Changed by key" }), ok: 200 },
  { family: "webhooks", method: "GET", path: () => "/api/businesses/me/webhooks", ok: 200 },
  { family: "webhooks", method: "GET", path: (b) => `/api/businesses/me/webhooks/${b.hookId}/deliveries`, ok: 200 },
  {
    family: "webhooks",
    method: "POST",
    path: () => "/api/businesses/me/webhooks",
    body: () => ({ url: `${workerEnv.CAPTURE_URL}/hooks/new`, events: ["booking.created"] }),
    ok: 201,
  },
  { family: "webhooks", method: "DELETE", path: (b) => `/api/businesses/me/webhooks/${b.spareHookId}`, ok: 200 },
  { family: "failed-jobs", method: "GET", path: () => "/api/businesses/me/failed-jobs", ok: 200 },
  // The owner app's page views (design.md §15): read-only, so a read key sees every page too.
  { family: "views", method: "GET", path: () => `/api/businesses/me/views/dashboard?date=${DAY}`, ok: 200 },
  { family: "views", method: "GET", path: () => `/api/businesses/me/views/calendar?date=${DAY}&view=week`, ok: 200 },
  { family: "views", method: "GET", path: () => `/api/businesses/me/views/bookings?from=${DAY}&to=${DAY}`, ok: 200 },
  { family: "views", method: "GET", path: () => "/api/businesses/me/views/services", ok: 200 },
  { family: "views", method: "GET", path: () => "/api/businesses/me/views/staff", ok: 200 },
  { family: "views", method: "GET", path: () => "/api/businesses/me/views/customers", ok: 200 },
  { family: "views", method: "GET", path: () => "/api/businesses/me/views/settings", ok: 200 },
  { family: "views", method: "GET", path: () => "/api/businesses/me/views/ai-log", ok: 200 },
  { family: "services", method: "GET", path: () => "/api/services", ok: 200 },
  { family: "services", method: "GET", path: (b) => `/api/services/${b.service.id}`, ok: 200 },
  { family: "services", method: "POST", path: () => "/api/services", body: () => ({ name: "Color", durationMinutes: 90 }), ok: 201 },
  { family: "services", method: "PATCH", path: (b) => `/api/services/${b.service.id}`, body: () => ({ price: 4500 }), ok: 200 },
  {
    family: "services",
    method: "PUT",
    path: () => "/api/services/order",
    body: (b) => ({ ids: [b.spareService.id, b.service.id] }),
    ok: 200,
  },
  { family: "services", method: "DELETE", path: (b) => `/api/services/${b.spareService.id}`, ok: 200 },
  { family: "staff", method: "GET", path: () => "/api/staff", ok: 200 },
  { family: "staff", method: "GET", path: (b) => `/api/staff/${b.staff.id}/time-off`, ok: 200 },
  { family: "staff", method: "POST", path: () => "/api/staff", body: () => ({ displayName: "Noor" }), ok: 201 },
  { family: "staff", method: "PATCH", path: (b) => `/api/staff/${b.staff.id}`, body: () => ({ title: "Senior" }), ok: 200 },
  {
    family: "staff",
    method: "PUT",
    path: (b) => `/api/staff/${b.staff.id}/hours`,
    body: () => [{ dayOfWeek: 2, start: "09:00", end: "17:00" }],
    ok: 200,
  },
  {
    family: "staff",
    method: "POST",
    path: (b) => `/api/staff/${b.staff.id}/time-off`,
    body: () => ({ start: `${DAY}T22:00:00Z`, end: `${DAY}T23:00:00Z` }),
    ok: 201,
  },
  { family: "staff", method: "DELETE", path: (b) => `/api/staff/${b.staff.id}/time-off/${b.offId}`, ok: 200 },
  { family: "staff", method: "POST", path: (b) => `/api/staff/${b.staff.id}/calendar-feed`, ok: 200 },
  { family: "staff", method: "DELETE", path: (b) => `/api/staff/${b.spareStaff.id}`, ok: 200 },
  { family: "overrides", method: "GET", path: (b) => `/api/staff/${b.staff.id}/overrides`, ok: 200 },
  {
    family: "overrides",
    method: "PUT",
    path: (b) => `/api/staff/${b.staff.id}/overrides/2031-04-02`,
    body: () => ({ intervals: [{ start: "12:00", end: "16:00" }] }),
    ok: 200,
  },
  { family: "overrides", method: "DELETE", path: (b) => `/api/staff/${b.staff.id}/overrides/2031-04-01`, ok: 200 },
  { family: "closures", method: "GET", path: () => "/api/businesses/me/closures", ok: 200 },
  {
    family: "closures",
    method: "POST",
    path: () => "/api/businesses/me/closures",
    body: () => ({ startDate: "2031-08-01", endDate: "2031-08-14", reason: "Summer break" }),
    ok: 201,
  },
  { family: "closures", method: "DELETE", path: (b) => `/api/businesses/me/closures/${b.closureId}`, ok: 200 },
  { family: "bookings", method: "GET", path: () => "/api/bookings", ok: 200 },
  { family: "bookings", method: "GET", path: (b) => `/api/bookings/${b.booking.id}`, ok: 200 },
  { family: "bookings", method: "GET", path: (b) => `/api/bookings/${b.booking.id}/payments`, ok: 200 },
  { family: "bookings", method: "POST", path: () => "/api/bookings", body: (b) => booked(b, `${DAY}T15:00:00`), ok: 201 },
  {
    family: "bookings",
    method: "PATCH",
    path: (b) => `/api/bookings/${b.pending.id}/status`,
    body: () => ({ status: "confirmed" }),
    ok: 200,
  },
  {
    family: "bookings",
    method: "POST",
    path: (b) => `/api/bookings/${b.booking.id}/reschedule`,
    body: () => ({ newStartDatetime: `${DAY}T09:00:00` }),
    ok: 200,
  },
  { family: "bookings", method: "POST", path: (b) => `/api/bookings/${b.booking.id}/cancel`, body: () => ({ reason: "by key" }), ok: 200 },
  { family: "customers", method: "GET", path: () => "/api/customers", ok: 200 },
  { family: "customers", method: "GET", path: (b) => `/api/customers/${b.customer.id}`, ok: 200 },
  { family: "customers", method: "PATCH", path: (b) => `/api/customers/${b.customer.id}`, body: () => ({ notes: "VIP" }), ok: 200 },
  { family: "payments", method: "GET", path: () => "/api/payments", ok: 200 },
  { family: "payments", method: "GET", path: () => "/api/payments/stripe-account", ok: 200 },
  { family: "payments", method: "PUT", path: () => "/api/payments/stripe-account", body: (b) => ({ accountId: b.account }), ok: 200 },
  { family: "payments", method: "DELETE", path: () => "/api/payments/stripe-account", ok: 200 },
  // Reaching the handler: the business has no connected account (the previous op disconnected it).
  { family: "payments", method: "POST", path: () => "/api/payments/intents", body: (b) => ({ bookingId: b.pending.id }), ok: 400 },
];

/** Routes no key may use, whatever its scope: members, API keys, new businesses. */
const MEMBER_ONLY: Op[] = [
  { family: "members", method: "GET", path: () => "/api/businesses/me/members", ok: 403 },
  {
    family: "members",
    method: "POST",
    path: () => "/api/businesses/me/members",
    body: () => ({ email: "x@example.test", firstName: "X", role: "staff" }),
    ok: 403,
  },
  {
    family: "members",
    method: "PATCH",
    path: (b) => `/api/businesses/me/members/${b.t.ownerId}`,
    body: () => ({ role: "staff" }),
    ok: 403,
  },
  { family: "members", method: "DELETE", path: (b) => `/api/businesses/me/members/${b.t.ownerId}`, ok: 403 },
  { family: "api-keys", method: "GET", path: () => "/api/businesses/me/api-keys", ok: 403 },
  { family: "api-keys", method: "POST", path: () => "/api/businesses/me/api-keys", body: () => ({ name: "k", scope: "write" }), ok: 403 },
  { family: "api-keys", method: "DELETE", path: (b) => `/api/businesses/me/api-keys/${b.read.id}`, ok: 403 },
  { family: "businesses", method: "POST", path: () => "/api/businesses", body: () => ({ businessName: "Keyed Inc" }), ok: 403 },
];

const run = (op: Op, b: Biz, key: string) => call(op.method, op.path(b), { token: key, body: op.body?.(b) });
const label = (op: Op, b: Biz) => `${op.method} ${op.path(b)}`;

/** The key's call was refused as out of its scope (403 forbidden); a failure names the request. */
function expectForbidden(res: ApiResponse, op: Op, b: Biz) {
  expect(res.status, label(op, b)).toBe(403);
  expect(res.body.error.code, label(op, b)).toBe("forbidden");
}

/** Nothing of the business changed since `before`, but its keys (a key's use records its last use). */
async function expectUnchangedButKeys(b: Biz, before: Awaited<ReturnType<typeof snapshot>>) {
  const after = await snapshot(b.t.id);
  expect({ ...after, keys: undefined }).toEqual({ ...before, keys: undefined });
}

describe("API key scopes on every owner route family", () => {
  it("read: every GET answers as the business; every write is 403 forbidden and changes nothing", async () => {
    const b = await keyedBusiness();
    const before = await snapshot(b.t.id);
    for (const op of OPS) {
      const res = await run(op, b, b.read.key);
      if (op.method === "GET") {
        expect(res.status, label(op, b)).toBe(op.ok);
        expect(res.body.data, label(op, b)).toBeDefined();
      } else {
        expectForbidden(res, op, b);
      }
    }
    // The reads only touched the key's last use.
    await expectUnchangedButKeys(b, before);
  });

  it("write: acts as an admin on every family and method", async () => {
    const b = await keyedBusiness();
    for (const op of OPS) {
      const res = await run(op, b, b.write.key);
      expect(res.status, `${label(op, b)}: ${res.text}`).toBe(op.ok);
    }
    const audit = await testDb().all<{ action: string; actor_type: string; actor_id: string }>(
      sql`SELECT action, actor_type, actor_id FROM audit_log WHERE target_id = ${b.t.id} AND action LIKE 'tenant.stripe_%' ORDER BY created_at, id`,
    );
    expect(audit.map((a) => [a.action, a.actor_type, a.actor_id])).toEqual([
      ["tenant.stripe_account_changed", "api_key", b.write.id],
      ["tenant.stripe_account_changed", "api_key", b.write.id],
    ]);
    expect((await get(`/api/services/${b.service.id}`, { token: b.t.token })).body.data.price).toBe(4500);
    // The booking's history names the key (by its name) as who moved and cancelled it.
    const detail = await get(`/api/bookings/${b.booking.id}`, { token: b.t.token });
    expect(detail.body.data.history.map((h: { action: string; actor: unknown }) => [h.action, h.actor])).toEqual([
      ["booking.rescheduled", { type: "api_key", name: "write key" }],
      ["booking.cancelled", { type: "api_key", name: "write key" }],
    ]);
  });

  it("members, API keys and new businesses: 403 forbidden for both scopes, nothing written", async () => {
    const b = await keyedBusiness();
    const before = await snapshot(b.t.id);
    for (const key of [b.read.key, b.write.key]) {
      for (const op of MEMBER_ONLY) {
        expectForbidden(await run(op, b, key), op, b);
      }
    }
    await expectUnchangedButKeys(b, before);
  });

  it("a read key's write is 403 even when its body is invalid (the scope is answered first)", async () => {
    const b = await keyedBusiness();
    const res = await post("/api/services", { name: "" }, { token: b.read.key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });
});

describe("API keys refused", () => {
  it("a revoked key is 401 on reads and writes, and writes nothing", async () => {
    const b = await keyedBusiness();
    await del(`/api/businesses/me/api-keys/${b.write.id}`, { token: b.t.token });
    const before = await snapshot(b.t.id);
    for (const op of [...OPS, ...MEMBER_ONLY]) {
      const res = await run(op, b, b.write.key);
      expect(res.status, label(op, b)).toBe(401);
      expect(res.body, label(op, b)).toEqual({ error: "unauthorized" });
    }
    // Also when the route would not have reached the database (an invalid body).
    expect((await post("/api/services", {}, { token: b.write.key })).status).toBe(401);
    expect(await snapshot(b.t.id)).toEqual(before);
  });

  it("a key whose tenant part is changed to another business is 401 there, not that business's data", async () => {
    const a = await keyedBusiness();
    const other = await createTenant();
    const forged = a.write.key.replace(a.t.id, other.id);
    for (const [method, path] of [
      ["GET", "/api/services"],
      ["GET", "/api/businesses/me"],
      ["POST", "/api/services"],
    ] as const) {
      const res = await call(method, path, { token: forged, body: method === "POST" ? { name: "x", durationMinutes: 30 } : undefined });
      expect(res.status, path).toBe(401);
      expect(res.text).not.toContain(other.slug);
    }
    expect((await get("/api/services", { token: other.token })).body.data).toEqual([]);
  });

  it("another business's ids answer 404 not_found to a write key, and change nothing there", async () => {
    const a = await keyedBusiness();
    const b = await keyedBusiness();
    const before = await snapshot(a.t.id);
    const key = b.write.key;
    const calls: [string, () => Promise<ApiResponse>][] = [
      ["GET service", () => get(`/api/services/${a.service.id}`, { token: key })],
      ["PATCH service", () => patch(`/api/services/${a.service.id}`, { price: 1 }, { token: key })],
      ["DELETE staff", () => del(`/api/staff/${a.staff.id}`, { token: key })],
      ["GET booking", () => get(`/api/bookings/${a.booking.id}`, { token: key })],
      ["cancel booking", () => post(`/api/bookings/${a.booking.id}/cancel`, {}, { token: key })],
      ["GET customer", () => get(`/api/customers/${a.customer.id}`, { token: key })],
      ["PATCH customer", () => patch(`/api/customers/${a.customer.id}`, { notes: "x" }, { token: key })],
      ["GET webhook", () => get(`/api/businesses/me/webhooks/${a.hookId}`, { token: key })],
      ["DELETE webhook", () => del(`/api/businesses/me/webhooks/${a.hookId}`, { token: key })],
    ];
    for (const [name, go] of calls) {
      const res = await go();
      expect(res.status, name).toBe(404);
      expect(res.body.error.code, name).toBe("not_found");
    }
    expect(await snapshot(a.t.id)).toEqual(before);
  });

  it("is 401 on operator, customer, auth and AI routes", async () => {
    const b = await keyedBusiness();
    const admin = await createAdmin();
    const paths: [string, string][] = [
      ["GET", "/api/admin/tenants"],
      ["GET", `/api/admin/tenants/${b.t.id}`],
      ["PATCH", `/api/admin/tenants/${b.t.id}`],
      ["GET", "/api/me"],
      ["PATCH", "/api/me"],
      ["GET", "/api/me/bookings"],
      ["POST", "/api/auth/refresh"],
      ["POST", "/api/auth/logout"],
      ["POST", "/api/auth/switch-tenant"],
      ["POST", "/api/auth/change-password"],
      ["POST", "/api/customer-auth/logout"],
      ["GET", "/api/ai/log"],
    ];
    for (const key of [b.read.key, b.write.key]) {
      for (const [method, path] of paths) {
        const res = await call(method, path, { token: key, body: method === "GET" ? undefined : {} });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body, `${method} ${path}`).toEqual({ error: "unauthorized" });
      }
    }
    // The operator still sees the tenant as before.
    expect((await get(`/api/admin/tenants/${b.t.id}`, { token: admin.token })).status).toBe(200);
  });
});

describe("API keys while the business is suspended", () => {
  it("keep working (interface.md: internal API keys of the tenant keep working)", async () => {
    const b = await keyedBusiness();
    await testDb()
      .update(schema.tenants)
      .set({ isSuspended: true, suspendedReason: "unpaid", suspendedAt: new Date().toISOString() })
      .where(eq(schema.tenants.id, b.t.id));
    expect((await get(`/api/public/${b.t.slug}`)).status).toBe(404);
    const list = await get("/api/bookings", { token: b.read.key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id).sort()).toEqual([b.booking.id, b.pending.id].sort());
    expect((await post("/api/services", { name: "During suspension", durationMinutes: 30 }, { token: b.write.key })).status).toBe(201);
    expect((await get("/api/businesses/me", { token: b.write.key })).body.data.isSuspended).toBe(true);
  });
});

describe("API key cost", () => {
  const NOW = "2031-01-06T10:00:30.000Z";

  it("costs no round trip of its own where the route makes one: the check rides in the route's first round trip", async () => {
    const b = await keyedBusiness();
    // Last use already recorded for this minute, so nothing is written after the answer.
    await get("/api/services", { token: b.write.key, now: NOW });
    await expect.poll(() => lastUsedOf(b.write.id), { timeout: 5000 }).toBe("2031-01-06T10:00:00.000Z");

    // The member token is checked against the real clock (it was signed now); the key's calls are
    // pinned to the minute whose last use is recorded.
    const measure = async (token: string, go: (opts: { token: string; dbTag: string; now?: string }) => Promise<ApiResponse>) =>
      (await countDbRequests((dbTag) => go({ token, dbTag, now: token === b.t.token ? undefined : NOW }))).dbRequests;
    const list = (o: CallOpts) => get("/api/services", o);
    const patchService = (o: CallOpts) => patch(`/api/services/${b.service.id}`, { price: 4100 }, o);
    const detail = (o: CallOpts) => get(`/api/bookings/${b.booking.id}`, o);
    const invalid = (o: CallOpts) => post("/api/services", {}, o);

    // Measured: member token = membership read + the route's; API key = the route's alone.
    expect(await measure(b.t.token, list)).toBe(2);
    expect(await measure(b.write.key, list)).toBe(1);
    expect(await measure(b.t.token, patchService)).toBe(2);
    expect(await measure(b.write.key, patchService)).toBe(1);
    expect(await measure(b.t.token, detail)).toBe(2);
    expect(await measure(b.write.key, detail)).toBe(1);
    // A request that never reaches the database checks the key alone: one round trip.
    expect(await measure(b.write.key, invalid)).toBe(1);
    // The owner app's page views: a view without date ranges is its one batch (with the key's
    // guard in it); one with date ranges reads the business's zone first, which a member's token
    // brings with the membership read: two round trips for either caller.
    const servicesView = (o: CallOpts) => get("/api/businesses/me/views/services", o);
    const dashboardView = (o: CallOpts) => get(`/api/businesses/me/views/dashboard?date=${DAY}`, o);
    expect(await measure(b.t.token, servicesView)).toBe(2);
    expect(await measure(b.write.key, servicesView)).toBe(1);
    expect(await measure(b.t.token, dashboardView)).toBe(2);
    expect(await measure(b.write.key, dashboardView)).toBe(2);
  });

  it("keeps lastUsedAt to the minute, written after the answer and only when the minute changed", async () => {
    const b = await keyedBusiness();
    expect((await get("/api/services", { token: b.read.key, now: "2031-01-06T10:00:30.000Z" })).status).toBe(200);
    await expect.poll(() => lastUsedOf(b.read.id), { timeout: 5000 }).toBe("2031-01-06T10:00:00.000Z");
    // Same minute: nothing more to write, the request costs the route's round trip only.
    const same = await countDbRequests((dbTag) => get("/api/services", { token: b.read.key, dbTag, now: "2031-01-06T10:00:59.000Z" }));
    expect(same.dbRequests).toBe(1);
    expect((await get("/api/services", { token: b.read.key, now: "2031-01-06T10:07:01.000Z" })).status).toBe(200);
    await expect.poll(() => lastUsedOf(b.read.id), { timeout: 5000 }).toBe("2031-01-06T10:07:00.000Z");
    const listed = await get("/api/businesses/me/api-keys", { token: b.t.token });
    expect(listed.body.data.find((k: { id: string }) => k.id === b.read.id).lastUsedAt).toBe("2031-01-06T10:07:00.000Z");
  });
});

/** The key's stored last use; it is written after the answer (waitUntil), so tests poll it. */
async function lastUsedOf(id: string) {
  const [row] = await testDb().select({ lastUsedAt: schema.apiKeys.lastUsedAt }).from(schema.apiKeys).where(eq(schema.apiKeys.id, id));
  return row?.lastUsedAt;
}
