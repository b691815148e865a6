import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { countDbRequests, get, patch, post, put } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import {
  createAdmin,
  createBookingRow,
  createCustomer,
  createMember,
  createService,
  createStaff,
  createTenant,
  createTimeOff,
  ownerToken,
} from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";
import { auditEntries } from "../../helpers/audit";

// The owner app's page views (design.md §15): one call per page, one libSQL batch behind it.
// New York; 2031-03-11 is a Tuesday in EDT (-04:00). The request clock is pinned to its noon.
const at = (local: string) => new Date(`${local}:00-04:00`);
const NOON = at("2031-03-11T12:00");

async function salon() {
  const setup = await bookableTenant();
  const token = await ownerToken(setup.tenant.ownerId, setup.tenant.id, "owner", NOON);
  const view = (path: string, opts: { token?: string; dbTag?: string } = {}) =>
    get(`/api/businesses/me/views/${path}`, { token: opts.token ?? token, now: NOON, dbTag: opts.dbTag });
  return { ...setup, token, view };
}

/** A view is one API call: the membership check plus the view's one batch. */
async function expectTwoRoundTrips(run: (dbTag: string) => Promise<{ status: number }>) {
  const { result, dbRequests } = await countDbRequests(run);
  expect(result.status).toBe(200);
  expect(dbRequests).toBe(2);
}

describe("GET /api/businesses/me/views/dashboard", () => {
  it("shows the day's appointments, the next seven days' counts and what needs attention", async () => {
    const { tenant, service, staff, view } = await salon();
    const customer = await createCustomer(tenant.id, { firstName: "Ada", lastName: "Lovelace" });
    const today = await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-11T14:00"), 60, { customerId: customer.id });
    await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-11T15:00"), 60, { status: "cancelled" });
    const open = await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-11T09:00"), 60);
    const pending = await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-13T10:00"), 60, { status: "pending" });
    await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-17T23:30"), 60); // the 7th day, late evening
    await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-18T00:30"), 60); // the 8th day: not counted

    const res = await view("dashboard");
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.business).toMatchObject({
      id: tenant.id,
      slug: tenant.slug,
      timezone: "America/New_York",
      currency: "USD",
      today: "2031-03-11",
    });
    expect(d.viewer).toEqual({ userId: tenant.ownerId, role: "owner", readOnly: false, locale: "en" });
    expect(d.date).toBe("2031-03-11");
    expect(d.staff).toEqual([{ id: staff.id, displayName: "Sam", title: "", color: "#6366f1", isBookable: true, orderIndex: 0 }]);
    expect(d.bookings.map((b: { id: string }) => b.id)).toEqual([open.id, today.id]);
    expect(d.bookings[1]).toMatchObject({
      serviceName: "Cut",
      staffId: staff.id,
      startDatetime: at("2031-03-11T14:00").toISOString(),
      customer: { id: customer.id, firstName: "Ada", lastName: "Lovelace", email: customer.email, phone: "" },
    });
    expect(d.week.map((w: { count: number }) => w.count)).toEqual([2, 0, 1, 0, 0, 0, 1]);
    expect(d.week[0].date).toBe("2031-03-11");
    expect(d.pending.map((b: { id: string }) => b.id)).toEqual([pending.id]);
    // Confirmed and already over: to be marked completed or no-show.
    expect(d.open.map((b: { id: string }) => b.id)).toEqual([open.id]);

    const other = await view("dashboard?date=2031-03-13");
    expect(other.body.data.bookings.map((b: { id: string }) => b.id)).toEqual([pending.id]);
    await expectTwoRoundTrips((dbTag) => view("dashboard", { dbTag }));
  });

  it("refuses a malformed date with 400 and ignores parameters it does not know (issue #24)", async () => {
    const { view } = await salon();
    for (const q of ["date=2031-02-30", "date=tomorrow"]) {
      const res = await view(`dashboard?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
    const tagged = await view("dashboard?date=2031-03-12&utm_source=mail");
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.date).toBe("2031-03-12");
  });
});

describe("GET /api/businesses/me/views/calendar", () => {
  it("returns a week from Monday: staff with hours, bookings, time off and active services", async () => {
    const { tenant, service, staff, view } = await salon();
    const second = await createStaff(tenant.id, { displayName: "Ana", orderIndex: -1, color: "#0f766e" }, [
      { weekday: 1, start: "10:00", end: "14:00" },
    ]);
    await createService(tenant.id, { name: "Retired", isActive: false });
    const monday = await createBookingRow(tenant.id, service.id, second.id, at("2031-03-10T10:00"), 60);
    const sunday = await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-16T16:00"), 60);
    await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-17T09:00"), 60); // next week
    await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-12T09:00"), 60, { status: "cancelled" });
    const { id: offId } = await createTimeOff(tenant.id, staff.id, at("2031-03-12T13:00"), at("2031-03-12T15:00"), {
      reason: "Dentist",
      createdAt: NOON.toISOString(),
    });

    const res = await view("calendar?date=2031-03-12&view=week");
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.view).toBe("week");
    expect(d.dates).toEqual(["2031-03-10", "2031-03-11", "2031-03-12", "2031-03-13", "2031-03-14", "2031-03-15", "2031-03-16"]);
    expect(d.staff.map((s: { displayName: string }) => s.displayName)).toEqual(["Ana", "Sam"]);
    expect(d.staff[0]).toMatchObject({ color: "#0f766e", workingHours: [{ dayOfWeek: 1, start: "10:00", end: "14:00" }] });
    expect(d.staff[1].workingHours).toHaveLength(7);
    expect(d.bookings.map((b: { id: string }) => b.id)).toEqual([monday.id, sunday.id]);
    expect(d.timeOff).toEqual([
      {
        id: offId,
        staffId: staff.id,
        start: at("2031-03-12T13:00").toISOString(),
        end: at("2031-03-12T15:00").toISOString(),
        reason: "Dentist",
      },
    ]);
    expect(d.services).toEqual([{ id: service.id, name: "Cut", durationMinutes: 60, price: 4500, isOnlineBookable: true }]);

    const day = await view("calendar?date=2031-03-16");
    expect(day.body.data.dates).toEqual(["2031-03-16"]);
    expect(day.body.data.bookings.map((b: { id: string }) => b.id)).toEqual([sunday.id]);
    expect((await view("calendar")).body.data.dates).toEqual(["2031-03-11"]);
    expect((await view("calendar?view=month")).status).toBe(400);
    await expectTwoRoundTrips((dbTag) => view("calendar?view=week", { dbTag }));
  });

  it("shows a day in the business's own zone, across a DST change", async () => {
    const tenant = await createTenant({ timezone: "Europe/Lisbon" });
    const service = await createService(tenant.id, { name: "Cut", durationMinutes: 60 });
    const staff = await createStaff(tenant.id, { displayName: "Rui" });
    // 2031-03-30: Lisbon moves from UTC+0 to UTC+1 at 01:00, so that day lasts 23 hours: 00:00Z-23:00Z.
    await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-03-29T23:00:00Z"), 30); // 23:00 on the 29th
    const early = await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-03-30T00:10:00Z"), 30); // 00:10
    const late = await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-03-30T22:30:00Z"), 30); // 23:30
    const next = await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-03-30T23:15:00Z"), 30); // 00:15 on the 31st
    const token = await ownerToken(tenant.ownerId, tenant.id, "owner", NOON);
    const res = await get("/api/businesses/me/views/calendar?date=2031-03-30", { token, now: NOON });
    expect(res.body.data.bookings.map((b: { id: string }) => b.id)).toEqual([early.id, late.id]);
    const after = await get("/api/businesses/me/views/calendar?date=2031-03-31", { token, now: NOON });
    expect(after.body.data.bookings.map((b: { id: string }) => b.id)).toEqual([next.id]);
  });
});

describe("GET /api/businesses/me/views/bookings", () => {
  it("filters by date range, status and staff member, earliest first, one page at a time", async () => {
    const { tenant, service, staff, view } = await salon();
    const other = await createStaff(tenant.id, { displayName: "Ana" });
    const a = await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-11T09:00"), 60);
    const b = await createBookingRow(tenant.id, service.id, other.id, at("2031-03-12T09:00"), 60, { status: "pending" });
    const c = await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-13T09:00"), 60, { status: "cancelled" });
    await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-10T09:00"), 60); // before today

    const ids = (res: { body: { data: { bookings: { id: string }[] } } }) => res.body.data.bookings.map((x) => x.id);
    const all = await view("bookings");
    expect(all.body.data.from).toBe("2031-03-11");
    expect(ids(all)).toEqual([a.id, b.id, c.id]);
    expect(all.body.data.hasMore).toBe(false);
    expect(ids(await view("bookings?from=2031-03-12&to=2031-03-12"))).toEqual([b.id]);
    expect(ids(await view("bookings?status=cancelled"))).toEqual([c.id]);
    expect(ids(await view(`bookings?staffId=${other.id}`))).toEqual([b.id]);
    const first = await view("bookings?limit=2");
    expect(ids(first)).toEqual([a.id, b.id]);
    expect(first.body.data.hasMore).toBe(true);
    const second = await view("bookings?limit=2&offset=2");
    expect(ids(second)).toEqual([c.id]);
    expect(second.body.data.hasMore).toBe(false);
    expect((await view("bookings?from=2031-03-12&to=2031-03-11")).body.error.details.fieldErrors.to).toBeDefined();
    await expectTwoRoundTrips((dbTag) => view("bookings?status=confirmed", { dbTag }));
  });
});

describe("the other page views", () => {
  it("services, staff, customers: the page's records with the business, in one batch", async () => {
    const { tenant, service, staff, view } = await salon();
    const hidden = await createService(tenant.id, { name: "Old colour", isActive: false, orderIndex: 5 });
    await createTimeOff(tenant.id, staff.id, at("2031-03-20T00:00"), at("2031-03-21T00:00"), { createdAt: "x" });
    await createTimeOff(tenant.id, staff.id, at("2031-03-01T00:00"), at("2031-03-02T00:00"), { createdAt: "x" });
    const customer = await createCustomer(tenant.id, { firstName: "Zoe", notes: "Prefers mornings" });

    const services = await view("services");
    expect(services.body.data.services.map((s: { id: string }) => s.id)).toEqual([service.id, hidden.id]);
    expect(services.body.data.services[1]).toMatchObject({ name: "Old colour", isActive: false, durationMinutes: 30 });
    const staffView = await view("staff");
    expect(staffView.body.data.staff[0]).toMatchObject({
      id: staff.id,
      workingHours: expect.any(Array),
      userId: null,
      hasCalendarFeed: false,
    });
    expect(staffView.body.data.timeOff).toHaveLength(1); // only time off that has not ended
    expect(staffView.body.data.members).toMatchObject([{ id: tenant.ownerId, role: "owner", isActive: true }]);
    const customers = await view("customers?search=zo");
    expect(customers.body.data.customers).toMatchObject([
      { id: customer.id, firstName: "Zoe", notes: "Prefers mornings", bookingCount: 0 },
    ]);
    for (const page of ["services", "staff", "customers"]) await expectTwoRoundTrips((dbTag) => view(page, { dbTag }));
  });

  it("settings: the business, members, webhooks; failed jobs for owners and admins only", async () => {
    const { tenant, view } = await salon();
    const member = await createMember(tenant.id, "staff");
    const owner = await view("settings");
    expect(owner.body.data.settings).toMatchObject({ id: tenant.id, slug: tenant.slug, cancellationHours: expect.any(Number) });
    expect(owner.body.data.members.map((m: { role: string }) => m.role)).toEqual(["owner", "staff"]);
    expect(owner.body.data.webhooks).toEqual([]);
    expect(owner.body.data.failedJobs).toEqual([]);
    expect(owner.body.data.stripe).toEqual({ connected: false, stripeAccountId: null, chargesEnabled: false, detailsSubmitted: false });
    expect(owner.body.data.apiKeys).toEqual([]);
    const staffSees = await view("settings", { token: await ownerToken(member.userId, tenant.id, "staff", NOON) });
    expect(staffSees.body.data.viewer).toMatchObject({ role: "staff", readOnly: false });
    expect(staffSees.body.data.failedJobs).toBeNull();
    expect(staffSees.body.data.apiKeys).toBeNull();
    await expectTwoRoundTrips((dbTag) => view("settings", { dbTag }));
  });

  it("ai-log: the business's AI log rows, newest first", async () => {
    const { tenant, view } = await salon();
    await testDb()
      .insert(schema.auditLog)
      .values({
        id: newId("aud"),
        action: "ai.owner_chat",
        actorType: "user",
        actorId: tenant.ownerId,
        targetType: "tenant",
        targetId: tenant.id,
        metadata: { outcome: "ok", model: "m", latencyMs: 5, rounds: 1, toolCalls: [], question: "How many bookings tomorrow?" },
        createdAt: NOON.toISOString(),
      });
    const res = await view("ai-log");
    expect(res.body.data.entries).toMatchObject([{ action: "ai.owner_chat", outcome: "ok", question: "How many bookings tomorrow?" }]);
    await expectTwoRoundTrips((dbTag) => view("ai-log", { dbTag }));
  });

  it("shows only the caller's business", async () => {
    const mine = await salon();
    const theirs = await bookableTenant();
    await createBookingRow(theirs.tenant.id, theirs.service.id, theirs.staff.id, at("2031-03-11T10:00"), 60);
    const res = await mine.view("calendar");
    expect(res.body.data.business.id).toBe(mine.tenant.id);
    expect(res.body.data.staff.map((s: { id: string }) => s.id)).toEqual([mine.staff.id]);
    expect(res.body.data.bookings).toEqual([]);
  });
});

describe("the sections that use other issues' APIs", () => {
  it("settings: the Stripe account's state and the API keys (never their secret; a key's own request gets none)", async () => {
    const { tenant, token, view } = await salon();
    await testDb()
      .update(schema.tenants)
      .set({ stripeAccountId: "acct_view1", stripeChargesEnabled: false, stripeDetailsSubmitted: true })
      .where(eq(schema.tenants.id, tenant.id));
    const made = await post("/api/businesses/me/api-keys", { name: "Export", scope: "read" }, { token, now: NOON });
    expect(made.status).toBe(201);
    const res = await view("settings");
    expect(res.body.data.stripe).toEqual({ connected: true, stripeAccountId: "acct_view1", chargesEnabled: false, detailsSubmitted: true });
    expect(res.body.data.apiKeys).toEqual([
      {
        id: made.body.data.id,
        name: "Export",
        scope: "read",
        prefix: made.body.data.prefix,
        createdAt: made.body.data.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(res.text).not.toContain(made.body.data.key);
    // An API key (acting as an admin) reads the page but not the keys: a key cannot manage keys.
    const keyed = await get("/api/businesses/me/views/settings", { token: made.body.data.key, now: NOON });
    expect(keyed.status).toBe(200);
    expect(keyed.body.data.apiKeys).toBeNull();
    expect(keyed.body.data.viewer).toEqual({ userId: null, role: "admin", readOnly: false, locale: null });
  });

  it("staff: each profile's linked member and whether its calendar feed exists (the feed's URL only when made)", async () => {
    const { tenant, staff, token, view } = await salon();
    const member = await createMember(tenant.id, "staff");
    expect((await patch(`/api/staff/${staff.id}`, { userId: member.userId }, { token, now: NOON })).status).toBe(200);
    const feed = await post(`/api/staff/${staff.id}/calendar-feed`, {}, { token, now: NOON });
    expect(feed.status).toBe(200);
    const res = await view("staff");
    expect(res.body.data.staff[0]).toMatchObject({ id: staff.id, userId: member.userId, hasCalendarFeed: true });
    expect(res.text).not.toContain(feed.body.data.url);
    expect(res.body.data.members.map((m: { id: string }) => m.id)).toEqual([tenant.ownerId, member.userId]);
  });

  it("settings: the closures not yet over; staff: each profile's date overrides from today on (design.md §16), still one batch", async () => {
    const { staff, token, view } = await salon();
    const setDay = (date: string, intervals: Array<{ start: string; end: string }>) =>
      put(`/api/staff/${staff.id}/overrides/${date}`, { intervals }, { token, now: NOON });
    // 2031-03-10 is yesterday in New York at the pinned noon: neither it nor a closure ending then is shown.
    for (const [date, intervals] of [
      ["2031-03-10", []],
      ["2031-03-11", [{ start: "12:00", end: "20:00" }]],
      ["2031-04-02", []],
      [
        "2031-03-20",
        [
          { start: "09:00", end: "12:00" },
          { start: "13:00", end: "24:00" },
        ],
      ],
    ] as const) {
      expect((await setDay(date, [...intervals])).status).toBe(200);
    }
    const close = (startDate: string, endDate: string, reason?: string) =>
      post("/api/businesses/me/closures", { startDate, endDate, reason }, { token, now: NOON });
    expect((await close("2031-03-01", "2031-03-10")).status).toBe(201);
    const ongoing = await close("2031-03-05", "2031-03-11", "Renovation");
    const later = await close("2031-12-24", "2031-12-26");

    const settings = await view("settings");
    expect(settings.body.data.closures).toEqual([ongoing.body.data, later.body.data]);
    const res = await view("staff");
    expect(res.body.data.staff[0].overrides).toEqual([
      { date: "2031-03-11", intervals: [{ start: "12:00", end: "20:00" }] },
      {
        date: "2031-03-20",
        intervals: [
          { start: "09:00", end: "12:00" },
          { start: "13:00", end: "24:00" },
        ],
      },
      { date: "2031-04-02", intervals: [] },
    ]);
    await expectTwoRoundTrips((dbTag) => view("settings", { dbTag }));
    await expectTwoRoundTrips((dbTag) => view("staff", { dbTag }));
  });

  it("ai-log: the same entries as GET /api/ai/log", async () => {
    const { tenant, token, view } = await salon();
    await testDb()
      .insert(schema.auditLog)
      .values(
        [1, 2].map((n) => ({
          id: newId("aud"),
          action: n === 1 ? "ai.public_chat" : "ai.owner_chat",
          actorType: n === 1 ? "system" : "user",
          actorId: n === 1 ? "public-assistant" : tenant.ownerId,
          targetType: "tenant" as const,
          targetId: tenant.id,
          metadata: { outcome: "ok", model: "m", latencyMs: n, rounds: 1, toolCalls: [], question: `Question ${n}` },
          createdAt: new Date(NOON.getTime() + n * 1000).toISOString(),
        })),
      );
    const page = await view("ai-log");
    const api = await get("/api/ai/log", { token, now: NOON });
    expect(api.status).toBe(200);
    expect(page.body.data.entries).toEqual(api.body.data);
    expect(page.body.data.entries.map((e: { question: string }) => e.question)).toEqual(["Question 2", "Question 1"]);
  });
});

describe("booking detail and the booking's history", () => {
  it("lists payments and every change with who made it, in one round trip after the membership check", async () => {
    const { tenant, service, staff, token } = await salon();
    const member = await createMember(tenant.id, "staff");
    const made = await post(
      "/api/bookings",
      {
        serviceId: service.id,
        staffProfileId: staff.id,
        startDatetime: "2031-03-12T10:00:00",
        customer: { firstName: "Ada", phone: "555" },
        source: "phone",
      },
      { token, now: NOON },
    );
    const id = made.body.data.id;
    // Each change a minute later: the history is ordered by time.
    const later = (minutes: number) => new Date(NOON.getTime() + minutes * 60_000);
    await post(`/api/bookings/${id}/reschedule`, { newStartDatetime: "2031-03-12T11:00:00" }, { token, now: later(1) });
    await patch(
      `/api/bookings/${id}/status`,
      { status: "completed" },
      { token: await ownerToken(member.userId, tenant.id, "staff", NOON), now: later(2) },
    );
    await testDb()
      .insert(schema.payments)
      .values({
        id: newId("pay"),
        tenantId: tenant.id,
        bookingId: id,
        amount: 4500,
        currency: "USD",
        status: "succeeded",
        createdAt: NOON.toISOString(),
        updatedAt: NOON.toISOString(),
      });

    const { result, dbRequests } = await countDbRequests((dbTag) => get(`/api/bookings/${id}`, { token, now: NOON, dbTag }));
    expect(dbRequests).toBe(2);
    const d = result.body.data;
    expect(d.payments).toMatchObject([{ amount: 4500, currency: "USD", status: "succeeded", kind: "full", refundable: 4500, refunds: [] }]);
    // The money is exactly what GET /api/bookings/:id/payments answers (design.md §21).
    const { bookingId: _, ...money } = (await get(`/api/bookings/${id}/payments`, { token, now: NOON })).body.data;
    expect({ payments: d.payments, card: d.card, noShowFee: d.noShowFee }).toEqual(money);
    expect(d.history.map((h: { action: string; actor: { name: string } }) => [h.action, h.actor.name])).toEqual([
      ["booking.created", "Olive Owner"],
      ["booking.rescheduled", "Olive Owner"],
      ["booking.status_changed", "Mia Member"],
    ]);
    expect(d.history[1].details).toMatchObject({
      from: { start: at("2031-03-12T10:00").toISOString() },
      to: { start: at("2031-03-12T11:00").toISOString() },
    });
    expect(d.history[2].details).toEqual({ from: "confirmed", to: "completed" });

    // A refused change leaves no history entry.
    expect((await patch(`/api/bookings/${id}/status`, { status: "confirmed" }, { token, now: NOON })).status).toBe(409);
    const rows = await testDb()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetId, id), eq(schema.auditLog.targetType, "booking")));
    expect(rows).toHaveLength(3);
  });

  it("records a customer's own cancellation by code", async () => {
    const { tenant, service, staff, token } = await salon();
    const row = await createBookingRow(tenant.id, service.id, staff.id, at("2031-03-14T10:00"), 60);
    expect((await post(`/api/public/booking/${row.confirmationCode}/cancel`, { reason: "Sick" }, { now: NOON })).status).toBe(200);
    const d = (await get(`/api/bookings/${row.id}`, { token, now: NOON })).body.data;
    expect(d.history).toMatchObject([{ action: "booking.cancelled", actor: { type: "customer", name: null }, reason: "Sick" }]);
  });
});

describe("PUT /api/services/order", () => {
  it("sets the booking page's order in one batch; a foreign id changes nothing", async () => {
    const { tenant, service, token } = await salon();
    const b = await createService(tenant.id, { name: "Beard" });
    const c = await createService(tenant.id, { name: "Colour" });
    const order = (ids: string[], tok = token) => put("/api/services/order", { ids }, { token: tok });
    const done = await order([c.id, service.id, b.id]);
    expect(done.status).toBe(200);
    expect(done.body.data.map((s: { id: string }) => s.id)).toEqual([c.id, service.id, b.id]);
    const other = await createService((await createTenant()).id);
    expect((await order([b.id, other.id])).status).toBe(404);
    expect((await order([b.id, b.id])).status).toBe(400);
    const member = await createMember(tenant.id, "staff");
    expect((await order([b.id, c.id], member.token)).status).toBe(403);
    const after = await get("/api/services", { token });
    expect(after.body.data.map((s: { id: string }) => s.id)).toEqual([c.id, service.id, b.id]);
  });
});

describe("impersonation: one audited request per page opened, naming the page", () => {
  it("names the app page from X-App-Page, else the request", async () => {
    const tenant = await createTenant();
    const admin = await createAdmin();
    const { token } = (await post(`/api/admin/tenants/${tenant.id}/impersonate`, { reason: "Ticket 7" }, { token: admin.token })).body.data;
    for (const [path, page] of [
      ["calendar?view=week", "/app/calendar"],
      ["dashboard", "/app"],
      ["settings", "/app/settings<script>"],
    ]) {
      const res = await get(`/api/businesses/me/views/${path}`, { token, headers: { "X-App-Page": page } });
      expect(res.status).toBe(200);
      expect(res.body.data.viewer).toMatchObject({ role: "owner", readOnly: true });
    }
    const rows = await auditEntries(tenant.id, "admin.tenant.impersonate");
    const pages = rows.map((r) => (r.metadata as { page: string }).page).sort();
    expect(pages).toEqual(["/app", "/app/calendar", "GET /api/businesses/me/views/settings", "start"]);
  });
});
