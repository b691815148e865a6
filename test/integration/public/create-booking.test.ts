import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { signToken } from "../../../src/lib/jwt";
import { countDbRequests, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createService, createStaff, createTenant } from "../../helpers/factories";
import {
  activeBookingsOf,
  bookableTenant,
  bookingBody,
  bookingRow,
  customer,
  customerAt,
  deliveriesFor,
  webhookEndpoint,
} from "../../helpers/booking";
import { outboxMails } from "../../helpers/mail";

const NOW = "2027-03-01T12:00:00Z";
const book = (slug: string, body: unknown, opts: { token?: string; now?: string; dbTag?: string } = {}) =>
  post(`/api/public/${slug}/bookings`, body, { now: NOW, ...opts });

describe("POST /api/public/:slug/bookings: validation", () => {
  it("reports each missing field", async () => {
    const { tenant, staff } = await bookableTenant();
    const res = await book(tenant.slug, {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(["customer", "serviceId", "staffProfileId", "startDatetime"]);
    expect(await activeBookingsOf(staff.id)).toHaveLength(0);
  });

  it("reports nested violations with dotted paths and changes nothing", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const res = await book(tenant.slug, {
      serviceId: service.id,
      staffProfileId: staff.id,
      startDatetime: "2027-02-30T10:00:00",
      source: "fax",
      customer: { firstName: "  ", lastName: "x".repeat(101), email: "not-an-email", phone: "1".repeat(41), notes: "n".repeat(2001) },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual([
      "customer.email",
      "customer.firstName",
      "customer.lastName",
      "customer.notes",
      "customer.phone",
      "source",
      "startDatetime",
    ]);
    expect(await activeBookingsOf(staff.id)).toHaveLength(0);
  });

  it("accepts the limits exactly (100/100/40/2000 characters)", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const res = await book(tenant.slug, {
      ...bookingBody(service.id, staff.id, "2027-03-10T10:00:00"),
      customer: customer({ firstName: "f".repeat(100), lastName: "l".repeat(100), phone: "1".repeat(40), notes: "n".repeat(2000) }),
    });
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON with 400 invalid_request", async () => {
    const { tenant } = await bookableTenant();
    const res = await post(`/api/public/${tenant.slug}/bookings`, undefined, {
      rawBody: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
  });
});

describe("POST /api/public/:slug/bookings: creating", () => {
  it("creates a confirmed booking at the tenant-local wall time with price, currency, notes and a customer record", async () => {
    const { tenant, service, staff } = await bookableTenant({ tenant: { currency: "EUR" }, service: { price: 4500 } });
    const email = `Grace-${crypto.randomUUID().slice(0, 6)}@Example.TEST`;
    const res = await book(tenant.slug, {
      ...bookingBody(service.id, staff.id, "2027-03-10T10:00:00"),
      customer: { firstName: "Grace", lastName: "Hopper", email, phone: "+1 555 0100", notes: "Window seat" },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(Object.keys(res.body.data).sort()).toEqual(["confirmationCode", "customerUserId", "id", "status"]);
    expect(res.body.data).toMatchObject({ status: "confirmed", customerUserId: null });
    expect(res.body.data.confirmationCode).toMatch(/^BK-[A-Z0-9]{6}$/);

    const row = await bookingRow(res.body.data.id);
    expect(row).toMatchObject({
      tenantId: tenant.id,
      serviceId: service.id,
      staffId: staff.id,
      startAt: Date.parse("2027-03-10T15:00:00Z"), // 10:00 EST
      endAt: Date.parse("2027-03-10T16:00:00Z"),
      status: "confirmed",
      source: "online",
      totalAmount: 4500,
      currency: "EUR",
      notes: "Window seat",
      customerAccountId: null,
      confirmationCode: res.body.data.confirmationCode,
    });
    const [cust] = await testDb().select().from(schema.customers).where(sql`id = ${row.customerId}`);
    expect(cust).toMatchObject({
      tenantId: tenant.id,
      email: email.toLowerCase(),
      emailNormalized: email.toLowerCase(),
      firstName: "Grace",
      lastName: "Hopper",
      phone: "+1 555 0100",
    });

    const lookup = await get(`/api/public/booking/${res.body.data.confirmationCode}`);
    expect(lookup.body.data).toMatchObject({ start_datetime: "2027-03-10T10:00:00", end_datetime: "2027-03-10T11:00:00" });
  });

  it("writes the confirmation e-mail and booking.created webhook deliveries with the booking", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const endpointId = await webhookEndpoint(tenant.id);
    const body = bookingBody(service.id, staff.id, "2027-03-10T10:00:00");
    const res = await book(tenant.slug, body);
    expect(res.status).toBe(201);
    const emails = await outboxMails(body.customer.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ tenantId: tenant.id, kind: "booking.confirmed" });
    expect(emails[0].textBody).toContain(res.body.data.confirmationCode);
    expect(emails[0].textBody).toContain("Wed 10 Mar 2027, 10:00");
    // "*" also covers customer.created (issue #20): a new customer record is announced beside the booking.
    const deliveries = await deliveriesFor(tenant.id);
    expect(deliveries.map((d) => d.eventType).sort()).toEqual(["booking.created", "customer.created"]);
    const booked = deliveries.find((d) => d.eventType === "booking.created");
    expect(booked).toMatchObject({ endpointId, eventType: "booking.created" });
    const payload = JSON.parse(booked?.payload ?? "null");
    expect(payload).toMatchObject({
      type: "booking.created",
      tenantId: tenant.id,
      data: { booking: { id: res.body.data.id, startDatetime: "2027-03-10T15:00:00.000Z" } },
    });
  });

  it("reads startDatetime as wall time: seconds optional, an offset or Z ignored", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const cases = [
      ["2027-03-10T10:00", Date.parse("2027-03-10T15:00:00Z")],
      ["2027-03-10T11:00:00Z", Date.parse("2027-03-10T16:00:00Z")],
      ["2027-03-10T12:00:00.000+02:00", Date.parse("2027-03-10T17:00:00Z")],
    ] as const;
    for (const [start, instant] of cases) {
      const res = await book(tenant.slug, bookingBody(service.id, staff.id, start));
      expect(res.status).toBe(201);
      expect((await bookingRow(res.body.data.id)).startAt).toBe(instant);
    }
  });

  it("keeps one customer record per tenant and e-mail (any case); a later guest's details stay on their booking (design.md §31)", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const email = `same-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const first = await book(tenant.slug, {
      ...bookingBody(service.id, staff.id, "2027-03-10T09:00"),
      customer: { firstName: "Old", email },
    });
    const second = await book(tenant.slug, {
      ...bookingBody(service.id, staff.id, "2027-03-10T11:00"),
      customer: { firstName: "New", lastName: "Name", email: email.toUpperCase() },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const rows = await testDb().select().from(schema.customers).where(sql`tenant_id = ${tenant.id}`);
    expect(rows).toHaveLength(1);
    // Nobody signed in: the record keeps what it had; what the second guest typed is on their booking.
    expect(rows[0]).toMatchObject({ firstName: "Old", lastName: "", emailNormalized: email });
    expect((await bookingRow(first.body.data.id)).customerId).toBe(rows[0].id);
    expect(await bookingRow(second.body.data.id)).toMatchObject({ customerId: rows[0].id, guestFirstName: "New", guestLastName: "Name" });
  });

  it("stores the given source", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00", { source: "widget" }));
    expect((await bookingRow(res.body.data.id)).source).toBe("widget");
  });

  it("costs two libSQL requests", async () => {
    const { tenant, service, staff } = await bookableTenant();
    await webhookEndpoint(tenant.id);
    const { result, dbRequests } = await countDbRequests((dbTag) =>
      book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00"), { dbTag }),
    );
    expect(result.status).toBe(201);
    expect(dbRequests).toBe(2);
  });
});

describe("POST /api/public/:slug/bookings: customers and guests", () => {
  it("links the booking to a valid customer token, and the customer record when it has the account's e-mail", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const account = await customerAt(NOW);
    const res = await book(
      tenant.slug,
      bookingBody(service.id, staff.id, "2027-03-10T10:00", { customer: customer({ email: account.email }) }),
      {
        token: account.token,
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.customerUserId).toBe(account.id);
    const row = await bookingRow(res.body.data.id);
    expect(row.customerAccountId).toBe(account.id);
    const [cust] = await testDb().select().from(schema.customers).where(sql`id = ${row.customerId}`);
    expect(cust.customerAccountId).toBe(account.id);
  });

  it("a signed-in customer booking under someone else's e-mail does not take over that person's customer record", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const email = `victim-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const first = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T09:00", { customer: customer({ email }) }));
    expect(first.status).toBe(201);
    const other = await customerAt(NOW);
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T11:00", { customer: customer({ email }) }), {
      token: other.token,
    });
    expect(res.status).toBe(201);
    // The booking itself belongs to the account that made it (interface.md) ...
    expect(res.body.data.customerUserId).toBe(other.id);
    // ... but the business's record of the e-mail's owner stays unlinked.
    const [cust] = await testDb().select().from(schema.customers).where(sql`tenant_id = ${tenant.id}`);
    expect(cust.customerAccountId).toBeNull();
  });

  it("keeps the names the business edited when a later public booking uses the same e-mail", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const email = `edited-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const first = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T09:00", { customer: customer({ email }) }));
    const { customerId } = await bookingRow(first.body.data.id);
    const edit = await patch(`/api/customers/${customerId}`, { firstName: "Margaret", lastName: "Hamilton" }, { token: tenant.token });
    expect(edit.status).toBe(200);
    const later = await book(
      tenant.slug,
      bookingBody(service.id, staff.id, "2027-03-10T11:00", { customer: customer({ email, firstName: "Mallory", lastName: "X" }) }),
    );
    expect(later.status).toBe(201);
    const [cust] = await testDb().select().from(schema.customers).where(sql`id = ${customerId}`);
    expect(cust).toMatchObject({ firstName: "Margaret", lastName: "Hamilton" });
  });

  it("refuses guests with 403 guest_disabled when guest checkout is off, counting an invalid token as a guest", async () => {
    const { tenant, service, staff } = await bookableTenant({ tenant: { allowGuestBooking: false } });
    const guest = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00"));
    expect(guest.status).toBe(403);
    expect(guest.body.error.code).toBe("guest_disabled");
    const forged = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00"), { token: "not.a.token" });
    expect(forged.status).toBe(403);
    const ownerToken = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00"), { token: tenant.token });
    expect(ownerToken.status).toBe(403);
    expect(await activeBookingsOf(staff.id)).toHaveLength(0);

    const account = await customerAt(NOW);
    const signedIn = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00"), { token: account.token });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.data.customerUserId).toBe(account.id);
  });

  it("treats a valid token of an account that no longer exists as a guest", async () => {
    const closed = await bookableTenant({ tenant: { allowGuestBooking: false } });
    const open = await bookableTenant();
    const { token } = await signToken(env.JWT_SECRET, { sub: "cus_deleted", sid: "ses_gone", aud: "customer" }, 86400, new Date(NOW));
    const refused = await book(closed.tenant.slug, bookingBody(closed.service.id, closed.staff.id, "2027-03-10T10:00"), { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("guest_disabled");
    const asGuest = await book(open.tenant.slug, bookingBody(open.service.id, open.staff.id, "2027-03-10T10:00"), { token });
    expect(asGuest.status).toBe(201);
    expect(asGuest.body.data.customerUserId).toBeNull();
  });
});

describe("POST /api/public/:slug/bookings: not found", () => {
  it("answers 404 for unknown, suspended or inactive tenants, and for services or staff not publicly bookable", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const suspended = await createTenant({ isSuspended: true, suspendedAt: new Date().toISOString() });
    const inactive = await createTenant({ isActive: false });
    const offline = await createService(tenant.id, { isOnlineBookable: false });
    const hidden = await createStaff(tenant.id, { isBookable: false });
    const other = await bookableTenant();
    const attempts = [
      [`missing-${crypto.randomUUID()}`, service.id, staff.id],
      [suspended.slug, service.id, staff.id],
      [inactive.slug, service.id, staff.id],
      [tenant.slug, "svc_nope", staff.id],
      [tenant.slug, offline.id, staff.id],
      [tenant.slug, other.service.id, staff.id],
      [tenant.slug, service.id, "stf_nope"],
      [tenant.slug, service.id, hidden.id],
      [tenant.slug, service.id, other.staff.id],
    ];
    for (const [slug, serviceId, staffId] of attempts) {
      const res = await book(slug, bookingBody(serviceId, staffId, "2027-03-10T10:00"));
      expect(res.status, `${slug} ${serviceId} ${staffId}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });
});

describe("POST /api/public/:slug/bookings: only offered slots", () => {
  it.each([
    ["outside working hours", "2027-03-10T08:00:00"],
    ["running past the end of the day", "2027-03-10T16:30:00"],
    ["off the quarter-hour grid", "2027-03-10T10:10:00"],
    ["with seconds", "2027-03-10T10:00:30"],
    ["in the past", "2027-02-26T10:00:00"],
  ])("answers 409 slot_taken for a start %s", async (_label, start) => {
    const { tenant, service, staff } = await bookableTenant();
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, start));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("slot_taken");
    expect(await activeBookingsOf(staff.id)).toHaveLength(0);
  });

  it("answers 409 slot_taken for a taken or overlapping start, and books it again once cancelled", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const first = await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00"));
    expect(first.status).toBe(201);
    for (const start of ["2027-03-10T10:00", "2027-03-10T09:15", "2027-03-10T10:45"]) {
      const res = await book(tenant.slug, bookingBody(service.id, staff.id, start));
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe("slot_taken");
    }
    expect((await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T11:00"))).status).toBe(201);
    await post(`/api/public/booking/${first.body.data.confirmationCode}/cancel`, {});
    expect((await book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00"))).status).toBe(201);
  });

  it("America/New_York 2026-03-08: refuses 02:30 (does not exist); 01:30 + 60 min ends 03:30", async () => {
    const { tenant, service, staff } = await bookableTenant({ hours: [{ weekday: 0, start: "00:00", end: "06:00" }] });
    const gap = await book(tenant.slug, bookingBody(service.id, staff.id, "2026-03-08T02:30:00"), { now: "2026-03-01T00:00:00Z" });
    expect(gap.status).toBe(409);
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, "2026-03-08T01:30:00"), { now: "2026-03-01T00:00:00Z" });
    expect(res.status).toBe(201);
    const row = await bookingRow(res.body.data.id);
    expect(row.endAt - row.startAt).toBe(3_600_000);
    expect((await get(`/api/public/booking/${res.body.data.confirmationCode}`)).body.data).toMatchObject({
      start_datetime: "2026-03-08T01:30:00",
      end_datetime: "2026-03-08T03:30:00",
    });
  });

  it("America/New_York 2026-11-01: a repeated wall time books its earlier instant", async () => {
    const { tenant, service, staff } = await bookableTenant({ hours: [{ weekday: 0, start: "00:00", end: "06:00" }] });
    const res = await book(tenant.slug, bookingBody(service.id, staff.id, "2026-11-01T01:30:00-05:00"), { now: "2026-10-25T00:00:00Z" });
    expect(res.status).toBe(201);
    const row = await bookingRow(res.body.data.id);
    expect(row.startAt).toBe(Date.parse("2026-11-01T05:30:00Z")); // 01:30 EDT
    expect((await get(`/api/public/booking/${res.body.data.confirmationCode}`)).body.data.end_datetime).toBe("2026-11-01T01:30:00");
  });

  it("Europe/London 2026-03-29 and 2026-10-25: gap refused, repeated hour books the earlier instant", async () => {
    const { tenant, service, staff } = await bookableTenant({
      tenant: { timezone: "Europe/London" },
      hours: [{ weekday: 0, start: "00:00", end: "06:00" }],
    });
    const gap = await book(tenant.slug, bookingBody(service.id, staff.id, "2026-03-29T01:15"), { now: "2026-03-20T00:00:00Z" });
    expect(gap.status).toBe(409);
    const spring = await book(tenant.slug, bookingBody(service.id, staff.id, "2026-03-29T00:30"), { now: "2026-03-20T00:00:00Z" });
    expect(spring.status).toBe(201);
    expect((await get(`/api/public/booking/${spring.body.data.confirmationCode}`)).body.data.end_datetime).toBe("2026-03-29T02:30:00");
    const autumn = await book(tenant.slug, bookingBody(service.id, staff.id, "2026-10-25T01:15"), { now: "2026-10-20T00:00:00Z" });
    expect(autumn.status).toBe(201);
    expect((await bookingRow(autumn.body.data.id)).startAt).toBe(Date.parse("2026-10-25T00:15:00Z")); // 01:15 BST
  });
});

describe("POST /api/public/:slug/bookings: races", () => {
  it("20 parallel requests for one slot: exactly one 201, nineteen 409 slot_taken, one active row", async () => {
    const { tenant, service, staff } = await bookableTenant();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => book(tenant.slug, bookingBody(service.id, staff.id, "2027-03-10T10:00:00"))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error.code).toBe("slot_taken");
    expect(await activeBookingsOf(staff.id)).toHaveLength(1);
  });

  it("20 parallel requests for overlapping but different starts: exactly one wins", async () => {
    const { tenant, service, staff } = await bookableTenant({ service: { durationMinutes: 60 } });
    const starts = ["10:00", "10:15", "10:30", "10:45"];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(tenant.slug, bookingBody(service.id, staff.id, `2027-03-10T${starts[i % 4]}:00`))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await activeBookingsOf(staff.id)).toHaveLength(1);
  });
});
