import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { allWeek, createBookingRow, createService, createStaff, createTenant, createTimeOff } from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";
import { NEW_YORK_SPRING_FORWARD_STARTS } from "../../helpers/daylight-saving";
import { slotOn } from "../../helpers/slots";

const NOW = "2027-03-01T12:00:00Z"; // pinned request clock: every date below is ahead of it
const avail = (slug: string, query: string, now = NOW) => get(`/api/public/${slug}/availability?${query}`, { now });
const times = (res: { body: any }) => res.body.data.slots.map((s: any) => `${s.startTime.slice(11, 16)}`);

describe("GET /api/public/:slug/availability: validation", () => {
  it("requires serviceId and date, each reported per field", async () => {
    const { tenant } = await bookableTenant();
    const res = await avail(tenant.slug, "");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_request");
    expect(Object.keys(res.body.error.details.fieldErrors).sort()).toEqual(["date", "serviceId"]);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each(["2027-02-30", "2027-13-01", "03/10/2027", "2027-3-10", "tomorrow"])("refuses the date %j", async (date) => {
    const { tenant, service } = await bookableTenant();
    const res = await avail(tenant.slug, `serviceId=${service.id}&date=${encodeURIComponent(date)}`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.details.fieldErrors)).toEqual(["date"]);
  });

  it("refuses an empty staffId and a repeated timezone, accepts and ignores a timezone", async () => {
    const { tenant, service } = await bookableTenant();
    const empty = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10&staffId=`);
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.error.details.fieldErrors)).toEqual(["staffId"]);
    const twice = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10&timezone=UTC&timezone=Asia/Tokyo`);
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.error.details.fieldErrors)).toEqual(["timezone"]);

    const plain = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10`);
    const withTz = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10&timezone=Asia/Tokyo`);
    expect(withTz.status).toBe(200);
    expect(withTz.body).toEqual(plain.body);
    expect(withTz.body.data.timezone).toBe("America/New_York");
  });
});

describe("GET /api/public/:slug/availability: not found", () => {
  it("answers 404 for a service that is unknown, of another tenant, inactive or not online-bookable", async () => {
    const { tenant } = await bookableTenant();
    const other = await bookableTenant();
    const inactive = await createService(tenant.id, { isActive: false });
    const offline = await createService(tenant.id, { isOnlineBookable: false });
    for (const id of ["svc_nope", other.service.id, inactive.id, offline.id]) {
      const res = await avail(tenant.slug, `serviceId=${id}&date=2027-03-10`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("answers 404 for a staff member who is unknown, of another tenant, not bookable or deleted", async () => {
    const { tenant, service } = await bookableTenant();
    const other = await bookableTenant();
    const hidden = await createStaff(tenant.id, { isBookable: false });
    const gone = await createStaff(tenant.id, { deletedAt: NOW });
    for (const id of ["stf_nope", other.staff.id, hidden.id, gone.id]) {
      const res = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10&staffId=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });
});

describe("GET /api/public/:slug/availability: slots", () => {
  it("lists quarter-hours where the service fits, tenant-local, sorted by time then staff order", async () => {
    const tenant = await createTenant();
    const service = await createService(tenant.id, { durationMinutes: 45 });
    const bea = await createStaff(tenant.id, { displayName: "Bea", orderIndex: 2 }, allWeek("10:00", "11:00"));
    const al = await createStaff(tenant.id, { displayName: "Al", orderIndex: 1 }, allWeek("09:45", "10:45"));
    await createStaff(tenant.id, { displayName: "Hidden", isBookable: false }, allWeek("09:00", "17:00"));
    const res = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toEqual({
      data: {
        date: "2027-03-10",
        timezone: "America/New_York",
        slots: [
          // design.md §16 adds the real instants (EST, UTC-5) to the contract's fields.
          slotOn("2027-03-10", { id: al.id, name: "Al" }, ["09:45", "10:30"], ["14:45", "15:30"]),
          slotOn("2027-03-10", { id: al.id, name: "Al" }, ["10:00", "10:45"], ["15:00", "15:45"]),
          slotOn("2027-03-10", { id: bea.id, name: "Bea" }, ["10:00", "10:45"], ["15:00", "15:45"]),
          slotOn("2027-03-10", { id: bea.id, name: "Bea" }, ["10:15", "11:00"], ["15:15", "16:00"]),
        ],
      },
    });
  });

  it("leaves out times overlapping an active booking or time off, but not a cancelled booking; staffId narrows the list", async () => {
    const { tenant, service, staff } = await bookableTenant({ hours: allWeek("09:00", "13:00"), service: { durationMinutes: 60 } });
    const other = await createStaff(tenant.id, { displayName: "Other" }, allWeek("09:00", "10:00"));
    // 2027-03-10 is EST (UTC-5): 10:00 local = 15:00Z.
    await createBookingRow(tenant.id, service.id, staff.id, new Date("2027-03-10T15:00:00Z"), 30);
    await createBookingRow(tenant.id, service.id, staff.id, new Date("2027-03-10T14:00:00Z"), 60, { status: "cancelled" });
    await createTimeOff(tenant.id, staff.id, new Date("2027-03-10T17:00:00Z"), new Date("2027-03-11T05:00:00Z"), { createdAt: NOW });
    const res = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10&staffId=${staff.id}`);
    expect(res.status).toBe(200);
    expect(times(res)).toEqual(["09:00", "10:30", "10:45", "11:00"]);
    expect(new Set(res.body.data.slots.map((s: any) => s.staffProfileId))).toEqual(new Set([staff.id]));

    const everyone = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10`);
    expect(everyone.body.data.slots.filter((s: any) => s.staffProfileId === other.id).map((s: any) => s.startTime)).toEqual([
      "2027-03-10T09:00:00",
    ]);
  });

  it("offers only starts after now, and nothing for a past date", async () => {
    const { tenant, service } = await bookableTenant({ service: { durationMinutes: 60 } });
    const today = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10`, "2027-03-10T20:10:00Z"); // 15:10 local
    expect(times(today)).toEqual(["15:15", "15:30", "15:45", "16:00"]);
    const past = await avail(tenant.slug, `serviceId=${service.id}&date=2027-02-10`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual({ date: "2027-02-10", timezone: "America/New_York", slots: [] });
  });

  it("uses the staff member's hours for that weekday only, including split days", async () => {
    const { tenant, service } = await bookableTenant({
      service: { durationMinutes: 30 },
      hours: [
        { weekday: 3, start: "09:00", end: "10:00" },
        { weekday: 3, start: "14:00", end: "14:30" },
        { weekday: 4, start: "09:00", end: "17:00" },
      ],
    });
    const wednesday = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-10`);
    expect(times(wednesday)).toEqual(["09:00", "09:15", "09:30", "14:00"]);
    const sunday = await avail(tenant.slug, `serviceId=${service.id}&date=2027-03-14`);
    expect(sunday.body.data.slots).toEqual([]);
  });
});

describe("GET /api/public/:slug/availability across daylight-saving changes", () => {
  const night = (tz: string) =>
    bookableTenant({ tenant: { timezone: tz }, hours: allWeek("00:00", "05:00"), service: { durationMinutes: 60 } });

  it("America/New_York 2026-03-08: no slot in the missing hour; 01:30 + 60 min ends 03:30", async () => {
    const { tenant, service } = await night("America/New_York");
    const res = await avail(tenant.slug, `serviceId=${service.id}&date=2026-03-08`, "2026-03-01T00:00:00Z");
    expect(res.status).toBe(200);
    expect(times(res).filter((t: string) => t.startsWith("02:"))).toEqual([]);
    expect(times(res)).toEqual(NEW_YORK_SPRING_FORWARD_STARTS);
    expect(res.body.data.slots.find((s: any) => s.startTime === "2026-03-08T01:30:00").endTime).toBe("2026-03-08T03:30:00");
  });

  it("America/New_York 2026-11-01: each repeated wall time once, meaning its earlier instant", async () => {
    const { tenant, service, staff } = await night("America/New_York");
    const res = await avail(tenant.slug, `serviceId=${service.id}&date=2026-11-01`, "2026-10-25T00:00:00Z");
    const list = times(res);
    expect(list.filter((t: string) => t === "01:30")).toHaveLength(1);
    expect(new Set(list).size).toBe(list.length);
    // The 5 real hours from 00:00 EDT to 05:00 EST hold 60-minute starts up to 04:00 EST.
    expect(list.at(-1)).toBe("04:00");
    // 01:45 EDT + 60 real minutes = 01:45 EST.
    expect(res.body.data.slots.find((s: any) => s.startTime === "2026-11-01T01:45:00").endTime).toBe("2026-11-01T01:45:00");

    // A booking at the earlier 01:00 (05:00Z) removes the wall time 01:00.
    await createBookingRow(tenant.id, service.id, staff.id, new Date("2026-11-01T05:00:00Z"), 60);
    const after = await avail(tenant.slug, `serviceId=${service.id}&date=2026-11-01`, "2026-10-25T00:00:00Z");
    expect(times(after)).not.toContain("01:00");
  });

  it("Europe/London 2026-03-29: 01:00-01:59 do not exist", async () => {
    const { tenant, service } = await night("Europe/London");
    const res = await avail(tenant.slug, `serviceId=${service.id}&date=2026-03-29`, "2026-03-20T00:00:00Z");
    expect(res.body.data.timezone).toBe("Europe/London");
    expect(times(res)).toEqual([
      "00:00",
      "00:15",
      "00:30",
      "00:45",
      "02:00",
      "02:15",
      "02:30",
      "02:45",
      "03:00",
      "03:15",
      "03:30",
      "03:45",
      "04:00",
    ]);
    expect(res.body.data.slots[3]).toMatchObject({ startTime: "2026-03-29T00:45:00", endTime: "2026-03-29T02:45:00" });
  });

  it("Europe/London 2026-10-25: the repeated hour is offered once", async () => {
    const { tenant, service } = await night("Europe/London");
    const res = await avail(tenant.slug, `serviceId=${service.id}&date=2026-10-25`, "2026-10-20T00:00:00Z");
    const list = times(res);
    expect(list.filter((t: string) => t.startsWith("01:"))).toEqual(["01:00", "01:15", "01:30", "01:45"]);
    expect(res.body.data.slots.find((s: any) => s.startTime === "2026-10-25T01:00:00").endTime).toBe("2026-10-25T01:00:00");
  });
});

describe("GET /api/public/:slug/availability: cost", () => {
  it("costs one libSQL request, with or without staffId", async () => {
    const { tenant, service, staff } = await bookableTenant();
    await createBookingRow(tenant.id, service.id, staff.id, new Date("2027-03-10T15:00:00Z"), 60);
    for (const extra of ["", `&staffId=${staff.id}`]) {
      const { result, dbRequests } = await countDbRequests((dbTag) =>
        get(`/api/public/${tenant.slug}/availability?serviceId=${service.id}&date=2027-03-10${extra}`, { dbTag, now: NOW }),
      );
      expect(result.status).toBe(200);
      expect(result.body.data.slots.length).toBeGreaterThan(0);
      expect(dbRequests).toBe(1);
    }
  });
});
