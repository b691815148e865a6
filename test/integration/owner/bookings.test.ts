import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/lib/ids";
import { BOOKING_STATUSES, STATUS_TRANSITIONS } from "../../../src/domain/booking-status";
import { countDbRequests, del, get, patch, post } from "../../helpers/api";
import { createBookingRow, createMember, createTenant, ownerToken } from "../../helpers/factories";
import { testDb } from "../../helpers/db";
import { bookableTenant, bookingRow, customer, deliveriesFor, webhookEndpoint } from "../../helpers/booking";
import { outboxMails } from "../../helpers/mail";

// A day far enough ahead that every slot is in the future; tenants are in America/New_York.
const DAY = "2031-03-11";
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00-04:00`);

describe("owner bookings: list and detail", () => {
  it("lists the tenant's bookings newest first with filters and a limit", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const a = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60);
    const b = await createBookingRow(tenant.id, service.id, staff.id, at("11:00"), 60, { status: "completed" });
    const c = await createBookingRow(tenant.id, service.id, staff.id, at("13:00"), 60);
    const all = await get("/api/bookings", { token: tenant.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((x: { id: string }) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(all.body.data[0]).toMatchObject({
      startDatetime: at("13:00").toISOString(),
      status: "confirmed",
      totalAmount: 2500,
      currency: "USD",
    });

    const completed = await get("/api/bookings?status=completed", { token: tenant.token });
    expect(completed.body.data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const ranged = await get(`/api/bookings?from=${at("10:00").toISOString()}&to=${at("13:00").toISOString()}`, { token: tenant.token });
    expect(ranged.body.data.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect((await get("/api/bookings?limit=1", { token: tenant.token })).body.data).toHaveLength(1);
  });

  it("ignores a query parameter it does not know (issue 24)", async () => {
    const tenant = await createTenant();
    const res = await get("/api/bookings?color=red&constructor=1", { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it.each(["limit=0", "limit=201", "status=lost", "from=yesterday", "limit=1&limit=2"])("refuses the query %s with 400", async (q) => {
    const tenant = await createTenant();
    const res = await get(`/api/bookings?${q}`, { token: tenant.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });

  it("shows a booking with its customer, service and staff", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const created = await post(
      "/api/bookings",
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: `${DAY}T10:00:00`, customer: customer(), source: "phone" },
      { token: tenant.token },
    );
    expect(created.status).toBe(201);
    const res = await get(`/api/bookings/${created.body.data.id}`, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: "phone",
      status: "confirmed",
      startDatetime: at("10:00").toISOString(),
      endDatetime: at("11:00").toISOString(),
      service: { id: service.id, name: "Cut" },
      staff: { id: staff.id, displayName: "Sam" },
      customer: { firstName: "Ada", lastName: "Lovelace" },
    });
  });
});

describe("owner bookings: create", () => {
  it("books through the same slot rules: a taken slot is 409 slot_taken", async () => {
    const { tenant, service, staff } = await bookableTenant({ tenant: { allowGuestBooking: false } });
    const body = {
      serviceId: service.id,
      staffProfileId: staff.id,
      startDatetime: `${DAY}T09:00:00`,
      customer: customer(),
      source: "walk_in",
    };
    const first = await post("/api/bookings", body, { token: tenant.token });
    expect(first.status).toBe(201); // guest_disabled does not apply to the business itself
    expect(first.body.data.source).toBe("walk_in");
    const second = await post(
      "/api/bookings",
      { ...body, startDatetime: `${DAY}T09:30:00`, customer: customer() },
      { token: tenant.token },
    );
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("slot_taken");
  });

  it("checks the membership inside the create's first round trip: a removed member or a vanished business books nothing (403), staff see no code", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const body = (start: string) => ({
      serviceId: service.id,
      staffProfileId: staff.id,
      startDatetime: `${DAY}T${start}:00`,
      customer: customer(),
    });
    const removed = await createMember(tenant.id, "admin");
    await testDb().run(sql`UPDATE tenant_members SET is_active = 0 WHERE tenant_id = ${tenant.id} AND user_id = ${removed.userId}`);
    const refused = await post("/api/bookings", body("09:00"), { token: removed.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "tenant required" });
    const elsewhere = await post("/api/bookings", body("09:00"), { token: await ownerToken(tenant.ownerId, newId("tnt")) });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ error: "tenant not found" });
    const invalid = await post("/api/bookings", { ...body("09:00"), customer: undefined }, { token: removed.token });
    expect(invalid.status).toBe(403);
    expect(await testDb().all(sql`SELECT id FROM bookings WHERE staff_id = ${staff.id}`)).toEqual([]);
    // The role comes back with the check: a staff member books, but sees no confirmation code (design.md §31).
    const member = await createMember(tenant.id, "staff");
    const byStaff = await post("/api/bookings", body("09:00"), { token: member.token });
    expect(byStaff.status).toBe(201);
    expect(byStaff.body.data.confirmationCode).toBeNull();
    const byOwner = await post("/api/bookings", body("11:00"), { token: tenant.token });
    expect(byOwner.body.data.confirmationCode).toMatch(/^BK-[A-Z0-9]{6}$/);
  });

  it("refuses a public source and a missing customer with 400", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const res = await post(
      "/api/bookings",
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: `${DAY}T09:00:00`, source: "online" },
      { token: tenant.token },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(["customer", "source"]);
  });
});

describe("owner status change: the membership check in its first round trip (issue #42)", () => {
  it("costs 2 libSQL requests; a removed member changes nothing (403); staff complete but may not cancel; an owner cancels", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const now = new Date(at("09:00").getTime() + 2 * 3600_000);
    const change = (id: string, status: string, token: string, dbTag?: string) =>
      patch(`/api/bookings/${id}/status`, { status }, { token, now, dbTag });
    const first = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60, { status: "confirmed" });
    const owner = await ownerToken(tenant.ownerId, tenant.id, "owner", now);
    const { result, dbRequests } = await countDbRequests((dbTag) => change(first.id, "completed", owner, dbTag));
    expect(result.status).toBe(200);
    expect(result.body.data.status).toBe("completed");
    expect(dbRequests).toBe(2);

    const second = await createBookingRow(tenant.id, service.id, staff.id, at("11:00"), 60, { status: "confirmed" });
    const removed = await createMember(tenant.id, "admin");
    const removedToken = await ownerToken(removed.userId, tenant.id, "admin", now);
    await testDb().run(sql`UPDATE tenant_members SET is_active = 0 WHERE tenant_id = ${tenant.id} AND user_id = ${removed.userId}`);
    const refused = await change(second.id, "completed", removedToken);
    expect(refused.status).toBe(403);
    expect((await bookingRow(second.id))!.status).toBe("confirmed");

    // Staff's role arrives with the check: completing is theirs, cancelling (which tells the customer) is not.
    const member = await createMember(tenant.id, "staff");
    const staffToken = await ownerToken(member.userId, tenant.id, "staff", now);
    expect((await change(second.id, "cancelled", staffToken)).status).toBe(403);
    expect((await bookingRow(second.id))!.status).toBe("confirmed");
    expect((await change(second.id, "completed", staffToken)).status).toBe(200);
    const third = await createBookingRow(tenant.id, service.id, staff.id, at("13:00"), 60, { status: "confirmed" });
    const cancelled = await change(third.id, "cancelled", owner);
    expect(cancelled.status).toBe(200);
    expect((await bookingRow(third.id))!.status).toBe("cancelled");
  });
});

describe("owner bookings: status transitions, cell by cell", () => {
  const cells = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as const));
  it.each(cells)("%s -> %s", async (from, to) => {
    const { tenant, service, staff } = await bookableTenant();
    const booking = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60, { status: from });
    // design.md §31: a no-show is marked after the start (before it: 409, see below).
    const now = new Date(at("09:00").getTime() + 2 * 3600_000);
    const res = await patch(
      `/api/bookings/${booking.id}/status`,
      { status: to },
      { token: await ownerToken(tenant.ownerId, tenant.id, "owner", now), now },
    );
    const allowed = STATUS_TRANSITIONS[from].includes(to);
    if (allowed) {
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(to);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("invalid_transition");
    }
    expect((await bookingRow(booking.id))!.status).toBe(allowed ? to : from);
  });
});

describe("no-show only after the start (design.md §31)", () => {
  it("is 409 invalid_transition before the booking's start and changes nothing; from the start on it is allowed", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const booking = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60);
    const before = new Date(at("09:00").getTime() - 60_000);
    const early = await patch(
      `/api/bookings/${booking.id}/status`,
      { status: "no_show" },
      { token: await ownerToken(tenant.ownerId, tenant.id, "owner", before), now: before },
    );
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("invalid_transition");
    expect(await bookingRow(booking.id)).toMatchObject({ status: "confirmed", updatedAt: booking.updatedAt });
    const atStart = at("09:00");
    const marked = await patch(
      `/api/bookings/${booking.id}/status`,
      { status: "no_show" },
      { token: await ownerToken(tenant.ownerId, tenant.id, "owner", atStart), now: atStart },
    );
    expect(marked.status).toBe(200);
  });
});

describe("owner bookings: roles and tenant isolation", () => {
  it("lets staff change a status and book at the front desk, but not cancel or reschedule", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const member = await createMember(tenant.id, "staff");
    const booking = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60);
    expect((await patch(`/api/bookings/${booking.id}/status`, { status: "completed" }, { token: member.token })).status).toBe(200);
    const other = await createBookingRow(tenant.id, service.id, staff.id, at("12:00"), 60);
    // design.md §15: walk-ins (and `override`) are owner/admin/staff.
    const walkIn = await post(
      "/api/bookings",
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: `${DAY}T14:00:00`, customer: customer(), source: "walk_in" },
      { token: member.token },
    );
    expect(walkIn.status).toBe(201);
    for (const res of [
      await post(`/api/bookings/${other.id}/cancel`, {}, { token: member.token }),
      await post(`/api/bookings/${other.id}/reschedule`, { newStartDatetime: `${DAY}T15:00:00` }, { token: member.token }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    expect((await bookingRow(other.id))!.status).toBe("confirmed");
  });

  it("answers another tenant's booking with 404 on every route and changes nothing", async () => {
    const a = await bookableTenant();
    const b = await createTenant();
    const booking = await createBookingRow(a.tenant.id, a.service.id, a.staff.id, at("09:00"), 60);
    const responses = [
      await get(`/api/bookings/${booking.id}`, { token: b.token }),
      await patch(`/api/bookings/${booking.id}/status`, { status: "completed" }, { token: b.token }),
      await post(`/api/bookings/${booking.id}/cancel`, { reason: "nope" }, { token: b.token }),
      await post(`/api/bookings/${booking.id}/reschedule`, { newStartDatetime: `${DAY}T12:00:00` }, { token: b.token }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await get("/api/bookings", { token: b.token })).body.data).toEqual([]);
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ status: "confirmed", startAt: booking.startAt, cancelReason: null });
  });

  it("cancels and reschedules through the shared booking rules", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const booking = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60);
    const moved = await post(`/api/bookings/${booking.id}/reschedule`, { newStartDatetime: `${DAY}T15:00:00` }, { token: tenant.token });
    expect(moved.status).toBe(200);
    expect(moved.body.data.startDatetime).toBe(at("15:00").toISOString());
    const cancelled = await post(`/api/bookings/${booking.id}/cancel`, { reason: "client called" }, { token: tenant.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", cancelReason: "client called" });
    const again = await post(`/api/bookings/${booking.id}/cancel`, {}, { token: tenant.token });
    expect(again.body.data.alreadyCancelled).toBe(true);
    const notMovable = await post(
      `/api/bookings/${booking.id}/reschedule`,
      { newStartDatetime: `${DAY}T16:00:00` },
      { token: tenant.token },
    );
    expect(notMovable.status).toBe(409);
    expect(notMovable.body.error.code).toBe("not_reschedulable");
  });
});

describe("owner bookings: details and side effects", () => {
  it("shows the exact detail shape, service duration included", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const email = `grace-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { result: created, dbRequests } = await countDbRequests((dbTag) =>
      post(
        "/api/bookings",
        {
          serviceId: service.id,
          staffProfileId: staff.id,
          startDatetime: `${DAY}T11:00:00`,
          customer: { firstName: "Grace", lastName: "Hopper", email, phone: "555-0100", notes: "Window seat" },
        },
        { token: tenant.token, dbTag },
      ),
    );
    expect(created.status).toBe(201);
    expect(dbRequests).toBe(2); // the read batch (the membership check rides in it), the write batch
    const res = await get(`/api/bookings/${created.body.data.id}`, { token: tenant.token });
    expect(res.body.data).toEqual({
      id: created.body.data.id,
      confirmationCode: expect.stringMatching(/^BK-[A-Z0-9]{6}$/),
      status: "confirmed",
      source: "admin",
      startDatetime: at("11:00").toISOString(),
      endDatetime: at("12:00").toISOString(),
      serviceId: service.id,
      staffId: staff.id,
      customerId: expect.any(String),
      totalAmount: 4500,
      currency: "USD",
      notes: "Window seat",
      cancelReason: null,
      createdAt: expect.any(String),
      customer: { id: expect.any(String), firstName: "Grace", lastName: "Hopper", email, phone: "555-0100", notes: "" },
      service: { id: service.id, name: "Cut", durationMinutes: 60 },
      staff: { id: staff.id, displayName: "Sam" },
      timezone: "America/New_York",
      // Its money, as GET /api/bookings/:id/payments has it (design.md §21): nothing here.
      payments: [],
      card: null,
      noShowFee: null,
      // design.md §31: a booking made by the business carries no guest details of its own.
      guest: null,
      // Owner-made bookings name who made them (the owner app's booking history).
      history: [
        {
          id: expect.any(String),
          action: "booking.created",
          actor: { type: "member", name: "Olive Owner" },
          reason: null,
          details: { source: "admin", override: false },
          createdAt: expect.any(String),
        },
      ],
      // design.md §27: texts go only with the customer's consent, which this booking was not given.
      customerConfirmedAt: null,
      texts: { optIn: false, phone: "555-0100", e164: null, problem: "The customer did not agree to texts about this booking." },
      // design.md §28: the customer's reliability record (no policy, nothing counted).
      customerReliability: { noShows: 0, lateCancellations: 0, strikes: 0, step: "none", trusted: false, resetAt: null },
    });
    const {
      customer: _c,
      service: _s,
      staff: _st,
      timezone: _tz,
      payments: _p,
      card: _cd,
      noShowFee: _f,
      history: _h,
      guest: _g,
      customerConfirmedAt: _cc,
      texts: _tx,
      customerReliability: _cr,
      ...plain
    } = res.body.data;
    expect(created.body.data).toEqual(plain);
  });

  it("a status change writes one booking.status_changed delivery; cancelling by status also tells the customer", async () => {
    const { tenant, service, staff } = await bookableTenant();
    await webhookEndpoint(tenant.id);
    const made = await post(
      "/api/bookings",
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: `${DAY}T09:00:00`, customer: customer() },
      { token: tenant.token },
    );
    const id = made.body.data.id;
    const email = (await get(`/api/bookings/${id}`, { token: tenant.token })).body.data.customer.email;
    const before = (await deliveriesFor(tenant.id)).length; // booking.created

    const afterStart = new Date(Date.parse(made.body.data.startDatetime) + 3600_000);
    const done = await patch(
      `/api/bookings/${id}/status`,
      { status: "no_show" },
      { token: await ownerToken(tenant.ownerId, tenant.id, "owner", afterStart), now: afterStart },
    );
    expect(done.status).toBe(200);
    const after = await deliveriesFor(tenant.id);
    expect(after.map((d) => d.eventType).slice(before)).toEqual(["booking.status_changed"]);
    const payload = JSON.parse(after[before].payload);
    expect(payload.data.booking).toMatchObject({ id, status: "no_show", previousStatus: "confirmed" });

    const other = await post(
      "/api/bookings",
      { serviceId: service.id, staffProfileId: staff.id, startDatetime: `${DAY}T13:00:00`, customer: customer({ email }) },
      { token: tenant.token },
    );
    const n = (await deliveriesFor(tenant.id)).length;
    const mailsBefore = (await outboxMails(email)).length;
    expect(
      (await patch(`/api/bookings/${other.body.data.id}/status`, { status: "cancelled" }, { token: tenant.token })).body.data.status,
    ).toBe("cancelled");
    expect(
      (await deliveriesFor(tenant.id))
        .slice(n)
        .map((d) => d.eventType)
        .sort(),
    ).toEqual(["booking.cancelled", "booking.status_changed"]);
    const mails = await outboxMails(email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.map((m) => m.kind)).toContain("booking.cancelled");
    // A refused change writes nothing.
    expect((await patch(`/api/bookings/${other.body.data.id}/status`, { status: "confirmed" }, { token: tenant.token })).status).toBe(409);
    expect((await deliveriesFor(tenant.id)).length).toBe(n + 2);
  });

  it("staff may not cancel through the status route either", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const member = await createMember(tenant.id, "staff");
    const booking = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60, { status: "pending" });
    const res = await patch(`/api/bookings/${booking.id}/status`, { status: "cancelled" }, { token: member.token });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    expect((await patch(`/api/bookings/${booking.id}/status`, { status: "confirmed" }, { token: member.token })).status).toBe(200);
    expect((await bookingRow(booking.id))!.status).toBe("confirmed");
  });

  it("keeps bookings of a deleted service and a deleted staff member readable", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const booking = await createBookingRow(tenant.id, service.id, staff.id, at("09:00"), 60);
    expect((await del(`/api/services/${service.id}`, { token: tenant.token })).status).toBe(200);
    expect((await del(`/api/staff/${staff.id}`, { token: tenant.token })).status).toBe(200);
    const res = await get(`/api/bookings/${booking.id}`, { token: tenant.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "confirmed",
      service: { id: service.id, name: "Cut" },
      staff: { id: staff.id, displayName: "Sam" },
    });
    expect((await get("/api/bookings", { token: tenant.token })).body.data.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect((await patch(`/api/bookings/${booking.id}/status`, { status: "completed" }, { token: tenant.token })).status).toBe(200);
  });
});
