import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { type ApiResponse, countDbRequests, get, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { allWeek, createBookingRow, createResource, createService, createStaff, createTenant } from "../../helpers/factories";
import { bookingBody } from "../../helpers/booking";

// Availability keeps a decoded copy of each schedule per isolate and reuses it while the tenant's
// schedule_version is unchanged (src/services/schedule-cache.ts, drizzle/0010). These tests warm
// the copy with a read, change the schedule, and read again: the next answer must already show the
// change, whoever wrote it (the API, or a statement straight to the database: the triggers see both).

const NOW = "2031-02-20T12:00:00Z";
const DATE = "2031-03-04"; // a Tuesday; New York is on EST (UTC-5)
const RANGE = "from=2031-03-03&to=2031-03-05";

type Day = { date: string; slots: number; firstStartTime: string | null };

/** Sam works 09:00-12:00 every day; a 60-minute service: nine quarter-hour starts, 09:00 to 11:00. */
async function salon() {
  const tenant = await createTenant();
  const service = await createService(tenant.id, { durationMinutes: 60 });
  const sam = await createStaff(tenant.id, { displayName: "Sam" }, allWeek("09:00", "12:00"));
  const slug = tenant.slug;
  const read = async (now = NOW) => {
    const one: ApiResponse = await get(`/api/public/${slug}/availability?serviceId=${service.id}&date=${DATE}`, { now });
    const range: ApiResponse = await get(`/api/public/${slug}/availability/days?serviceId=${service.id}&${RANGE}`, { now });
    expect(one.status).toBe(200);
    expect(range.status).toBe(200);
    const days = range.body.data.days as Day[];
    return {
      starts: (one.body.data.slots as { startTime: string }[]).map((s) => s.startTime.slice(11, 16)),
      utc: (one.body.data.slots as { startUtc: string }[]).map((s) => s.startUtc),
      day: days.find((d) => d.date === DATE) as Day,
      days,
    };
  };
  return { tenant, service, sam, read };
}

const quarterHours = (from: string, to: string) => {
  const out: string[] = [];
  const min = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  for (let m = min(from); m <= min(to); m += 15)
    out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  return out;
};

describe("availability with a warm copy of the schedule", () => {
  it("offers a slot no more from the read right after it is booked, and again right after the booking is cancelled", async () => {
    const { tenant, service, sam, read } = await salon();
    const before = await read();
    expect(before.starts).toEqual(quarterHours("09:00", "11:00"));
    expect((await read()).starts).toEqual(before.starts); // served from the copy

    const booked = await post(`/api/public/${tenant.slug}/bookings`, bookingBody(service.id, sam.id, `${DATE}T09:00:00`), { now: NOW });
    expect(booked.status).toBe(201);
    const after = await read();
    expect(after.starts).toEqual(quarterHours("10:00", "11:00"));
    expect(after.day).toEqual({ date: DATE, slots: 5, firstStartTime: `${DATE}T10:00:00` });
    // The neighbouring dates are untouched.
    expect(after.days.filter((d) => d.date !== DATE).map((d) => d.slots)).toEqual([9, 9]);

    await testDb().update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.id, booked.body.data.id));
    const reopened = await read();
    expect(reopened.starts).toEqual(quarterHours("09:00", "11:00"));
    expect(reopened.day.slots).toBe(9);
  });

  it("follows every kind of schedule write, each seen by the next read", async () => {
    const { tenant, service, sam, read } = await salon();
    const db = testDb();
    const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00-05:00`).getTime();
    const t = NOW; // row metadata
    await read();

    // Time off 11:00-12:00: the last start is 10:00.
    const off = newId("tof");
    await db
      .insert(schema.staffTimeOff)
      .values({ id: off, tenantId: tenant.id, staffId: sam.id, startAt: at("11:00"), endAt: at("12:00"), createdAt: t });
    expect((await read()).starts).toEqual(quarterHours("09:00", "10:00"));
    await db.delete(schema.staffTimeOff).where(eq(schema.staffTimeOff.id, off));
    expect((await read()).starts).toEqual(quarterHours("09:00", "11:00"));

    // An override of the date: 13:00-15:00 instead of the weekly hours.
    const override = newId("ovr");
    await db.insert(schema.staffDateOverrides).values({
      id: override,
      tenantId: tenant.id,
      staffId: sam.id,
      date: DATE,
      intervals: [{ startMinute: 780, endMinute: 900 }],
      createdAt: t,
      updatedAt: t,
    });
    const overridden = await read();
    expect(overridden.starts).toEqual(quarterHours("13:00", "14:00"));
    expect(overridden.day.firstStartTime).toBe(`${DATE}T13:00:00`);
    await db.delete(schema.staffDateOverrides).where(eq(schema.staffDateOverrides.id, override));

    // A business closure over the date.
    const closure = newId("cls");
    await db.insert(schema.businessClosures).values({ id: closure, tenantId: tenant.id, startDate: DATE, endDate: DATE, createdAt: t });
    const closed = await read();
    expect(closed.starts).toEqual([]);
    expect(closed.day).toEqual({ date: DATE, slots: 0, firstStartTime: null });
    await db.delete(schema.businessClosures).where(eq(schema.businessClosures.id, closure));
    expect((await read()).day.slots).toBe(9);

    // Weekly hours shortened to 09:00-11:00, then the service lengthened to two hours.
    await db.update(schema.staffHours).set({ endMinute: 660 }).where(eq(schema.staffHours.staffId, sam.id));
    const shorter = await read();
    expect(shorter.starts).toEqual(quarterHours("09:00", "10:00"));
    expect(shorter.days.map((d) => d.slots)).toEqual([5, 5, 5]);
    await db.update(schema.services).set({ durationMinutes: 120 }).where(eq(schema.services.id, service.id));
    expect((await read()).starts).toEqual(["09:00"]);

    // The business moves to Chicago: the same wall times, an hour later in UTC.
    expect((await read()).utc).toEqual([`${DATE}T14:00:00.000Z`]);
    await db.update(schema.tenants).set({ timezone: "America/Chicago" }).where(eq(schema.tenants.id, tenant.id));
    const moved = await read();
    expect(moved.utc).toEqual([`${DATE}T15:00:00.000Z`]);
    expect(moved.day).toEqual({ date: DATE, slots: 1, firstStartTime: `${DATE}T09:00:00` });

    // Sam stops taking bookings online.
    await db.update(schema.staffProfiles).set({ isBookable: false }).where(eq(schema.staffProfiles.id, sam.id));
    const nobody = await read();
    expect(nobody.starts).toEqual([]);
    expect(nobody.days.map((d) => d.slots)).toEqual([0, 0, 0]);
  });

  it("applies the clock, the notice and the horizon afresh on every read", async () => {
    const { tenant, read } = await salon();
    const db = testDb();
    // 09:30 in New York on the date: starts strictly after now.
    const morning = await read(`${DATE}T14:30:00Z`);
    expect(morning.starts).toEqual(quarterHours("09:45", "11:00"));
    expect(morning.days.map((d) => d.slots)).toEqual([0, 6, 9]);
    // An hour later the same copy answers with fewer starts on the date, the same on the next one.
    const later = await read(`${DATE}T15:30:00Z`);
    expect(later.starts).toEqual(quarterHours("10:45", "11:00"));
    expect(later.days.map((d) => d.slots)).toEqual([0, 2, 9]);

    // The business's rules are read with every request (they change no slot row).
    await db
      .update(schema.tenants)
      .set({ minNoticeMinutes: 24 * 60 })
      .where(eq(schema.tenants.id, tenant.id));
    const notice = await read(`${DATE}T15:30:00Z`);
    expect(notice.starts).toEqual([]);
    expect(notice.days.map((d) => d.slots)).toEqual([0, 0, 3]); // 10:30 itself is at the limit
    await db.update(schema.tenants).set({ minNoticeMinutes: 0, maxAdvanceDays: 0 }).where(eq(schema.tenants.id, tenant.id));
    const horizon = await read(`${DATE}T15:30:00Z`);
    expect(horizon.days.map((d) => d.slots)).toEqual([0, 2, 0]);
  });

  it("keeps a whole days answer only while neither the clock, the horizon nor the zone can change it", async () => {
    const { tenant, read } = await salon();
    const db = testDb();
    // Read long before the range: no date depends on the clock, so the whole answer is kept...
    expect((await read()).days.map((d) => d.slots)).toEqual([9, 9, 9]);
    expect((await read()).days.map((d) => d.slots)).toEqual([9, 9, 9]);
    // ...and not used once the clock reaches the first date: 09:30 in New York on 2031-03-03.
    expect((await read("2031-03-03T14:30:00Z")).days.map((d) => d.slots)).toEqual([6, 9, 9]);
    expect((await read()).days.map((d) => d.slots)).toEqual([9, 9, 9]);

    // A horizon ending on the range's second date (2031-02-20 + 12 days = 2031-03-04)...
    await db.update(schema.tenants).set({ maxAdvanceDays: 12 }).where(eq(schema.tenants.id, tenant.id));
    expect((await read()).days.map((d) => d.slots)).toEqual([9, 9, 0]);
    // ...moves with the clock: a day later the last date is within it too.
    expect((await read("2031-02-21T12:00:00Z")).days.map((d) => d.slots)).toEqual([9, 9, 9]);
    expect((await read()).days.map((d) => d.slots)).toEqual([9, 9, 0]);
  });

  it("counts a date again when the business changes to a zone where that date has another length", async () => {
    // 01:00-04:00 in New York on 2031-03-09 (clocks jump from 02:00 to 03:00) is two real hours:
    // five starts of a 60-minute service (01:00-01:45 and 03:00) against nine on other dates.
    const tenant = await createTenant();
    const service = await createService(tenant.id, { durationMinutes: 60 });
    await createStaff(tenant.id, { displayName: "Noor" }, allWeek("01:00", "04:00"));
    const slots = async () => {
      const r = await get(`/api/public/${tenant.slug}/availability/days?serviceId=${service.id}&from=2031-03-08&to=2031-03-10`, {
        now: NOW,
      });
      expect(r.status).toBe(200);
      return (r.body.data.days as Day[]).map((d) => d.slots);
    };
    expect(await slots()).toEqual([9, 5, 9]);
    expect(await slots()).toEqual([9, 5, 9]);
    // Tokyo keeps no summer time: the same wall hours are three real hours every date.
    await testDb().update(schema.tenants).set({ timezone: "Asia/Tokyo" }).where(eq(schema.tenants.id, tenant.id));
    expect(await slots()).toEqual([9, 9, 9]);
  });

  it("never answers with another business's copy when a slug passes to a new business", async () => {
    const first = await salon();
    const slug = first.tenant.slug;
    expect((await first.read()).starts).toEqual(quarterHours("09:00", "11:00"));
    await testDb()
      .update(schema.tenants)
      .set({ slug: `${slug}-old` })
      .where(eq(schema.tenants.id, first.tenant.id));
    const second = await createTenant({ slug });
    // The same service id cannot exist twice, so the new business's service is unknown here...
    const gone = await get(`/api/public/${slug}/availability?serviceId=${first.service.id}&date=${DATE}`, { now: NOW });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("not_found");
    // ...and even with the old business's version copied onto the new row, its id tells them apart.
    await testDb().run(
      sql`UPDATE tenants SET schedule_version = (SELECT schedule_version FROM tenants WHERE id = ${first.tenant.id}) WHERE id = ${second.id}`,
    );
    const again = await get(`/api/public/${slug}/availability?serviceId=${first.service.id}&date=${DATE}`, { now: NOW });
    expect(again.status).toBe(404);
  });

  it("stays one libSQL request per read, with or without a copy", async () => {
    const { tenant, service } = await salon();
    const path = `/api/public/${tenant.slug}/availability/days?serviceId=${service.id}&${RANGE}`;
    const cold = await countDbRequests((dbTag) => get(path, { now: NOW, dbTag }));
    const warm = await countDbRequests((dbTag) => get(path, { now: NOW, dbTag }));
    expect(cold.dbRequests).toBe(1);
    expect(warm.dbRequests).toBe(1);
    expect(warm.result.body).toEqual(cold.result.body);
  });
  it("follows the resources' writes (design.md §26): a room added, its time off, a room held by a booking, a room retired", async () => {
    const { tenant, service, read } = await salon();
    const db = testDb();
    const at = (hhmm: string) => new Date(`${DATE}T${hhmm}:00-05:00`).getTime();
    await read();

    // The service now needs a room, and the business has none: no slots.
    await db
      .update(schema.services)
      .set({ resourceTypes: ["room"] })
      .where(eq(schema.services.id, service.id));
    expect((await read()).starts).toEqual([]);
    const room = await createResource(tenant.id, { name: "Room A", type: "room" });
    expect((await read()).starts).toEqual(quarterHours("09:00", "11:00"));

    // The room's time off 09:00-10:00.
    const off = newId("rto");
    await db
      .insert(schema.resourceTimeOff)
      .values({ id: off, tenantId: tenant.id, resourceId: room.id, startAt: at("09:00"), endAt: at("10:00"), createdAt: NOW });
    expect((await read()).starts).toEqual(quarterHours("10:00", "11:00"));
    await db.delete(schema.resourceTimeOff).where(eq(schema.resourceTimeOff.id, off));
    expect((await read()).starts).toEqual(quarterHours("09:00", "11:00"));

    // Lee (no hours, so no slots of his own) holds the room 11:00-12:00 with a booking.
    const lee = await createStaff(tenant.id, { displayName: "Lee" }, []);
    const leeBooking = await createBookingRow(tenant.id, service.id, lee.id, new Date(at("11:00")), 60);
    await db.insert(schema.bookingResources).values({
      bookingId: leeBooking.id,
      resourceId: room.id,
      tenantId: tenant.id,
      startAt: at("11:00"),
      endAt: at("12:00"),
      createdAt: NOW,
    });
    expect((await read()).starts).toEqual(["09:00", "09:15", "09:30", "09:45", "10:00"]);
    await db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.id, leeBooking.id));
    expect((await read()).starts).toEqual(quarterHours("09:00", "11:00"));

    // The room retired: no slots again.
    await db.update(schema.resources).set({ isActive: false }).where(eq(schema.resources.id, room.id));
    const none = await read();
    expect(none.starts).toEqual([]);
    expect(none.days.map((d) => d.slots)).toEqual([0, 0, 0]);
  });
});
