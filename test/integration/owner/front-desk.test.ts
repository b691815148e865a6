import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createBookingRow, createMember, createTimeOff, ownerToken } from "../../helpers/factories";
import { bookableTenant, bookingRow, customer } from "../../helpers/booking";
import { tenantOutboxRows } from "../../helpers/outbox";

// design.md §15: the front desk books walk-ins outside the offered slots (`override`) and without
// an e-mail. Tenants are in America/New_York; 2031-03-11 is EDT (-04:00).
const DAY = "2031-03-11";
const at = (hhmm: string, day = DAY) => new Date(`${day}T${hhmm}:00-04:00`);
const NOON = at("12:00");

async function frontDesk() {
  const setup = await bookableTenant();
  const token = await ownerToken(setup.tenant.ownerId, setup.tenant.id, "owner", NOON);
  const book = (start: string, extra: Record<string, unknown> = {}) =>
    post(
      "/api/bookings",
      {
        serviceId: setup.service.id,
        staffProfileId: setup.staff.id,
        startDatetime: start,
        customer: customer(),
        source: "walk_in",
        ...extra,
      },
      { token, now: NOON },
    );
  return { ...setup, token, book };
}

describe("POST /api/bookings with override: true", () => {
  it("books a free time outside working hours and off the 15-minute grid, which the slot rules refuse", async () => {
    const { book, tenant, staff } = await frontDesk();
    expect((await book(`${DAY}T18:05:00`)).body.error.code).toBe("slot_taken");
    const late = await book(`${DAY}T18:05:00`, { override: true });
    expect(late.status).toBe(201);
    expect(late.body.data).toMatchObject({
      status: "confirmed",
      source: "walk_in",
      startDatetime: at("18:05").toISOString(),
      endDatetime: at("19:05").toISOString(),
    });
    const early = await book(`${DAY}T07:35`, { override: true });
    expect(early.status).toBe(201);
    expect(early.body.data.startDatetime).toBe(at("07:35").toISOString());
    // Inside working hours, between the offered quarter-hours.
    expect((await book("2031-03-12T10:10:00", { override: true })).status).toBe(201);

    const rows = await testDb().select().from(schema.bookings).where(eq(schema.bookings.staffId, staff.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.tenantId === tenant.id)).toBe(true);
  });

  it("records a walk-in that began earlier today, but not one on an earlier day", async () => {
    const { book } = await frontDesk();
    const earlier = await book(`${DAY}T10:30:00`, { override: true });
    expect(earlier.status).toBe(201);
    const yesterday = await book("2031-03-10T15:00:00", { override: true });
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.error.details.fieldErrors.startDatetime).toEqual(["A booking cannot start before today"]);
  });

  it("never books over another booking or time off (409 slot_taken), and refuses times off the 5-minute steps", async () => {
    const { book, tenant, service, staff } = await frontDesk();
    await createBookingRow(tenant.id, service.id, staff.id, at("18:00"), 60);
    await createTimeOff(tenant.id, staff.id, at("20:00"), at("21:00"), { createdAt: NOON.toISOString() });
    for (const start of ["18:30", "17:05", "19:30", "20:55"]) {
      const res = await book(`${DAY}T${start}:00`, { override: true });
      expect(res.status, start).toBe(409);
      expect(res.body.error.code).toBe("slot_taken");
    }
    // Touching is fine: 19:00-20:00 sits between the booking and the time off.
    expect((await book(`${DAY}T19:00:00`, { override: true })).status).toBe(201);
    for (const start of ["21:07:00", "21:05:30"]) {
      const res = await book(`${DAY}T${start}`, { override: true });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fieldErrors.startDatetime).toEqual(["Use a start time on a 5-minute step, e.g. 10:05"]);
    }
    expect((await get(`/api/bookings?staffId=${staff.id}`, { token: await ownerToken(tenant.ownerId, tenant.id) })).body.data).toHaveLength(
      2,
    );
  });

  it("refuses a local time that does not exist (spring-forward gap)", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const now = new Date("2031-03-09T05:00:00Z"); // 00:00 EST on the night the clocks jump
    const token = await ownerToken(tenant.ownerId, tenant.id, "owner", now);
    const res = await post(
      "/api/bookings",
      {
        serviceId: service.id,
        staffProfileId: staff.id,
        startDatetime: "2031-03-09T02:30:00",
        customer: customer(),
        source: "phone",
        override: true,
      },
      { token, now },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.fieldErrors.startDatetime[0]).toMatch(/does not exist/);
  });

  it("is atomic: of two overlapping override bookings made at once, exactly one is stored", async () => {
    const { book, staff } = await frontDesk();
    const results = await Promise.all([book(`${DAY}T19:00:00`, { override: true }), book(`${DAY}T19:20:00`, { override: true })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await testDb().select().from(schema.bookings).where(eq(schema.bookings.staffId, staff.id));
    expect(rows).toHaveLength(1);
  });

  it("costs the same round trips as a normal owner booking: one read batch (with the membership check), one write batch", async () => {
    const { tenant, service, staff, token } = await frontDesk();
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      post(
        "/api/bookings",
        { serviceId: service.id, staffProfileId: staff.id, startDatetime: `${DAY}T19:05:00`, customer: customer(), override: true },
        { token, now: NOON, dbTag },
      ),
    );
    expect(result.status).toBe(201);
    expect(dbRequests).toBe(2);
    expect((await bookingRow(result.body.data.id))!.tenantId).toBe(tenant.id);
  });

  it("is for the business: staff may use it, an override in a reschedule moves to a free time outside the slots", async () => {
    const { tenant, service, staff } = await frontDesk();
    const member = await createMember(tenant.id, "staff");
    const staffToken = await ownerToken(member.userId, tenant.id, "staff", NOON);
    const made = await post(
      "/api/bookings",
      {
        serviceId: service.id,
        staffProfileId: staff.id,
        startDatetime: `${DAY}T17:30:00`,
        customer: customer(),
        source: "walk_in",
        override: true,
      },
      { token: staffToken, now: NOON },
    );
    expect(made.status).toBe(201);

    const ownerTok = await ownerToken(tenant.ownerId, tenant.id, "owner", NOON);
    const move = (body: Record<string, unknown>) =>
      post(`/api/bookings/${made.body.data.id}/reschedule`, body, { token: ownerTok, now: NOON });
    expect((await move({ newStartDatetime: `${DAY}T18:10:00` })).body.error.code).toBe("slot_taken");
    const moved = await move({ newStartDatetime: `${DAY}T18:10:00`, override: true });
    expect(moved.status).toBe(200);
    expect(moved.body.data.startDatetime).toBe(at("18:10").toISOString());
  });
});

describe("walk-in and phone bookings without an e-mail", () => {
  it("keys the customer record by phone, so the same caller is one customer, and sends no customer e-mail", async () => {
    const { book, tenant } = await frontDesk();
    const first = await book(`${DAY}T13:00:00`, { customer: { firstName: "Walt", phone: "+1 (555) 010-2030" } });
    expect(first.status).toBe(201);
    const again = await book(`${DAY}T15:00:00`, { source: "phone", customer: { firstName: "Walter", phone: "+15550102030", email: "" } });
    expect(again.status).toBe(201);
    expect(again.body.data.customerId).toBe(first.body.data.customerId);

    const customers = await testDb().select().from(schema.customers).where(eq(schema.customers.tenantId, tenant.id));
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ email: "", firstName: "Walter", phone: "+15550102030" });
    // The business's own notices (design.md §17) still go out; nothing is addressed to the customer.
    const mail = await tenantOutboxRows(testDb(), tenant.id);
    expect(mail.map((m) => m.kind)).toEqual(["notice.booking_created", "notice.booking_created"]);
    expect(mail.filter((m) => !m.toEmail.startsWith("hello-"))).toEqual([]);

    const listed = await get("/api/customers", { token: await ownerToken(tenant.ownerId, tenant.id) });
    expect(listed.body.data).toMatchObject([{ firstName: "Walter", email: "", bookingCount: 2 }]);
  });

  it("creates an anonymous record for a walk-in with neither e-mail nor phone, one per booking", async () => {
    const { book, tenant } = await frontDesk();
    const a = await book(`${DAY}T13:00:00`, { customer: { firstName: "Guest" } });
    const b = await book(`${DAY}T14:00:00`, { customer: { firstName: "Guest", phone: "" } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.customerId).not.toBe(b.body.data.customerId);
    const customers = await testDb().select().from(schema.customers).where(eq(schema.customers.tenantId, tenant.id));
    expect(customers.map((c) => c.email)).toEqual(["", ""]);
  });

  it("still requires the e-mail for bookings made as `admin`", async () => {
    const { book } = await frontDesk();
    const res = await book(`${DAY}T13:00:00`, { source: "admin", customer: { firstName: "Ada" } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors)).toEqual(["customer.email"]);
    const bad = await book(`${DAY}T13:00:00`, { customer: { firstName: "Ada", email: "not-an-address" } });
    expect(Object.keys(bad.body.error.details.fieldErrors)).toEqual(["customer.email"]);
  });
});
