import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { countDbRequests, get } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { allWeek, createBookingRow, createService, createStaff, createTenant } from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";

// GET /api/public/:slug/availability/days (design.md §16): up to 42 tenant-local dates in one
// libSQL round trip, the count of free start times and the first one per date.

const NOW = "2031-02-20T12:00:00Z"; // pinned request clock, 07:00 in New York
const days = (slug: string, query: string, now = NOW, dbTag?: string) =>
  get(`/api/public/${slug}/availability/days?${query}`, { now, dbTag });
const avail = (slug: string, query: string, now = NOW) => get(`/api/public/${slug}/availability?${query}`, { now });

describe("GET /api/public/:slug/availability/days: validation", () => {
  it("requires serviceId, from and to, each reported per field", async () => {
    const { tenant } = await bookableTenant();
    const res = await days(tenant.slug, "");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(["from", "serviceId", "to"]);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses malformed dates, `from` after `to`, and more than 42 days", async () => {
    const { tenant, service } = await bookableTenant();
    const q = (from: string, to: string) => days(tenant.slug, `serviceId=${service.id}&from=${from}&to=${to}`);
    const bad = await q("2031-02-30", "2031-03-01");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fieldErrors)).toEqual(["from"]);
    const inverted = await q("2031-03-10", "2031-03-09");
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.details.fieldErrors.to).toEqual(["to must not be before from"]);
    const tooLong = await q("2031-03-01", "2031-04-12"); // 43 dates
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details.fieldErrors.to).toEqual(["At most 42 days per request"]);
    const longest = await q("2031-03-01", "2031-04-11"); // 42 dates
    expect(longest.status).toBe(200);
    expect(longest.body.data.days).toHaveLength(42);
  });

  it("answers 404 for an unknown tenant, service or staff member, and for a suspended tenant", async () => {
    const { tenant, service } = await bookableTenant();
    const other = await bookableTenant();
    const range = "from=2031-03-01&to=2031-03-07";
    expect((await days("no-such-business", `serviceId=${service.id}&${range}`)).status).toBe(404);
    expect((await days(tenant.slug, `serviceId=${other.service.id}&${range}`)).status).toBe(404);
    const staff = await days(tenant.slug, `serviceId=${service.id}&staffId=${other.staff.id}&${range}`);
    expect(staff.status).toBe(404);
    expect(staff.body.error.code).toBe("not_found");
    const suspended = await bookableTenant({ tenant: { isSuspended: true } });
    expect((await days(suspended.tenant.slug, `serviceId=${suspended.service.id}&${range}`)).status).toBe(404);
  });
});

describe("GET /api/public/:slug/availability/days: counts", () => {
  it("counts distinct free start times and names the first, per tenant-local date, exactly as one-day availability lists them", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id, { durationMinutes: 60 });
    const sam = await createStaff(tenant.id, { displayName: "Sam", orderIndex: 1 }, allWeek("09:00", "12:00"));
    await createStaff(tenant.id, { displayName: "Kim", orderIndex: 2 }, allWeek("10:00", "13:00"));
    // Sam is busy 09:00-10:00 on 2031-03-04 (EST, UTC-5).
    await createBookingRow(tenant.id, service.id, sam.id, new Date("2031-03-04T14:00:00Z"), 60);
    const res = await days(tenant.slug, `serviceId=${service.id}&from=2031-03-03&to=2031-03-05`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        timezone: "America/New_York",
        days: [
          // 09:00..11:00 (Sam) and 10:00..12:00 (Kim): 13 distinct starts.
          { date: "2031-03-03", slots: 13, firstStartTime: "2031-03-03T09:00:00" },
          { date: "2031-03-04", slots: 9, firstStartTime: "2031-03-04T10:00:00" },
          { date: "2031-03-05", slots: 13, firstStartTime: "2031-03-05T09:00:00" },
        ],
      },
    });
    for (const day of res.body.data.days) {
      const one = await avail(tenant.slug, `serviceId=${service.id}&date=${day.date}`);
      const starts = [...new Set(one.body.data.slots.map((s: { startTime: string }) => s.startTime))];
      expect(starts).toHaveLength(day.slots);
      expect(starts[0] ?? null).toBe(day.firstStartTime);
    }
    const samOnly = await days(tenant.slug, `serviceId=${service.id}&staffId=${sam.id}&from=2031-03-03&to=2031-03-04`);
    expect(samOnly.body.data.days.map((d: { slots: number }) => d.slots)).toEqual([9, 5]);
  });

  it("is DST-exact: the spring-forward night has no slots in the missing hour, the fall-back night each wall time once", async () => {
    const { tenant, service } = await bookableTenant({ hours: allWeek("00:00", "05:00"), service: { durationMinutes: 60 } });
    const spring = await days(tenant.slug, `serviceId=${service.id}&from=2031-03-08&to=2031-03-09`);
    // 2031-03-09: 00:00..01:45 and 03:00..04:00 exist (13 starts); 2031-03-08: 00:00..04:00 (17).
    expect(spring.body.data.days).toEqual([
      { date: "2031-03-08", slots: 17, firstStartTime: "2031-03-08T00:00:00" },
      { date: "2031-03-09", slots: 13, firstStartTime: "2031-03-09T00:00:00" },
    ]);
    const fall = await days(tenant.slug, `serviceId=${service.id}&from=2031-11-02&to=2031-11-02`, "2031-10-30T12:00:00Z");
    // Five real hours (00:00 EDT to 05:00 EST) hold 60-minute starts 00:00..04:00, each wall time once.
    expect(fall.body.data.days).toEqual([{ date: "2031-11-02", slots: 17, firstStartTime: "2031-11-02T00:00:00" }]);
  });

  it("applies every rule: closures across a month boundary, overrides, buffers, notice, horizon and who performs the service", async () => {
    const tenant = await createTenant({ minNoticeMinutes: 24 * 60, maxAdvanceDays: 40 });
    const kim = await createStaff(tenant.id, { displayName: "Kim" }, allWeek("09:00", "12:00"));
    const nobody = await createStaff(tenant.id, { displayName: "Nail tech" }, allWeek("09:00", "17:00"));
    const service = await createService(tenant.id, { durationMinutes: 60, bufferAfterMinutes: 30, staffIds: [kim.id] });
    const db = testDb();
    await db
      .insert(schema.businessClosures)
      .values({ id: newId("cls"), tenantId: tenant.id, startDate: "2031-02-27", endDate: "2031-03-02", reason: "", createdAt: NOW });
    await db.insert(schema.staffDateOverrides).values({
      id: newId("ovr"),
      tenantId: tenant.id,
      staffId: kim.id,
      date: "2031-03-03",
      intervals: [{ startMinute: 14 * 60, endMinute: 16 * 60 }],
      createdAt: NOW,
      updatedAt: NOW,
    });
    // A booking 10:00-11:00 on 2031-03-04 carrying 15 minutes before it: Kim is blocked 09:45-11:00.
    await createBookingRow(tenant.id, service.id, kim.id, new Date("2031-03-04T15:00:00Z"), 60, { bufferBeforeMinutes: 15 });
    const res = await days(tenant.slug, `serviceId=${service.id}&from=2031-02-20&to=2031-04-02`);
    const byDate = new Map<string, { slots: number; firstStartTime: string | null }>(res.body.data.days.map((d: any) => [d.date, d]));
    // Notice of 24 h from 07:00 on 02-20: nothing that day, 02-21 from 07:00 on (Kim starts 09:00).
    expect(byDate.get("2031-02-20")!.slots).toBe(0);
    expect(byDate.get("2031-02-21")).toEqual({ date: "2031-02-21", slots: 9, firstStartTime: "2031-02-21T09:00:00" });
    // The closure spans February into March.
    for (const date of ["2031-02-27", "2031-02-28", "2031-03-01", "2031-03-02"]) expect(byDate.get(date)!.slots).toBe(0);
    // The override replaces Kim's hours: 14:00-16:00 with 60 minutes = 14:00..15:00.
    expect(byDate.get("2031-03-03")).toEqual({ date: "2031-03-03", slots: 5, firstStartTime: "2031-03-03T14:00:00" });
    // Buffers: the new slot's 30 minutes after must not reach 09:45; after the booking, 11:00 is free.
    // 09:00..11:00 normally: 09:00 ends 10:00 +30 = 10:30 > 09:45, so only 11:00 remains.
    expect(byDate.get("2031-03-04")).toEqual({ date: "2031-03-04", slots: 1, firstStartTime: "2031-03-04T11:00:00" });
    // Horizon: today (2031-02-20) + 40 days = 2031-04-01 is the last bookable date.
    expect(byDate.get("2031-04-01")!.slots).toBe(9);
    expect(byDate.get("2031-04-02")).toEqual({ date: "2031-04-02", slots: 0, firstStartTime: null });
    // The staff member who does not perform the service has no days, but is not unknown (200).
    const nailTech = await days(tenant.slug, `serviceId=${service.id}&staffId=${nobody.id}&from=2031-03-05&to=2031-03-06`);
    expect(nailTech.status).toBe(200);
    expect(nailTech.body.data.days.map((d: any) => d.slots)).toEqual([0, 0]);
  });
});

describe("GET /api/public/:slug/availability/days: cost", () => {
  it("answers 42 days of a busy salon in ONE libSQL round trip (availability of one date too)", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id, { durationMinutes: 30, bufferAfterMinutes: 10 });
    const staff = await Promise.all([0, 1, 2].map((i) => createStaff(tenant.id, { displayName: `S${i}` }, allWeek("09:00", "17:00"))));
    for (const s of staff) {
      for (let day = 1; day <= 5; day++) await createBookingRow(tenant.id, service.id, s.id, new Date(`2031-03-0${day}T15:00:00Z`), 30);
    }
    const range = await countDbRequests((dbTag) => days(tenant.slug, `serviceId=${service.id}&from=2031-03-01&to=2031-04-11`, NOW, dbTag));
    expect(range.result.status).toBe(200);
    expect(range.result.body.data.days).toHaveLength(42);
    expect(range.dbRequests).toBe(1);
    const one = await countDbRequests((dbTag) =>
      get(`/api/public/${tenant.slug}/availability?serviceId=${service.id}&date=2031-03-02`, { now: NOW, dbTag }),
    );
    expect(one.result.status).toBe(200);
    expect(one.dbRequests).toBe(1);
  });
});
