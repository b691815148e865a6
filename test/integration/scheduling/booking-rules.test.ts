import { describe, expect, it } from "vitest";
import { countDbRequests, get, patch, post, put } from "../../helpers/api";
import { allWeek, createBookingRow, createService, type TenantOverrides } from "../../helpers/factories";
import { activeBookingsOf, bookableSalon, bookingBody, bookingRow, customer } from "../../helpers/booking";

// design.md §16 through the routes: who performs a service, buffers stored on each booking and
// compared by the atomic guard, notice and horizon for the public only, overrides and closures.

// 2031-03-10 is a Monday, EDT (UTC-4) since 2031-03-09. The pinned clock is a week earlier.
const NOW = "2031-03-03T12:00:00Z";
const DAY = "2031-03-10";
const book = (slug: string, body: unknown, now = NOW) => post(`/api/public/${slug}/bookings`, body, { now });
const ownerBook = (token: string, body: object, now = NOW) => post("/api/bookings", { ...body, source: "phone" }, { token, now });
const startsOf = async (slug: string, query: string, now = NOW) =>
  (await get(`/api/public/${slug}/availability?${query}`, { now })).body.data.slots.map(
    (s: any) => `${s.startTime.slice(11, 16)}#${s.staffName}`,
  );

async function salon(opts: { tenant?: TenantOverrides; before?: number; after?: number; duration?: number } = {}) {
  const s = await bookableSalon({
    tenant: opts.tenant,
    // Owner calls run on the same pinned clock, so the token is issued then.
    tokensAt: NOW,
    hours: allWeek("09:00", "12:00"),
    staff: { kim: { displayName: "Kim", orderIndex: 1 }, lee: { displayName: "Lee", orderIndex: 2 } },
    services: {
      service: {
        name: "Colour",
        durationMinutes: opts.duration ?? 60,
        bufferBeforeMinutes: opts.before ?? 0,
        bufferAfterMinutes: opts.after ?? 0,
      },
    },
  });
  return { tenant: s.tenant, ...s.staff, ...s.services };
}

describe("staff per service", () => {
  it("'any staff' and the staffId filter offer only the staff who perform it; others get 409 slot_taken", async () => {
    const { tenant, kim, lee } = await salon();
    const colour = await createService(tenant.id, { durationMinutes: 60, staffIds: [lee.id] });
    const anyone = await startsOf(tenant.slug, `serviceId=${colour.id}&date=${DAY}`);
    expect(anyone).toEqual([
      "09:00#Lee",
      "09:15#Lee",
      "09:30#Lee",
      "09:45#Lee",
      "10:00#Lee",
      "10:15#Lee",
      "10:30#Lee",
      "10:45#Lee",
      "11:00#Lee",
    ]);
    // Kim is a known, bookable staff member: 200 with no slots, not 404.
    const kimOnly = await get(`/api/public/${tenant.slug}/availability?serviceId=${colour.id}&date=${DAY}&staffId=${kim.id}`, { now: NOW });
    expect(kimOnly.status).toBe(200);
    expect(kimOnly.body.data.slots).toEqual([]);

    const refused = await book(tenant.slug, bookingBody(colour.id, kim.id, `${DAY}T10:00:00`));
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("slot_taken");
    const byOwner = await ownerBook(tenant.token, bookingBody(colour.id, kim.id, `${DAY}T10:00:00`));
    expect(byOwner.status).toBe(409);
    expect(byOwner.body.error.code).toBe("slot_taken");
    expect(await activeBookingsOf(kim.id)).toHaveLength(0);

    // Moving Lee's booking to Kim is refused the same way; to another time with Lee is fine.
    const made = await book(tenant.slug, bookingBody(colour.id, lee.id, `${DAY}T10:00:00`));
    expect(made.status).toBe(201);
    const code = made.body.data.confirmationCode;
    const toKim = await post(
      `/api/public/booking/${code}/reschedule`,
      { newStartDatetime: `${DAY}T11:00:00`, staffProfileId: kim.id },
      { now: NOW },
    );
    expect(toKim.status).toBe(409);
    expect(toKim.body.error.code).toBe("slot_taken");
    const later = await post(`/api/public/booking/${code}/reschedule`, { newStartDatetime: `${DAY}T11:00:00` }, { now: NOW });
    expect(later.status).toBe(200);
    expect(later.body.data.start_datetime).toBe(`${DAY}T11:00:00`);
  });

  it("an empty list means nobody performs it; null (the default) means everybody", async () => {
    const { tenant, kim, service } = await salon();
    const nobody = await createService(tenant.id, { durationMinutes: 60, staffIds: [] });
    expect(await startsOf(tenant.slug, `serviceId=${nobody.id}&date=${DAY}`)).toEqual([]);
    expect((await book(tenant.slug, bookingBody(nobody.id, kim.id, `${DAY}T10:00:00`))).status).toBe(409);
    const everyone = await startsOf(tenant.slug, `serviceId=${service.id}&date=${DAY}`);
    expect(everyone.slice(0, 2)).toEqual(["09:00#Kim", "09:00#Lee"]);
  });
});

describe("buffers", () => {
  it("a booking stores its service's buffers; they keep blocking after the service changes; the guard compares buffered intervals", async () => {
    const { tenant, kim, service } = await salon({ before: 15, after: 30 });
    const made = await book(tenant.slug, bookingBody(service.id, kim.id, `${DAY}T10:00:00`));
    expect(made.status).toBe(201);
    expect(await bookingRow(made.body.data.id)).toMatchObject({ bufferBeforeMinutes: 15, bufferAfterMinutes: 30 });
    // Kim is blocked 09:45-11:30. A 30-minute service without buffers fits 09:15 and 11:30.
    const quick = await createService(tenant.id, { durationMinutes: 30 });
    expect((await startsOf(tenant.slug, `serviceId=${quick.id}&date=${DAY}&staffId=${kim.id}`)).map((s: string) => s.slice(0, 5))).toEqual([
      "09:00",
      "09:15",
      "11:30",
    ]);
    expect((await book(tenant.slug, bookingBody(quick.id, kim.id, `${DAY}T11:15:00`))).status).toBe(409);
    // The owner is held to buffers too (never overlapping buffered intervals).
    expect((await ownerBook(tenant.token, bookingBody(quick.id, kim.id, `${DAY}T11:00:00`))).status).toBe(409);

    // Removing the service's buffers changes new bookings only: the stored ones still block.
    const cleared = await patch(
      `/api/services/${service.id}`,
      { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
      { token: tenant.token, now: NOW },
    );
    expect(cleared.status).toBe(200);
    expect((await book(tenant.slug, bookingBody(quick.id, kim.id, `${DAY}T11:15:00`))).status).toBe(409);
    expect((await book(tenant.slug, bookingBody(quick.id, kim.id, `${DAY}T11:30:00`))).status).toBe(201);
  });

  it("a move keeps the booking's stored buffers and compares them at the new time", async () => {
    const { tenant, kim, service } = await salon({ after: 30 });
    const made = await book(tenant.slug, bookingBody(service.id, kim.id, `${DAY}T09:00:00`));
    // Another booking at 11:00 (no buffers): moving the first to 10:00 would end 11:00 + 30 minutes.
    await createBookingRow(tenant.id, service.id, kim.id, new Date(`${DAY}T15:00:00Z`), 60);
    const code = made.body.data.confirmationCode;
    const tooLate = await post(`/api/public/booking/${code}/reschedule`, { newStartDatetime: `${DAY}T10:00:00` }, { now: NOW });
    expect(tooLate.status).toBe(409);
    const fine = await post(`/api/public/booking/${code}/reschedule`, { newStartDatetime: `${DAY}T09:30:00` }, { now: NOW });
    expect(fine.status).toBe(200);
    expect(await bookingRow(made.body.data.id)).toMatchObject({ bufferAfterMinutes: 30 });
  });

  it("20 parallel creates whose buffered intervals overlap (the appointments do not): exactly one wins", async () => {
    const { tenant, kim } = await salon();
    // 15 minutes + 45 after: [s, s + 60). Starts 10:00..10:45 never share a minute of appointment,
    // but every two buffered intervals overlap. Plus a service with 45 minutes before it at 10:45.
    const tidy = await createService(tenant.id, { durationMinutes: 15, bufferAfterMinutes: 45 });
    const prep = await createService(tenant.id, { durationMinutes: 15, bufferBeforeMinutes: 45 });
    const starts = ["10:00", "10:15", "10:30", "10:45"];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i < 16
          ? book(tenant.slug, bookingBody(tidy.id, kim.id, `${DAY}T${starts[i % 4]}:00`))
          : book(tenant.slug, bookingBody(prep.id, kim.id, `${DAY}T10:45:00`)),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error.code).toBe("slot_taken");
    expect(await activeBookingsOf(kim.id)).toHaveLength(1);
  });
});

describe("minimum notice and horizon", () => {
  it("hold public create and reschedule, at the exact limits; the owner is held to neither", async () => {
    // 3 hours of notice, 7 days ahead. NOW is 07:00 EST on 2031-03-03.
    const { tenant, kim, service } = await salon({ tenant: { minNoticeMinutes: 180, maxAdvanceDays: 7 } });
    expect((await book(tenant.slug, bookingBody(service.id, kim.id, "2031-03-03T09:45:00"))).status).toBe(409);
    const exact = await book(tenant.slug, bookingBody(service.id, kim.id, "2031-03-03T10:00:00"));
    expect(exact.status).toBe(201);
    expect((await book(tenant.slug, bookingBody(service.id, kim.id, "2031-03-10T09:00:00"))).status).toBe(201);
    const beyond = await book(tenant.slug, bookingBody(service.id, kim.id, "2031-03-11T09:00:00"));
    expect(beyond.status).toBe(409);
    expect(beyond.body.error.code).toBe("slot_taken");
    const code = exact.body.data.confirmationCode;
    const move = (to: string) => post(`/api/public/booking/${code}/reschedule`, { newStartDatetime: to }, { now: NOW });
    expect((await move("2031-03-11T10:00:00")).status).toBe(409);
    expect((await move("2031-03-03T09:00:00")).status).toBe(409);
    expect((await move("2031-03-04T09:00:00")).status).toBe(200);

    // The front desk books inside the notice and beyond the horizon.
    expect((await ownerBook(tenant.token, bookingBody(service.id, kim.id, "2031-03-03T09:00:00"))).status).toBe(201);
    expect((await ownerBook(tenant.token, bookingBody(service.id, kim.id, "2031-09-01T09:00:00"))).status).toBe(201);
  });

  it("availability follows the business settings as soon as they change", async () => {
    const { tenant, kim, service } = await salon();
    const q = `serviceId=${service.id}&date=2031-03-03&staffId=${kim.id}`;
    expect(await startsOf(tenant.slug, q)).toHaveLength(9);
    const res = await patch("/api/businesses/me", { minNoticeMinutes: 240 }, { token: tenant.token, now: NOW });
    expect(res.status).toBe(200);
    // 07:00 + 4 h = 11:00.
    expect(await startsOf(tenant.slug, q)).toEqual(["11:00#Kim"]);
  });
});

describe("overrides and closures", () => {
  it("an override opens hours for one date and closes another; a closure stops every booking", async () => {
    const { tenant, kim, lee, service } = await salon();
    const late = await put(
      `/api/staff/${kim.id}/overrides/${DAY}`,
      { intervals: [{ start: "17:00", end: "20:00" }] },
      { token: tenant.token, now: NOW },
    );
    expect(late.status).toBe(200);
    expect((await book(tenant.slug, bookingBody(service.id, kim.id, `${DAY}T10:00:00`))).status).toBe(409);
    expect((await book(tenant.slug, bookingBody(service.id, kim.id, `${DAY}T18:00:00`))).status).toBe(201);
    expect((await put(`/api/staff/${lee.id}/overrides/${DAY}`, { intervals: [] }, { token: tenant.token, now: NOW })).status).toBe(200);
    expect(await startsOf(tenant.slug, `serviceId=${service.id}&date=${DAY}`)).toEqual(["17:00#Kim", "19:00#Kim"]);

    const closed = await post(
      "/api/businesses/me/closures",
      { startDate: "2031-03-31", endDate: "2031-04-01", reason: "Inventory" },
      { token: tenant.token, now: NOW },
    );
    expect(closed.status).toBe(201);
    for (const date of ["2031-03-31", "2031-04-01"]) {
      expect(await startsOf(tenant.slug, `serviceId=${service.id}&date=${date}`)).toEqual([]);
      expect((await book(tenant.slug, bookingBody(service.id, lee.id, `${date}T10:00:00`))).status).toBe(409);
      expect((await ownerBook(tenant.token, bookingBody(service.id, lee.id, `${date}T10:00:00`))).status).toBe(409);
    }
    expect((await book(tenant.slug, bookingBody(service.id, lee.id, "2031-04-02T10:00:00"))).status).toBe(201);
  });
});

describe("round trips", () => {
  it("create costs at most two libSQL requests and reschedule two, with every rule in play", async () => {
    const { tenant, kim, service } = await salon({ tenant: { minNoticeMinutes: 60 }, before: 10, after: 20 });
    const created = await countDbRequests((dbTag) =>
      post(`/api/public/${tenant.slug}/bookings`, bookingBody(service.id, kim.id, `${DAY}T09:00:00`), { now: NOW, dbTag }),
    );
    expect(created.result.status).toBe(201);
    expect(created.dbRequests).toBeLessThanOrEqual(2);
    const moved = await countDbRequests((dbTag) =>
      post(
        `/api/public/booking/${created.result.body.data.confirmationCode}/reschedule`,
        { newStartDatetime: `${DAY}T11:00:00` },
        { now: NOW, dbTag },
      ),
    );
    expect(moved.result.status).toBe(200);
    expect(moved.dbRequests).toBe(2);
    const owner = await countDbRequests((dbTag) =>
      post(
        "/api/bookings",
        { ...bookingBody(service.id, kim.id, `${DAY}T09:00:00`), customer: customer() },
        { token: tenant.token, now: NOW, dbTag },
      ),
    );
    expect(owner.result.status).toBe(201);
    // The owner's membership check is one more request before the same two.
    expect(owner.dbRequests).toBeLessThanOrEqual(3);
  });
});
