import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type ApiResponse, del, get, patch, post, put } from "../../helpers/api";
import { bookableTenant } from "../../helpers/booking";
import { testDb } from "../../helpers/db";
import { createBookingRow, createCustomer, createStaff, createTenant, createTimeOff } from "../../helpers/factories";

const DAY = "2031-03-11";

/** Every row that belongs to tenant A, across the tables the owner API reads or writes. */
async function snapshot(tenantId: string) {
  const db = testDb();
  const by = (table: string) => db.all(sql.raw(`SELECT * FROM ${table} WHERE tenant_id = '${tenantId}' ORDER BY id`));
  return {
    tenant: await db.all(sql`SELECT * FROM tenants WHERE id = ${tenantId}`),
    services: await by("services"),
    staff: await by("staff_profiles"),
    hours: await by("staff_hours"),
    timeOff: await by("staff_time_off"),
    bookings: await by("bookings"),
    customers: await by("customers"),
    members: await by("tenant_members"),
    deliveries: await by("webhook_deliveries"),
    outbox: await by("email_outbox"),
    audit: await db.all(sql`SELECT * FROM audit_log WHERE target_id = ${tenantId} ORDER BY id`),
  };
}

async function tenantA() {
  const {
    tenant: a,
    service,
    staff,
  } = await bookableTenant({ service: { name: "A-only service", price: 4200 }, staff: { displayName: "A-only staff" } });
  const customer = await createCustomer(a.id, { firstName: "A-only", notes: "private note of A" });
  const booking = await createBookingRow(a.id, service.id, staff.id, new Date(`${DAY}T14:00:00Z`), 60, {
    customerId: customer.id,
    notes: "A booking note",
  });
  const pending = await createBookingRow(a.id, service.id, staff.id, new Date(`${DAY}T16:00:00Z`), 60, { status: "pending" });
  const { id: offId } = await createTimeOff(a.id, staff.id, new Date(`${DAY}T20:00:00Z`), new Date(`${DAY}T21:00:00Z`));
  return { a, service, staff, customer, booking, pending, offId };
}

describe("tenant isolation of the owner API", () => {
  it("answers owner B's token on every by-id route with A's ids with 404 not_found and changes none of A's rows", async () => {
    const { a, service, staff, customer, booking, pending, offId } = await tenantA();
    const b = await createTenant();
    const bStaff = await createStaff(b.id);
    const before = await snapshot(a.id);
    const opts = { token: b.token };
    const when = `${DAY}T10:00:00`;

    const calls: [string, () => Promise<ApiResponse>][] = [
      ["GET service", () => get(`/api/services/${service.id}`, opts)],
      ["PATCH service", () => patch(`/api/services/${service.id}`, { price: 1 }, opts)],
      ["DELETE service", () => del(`/api/services/${service.id}`, opts)],
      ["GET staff", () => get(`/api/staff/${staff.id}`, opts)],
      ["PATCH staff", () => patch(`/api/staff/${staff.id}`, { displayName: "Stolen", workingHours: [] }, opts)],
      ["DELETE staff", () => del(`/api/staff/${staff.id}`, opts)],
      ["PUT hours", () => put(`/api/staff/${staff.id}/hours`, [{ dayOfWeek: 1, start: "01:00", end: "02:00" }], opts)],
      ["GET time-off", () => get(`/api/staff/${staff.id}/time-off`, opts)],
      ["POST time-off", () => post(`/api/staff/${staff.id}/time-off`, { start: `${DAY}T12:00:00Z`, end: `${DAY}T13:00:00Z` }, opts)],
      ["DELETE time-off", () => del(`/api/staff/${staff.id}/time-off/${offId}`, opts)],
      ["DELETE A's time-off under B's staff", () => del(`/api/staff/${bStaff.id}/time-off/${offId}`, opts)],
      ["GET booking", () => get(`/api/bookings/${booking.id}`, opts)],
      ["PATCH booking status", () => patch(`/api/bookings/${pending.id}/status`, { status: "confirmed" }, opts)],
      ["POST booking cancel", () => post(`/api/bookings/${booking.id}/cancel`, { reason: "nope" }, opts)],
      ["POST booking reschedule", () => post(`/api/bookings/${booking.id}/reschedule`, { newStartDatetime: `${DAY}T12:00:00` }, opts)],
      [
        "POST booking with A's service and staff",
        () =>
          post(
            "/api/bookings",
            { serviceId: service.id, staffProfileId: staff.id, startDatetime: when, customer: { firstName: "B", email: "b@example.test" } },
            opts,
          ),
      ],
      [
        "POST booking with A's service, B's staff",
        () =>
          post(
            "/api/bookings",
            {
              serviceId: service.id,
              staffProfileId: bStaff.id,
              startDatetime: when,
              customer: { firstName: "B", email: "b@example.test" },
            },
            opts,
          ),
      ],
      ["GET customer", () => get(`/api/customers/${customer.id}`, opts)],
      ["PATCH customer", () => patch(`/api/customers/${customer.id}`, { notes: "overwritten" }, opts)],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect(res.status, name).toBe(404);
      expect(res.body.error.code, name).toBe("not_found");
      for (const secret of ["A-only", "private note of A", "A booking note", a.slug]) expect(res.text, name).not.toContain(secret);
    }

    expect(await snapshot(a.id)).toEqual(before);
    // And A still reads its data as before.
    expect((await get(`/api/services/${service.id}`, { token: a.token })).body.data.price).toBe(4200);
    expect((await get(`/api/customers/${customer.id}`, { token: a.token })).body.data.notes).toBe("private note of A");
  });

  it("never lists A's records in B's lists, even when filtered by A's ids", async () => {
    const { a, staff } = await tenantA();
    const b = await createTenant();
    const lists = [
      "/api/services",
      "/api/staff",
      "/api/bookings",
      `/api/bookings?staffId=${staff.id}`,
      "/api/customers",
      "/api/customers?search=A-only",
      "/api/businesses/me/members",
    ];
    for (const path of lists) {
      const res = await get(path, { token: b.token });
      expect(res.status, path).toBe(200);
      const ids = res.body.data.map((x: { id: string }) => x.id);
      if (path.endsWith("members")) expect(ids).toEqual([b.ownerId]);
      else expect(ids, path).toEqual([]);
    }
    const me = await get("/api/businesses/me", { token: b.token });
    expect(me.body.data.id).toBe(b.id);
    expect(me.text).not.toContain(a.id);
  });
});
