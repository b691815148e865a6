import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { createBookingRow, createService } from "../../helpers/factories";
import { DAY, local, NOW, salon, spaRooms } from "./_setup";

// design.md §26 through GET /api/public/:slug/availability/visit and /visit-days.

const visitAt = (slug: string, query: string, now = NOW) => get(`/api/public/${slug}/availability/visit?${query}`, { now });

describe("visit availability", () => {
  it("offers starts where the services run back to back, the same staff member kept while free, in one round trip", async () => {
    const { tenant, cut, dry } = await salon();
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get(`/api/public/${tenant.slug}/availability/visit?serviceIds=${cut.id},${dry.id}&date=${DAY}`, { now: NOW, dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    expect(res.body.data.date).toBe(DAY);
    expect(res.body.data.timezone).toBe("America/New_York");
    const [first] = res.body.data.slots;
    expect(first).toEqual({
      startTime: `${DAY}T09:00:00`,
      endTime: `${DAY}T10:00:00`,
      startUtc: "2031-03-10T13:00:00.000Z",
      endUtc: "2031-03-10T14:00:00.000Z",
      items: [
        {
          serviceId: cut.id,
          staffProfileId: first.items[0].staffProfileId,
          staffName: "Kim",
          startTime: `${DAY}T09:00:00`,
          endTime: `${DAY}T09:30:00`,
        },
        {
          serviceId: dry.id,
          staffProfileId: first.items[0].staffProfileId,
          staffName: "Kim",
          startTime: `${DAY}T09:30:00`,
          endTime: `${DAY}T10:00:00`,
        },
      ],
    });
    // 09:00 .. 12:00 (the last start whose visit ends by 13:00).
    expect(res.body.data.slots.map((s: any) => local(s.startTime))).toHaveLength(13);
  });

  it("gives the second service to another staff member when the first one is busy, and honours staffIds per service", async () => {
    const { tenant, kim, lee, cut, dry } = await salon();
    await createBookingRow(tenant.id, cut.id, kim.id, new Date("2031-03-10T13:30:00Z"), 30); // Kim busy 09:30-10:00 local
    const res = await visitAt(tenant.slug, `serviceIds=${cut.id},${dry.id}&staffIds=${kim.id},&date=${DAY}`);
    const nine = res.body.data.slots.find((s: any) => local(s.startTime) === "09:00");
    expect(nine.items.map((i: any) => i.staffName)).toEqual(["Kim", "Lee"]);
    // Kim for both: 09:00 is gone (she is busy for the second service).
    const kimOnly = await visitAt(tenant.slug, `serviceIds=${cut.id},${dry.id}&staffIds=${kim.id},${kim.id}&date=${DAY}`);
    expect(kimOnly.body.data.slots.map((s: any) => local(s.startTime))).not.toContain("09:00");
    expect(kimOnly.body.data.slots[0].items.map((i: any) => i.staffProfileId)).toEqual([kim.id, kim.id]);
    // Lee does not do the cut: nothing with Lee first.
    const trim = await createService(tenant.id, { name: "Trim", durationMinutes: 30, staffIds: [kim.id] });
    const leeFirst = await visitAt(tenant.slug, `serviceIds=${trim.id},${dry.id}&staffIds=${lee.id},&date=${DAY}`);
    expect(leeFirst.status).toBe(200);
    expect(leeFirst.body.data.slots).toEqual([]);
  });

  it("lets a short service into a colour's processing window, and a visit waits for rooms", async () => {
    const { tenant, kim, cut, colour } = await salon({ hours: ["09:00", "12:00"] });
    // Kim colours someone 09:00-10:30 local, developing 09:30-10:10.
    await createBookingRow(tenant.id, colour.id, kim.id, new Date("2031-03-10T13:00:00Z"), 90, {
      processingOffsetMinutes: 30,
      processingMinutes: 40,
    });
    const single = await get(`/api/public/${tenant.slug}/availability?serviceId=${cut.id}&date=${DAY}&staffId=${kim.id}`, { now: NOW });
    expect(single.body.data.slots.map((s: any) => local(s.startTime))).toEqual(["09:30", "10:30", "10:45", "11:00", "11:15", "11:30"]);

    const massage = await createService(tenant.id, { name: "Massage", durationMinutes: 60, resourceTypes: ["room"] });
    const none = await visitAt(tenant.slug, `serviceIds=${cut.id},${massage.id}&date=${DAY}`);
    expect(none.body.data.slots).toEqual([]); // no room at all
    await spaRooms(tenant.id, ["Room A"]);
    const some = await visitAt(tenant.slug, `serviceIds=${cut.id},${massage.id}&date=${DAY}`);
    expect(some.body.data.slots.length).toBeGreaterThan(0);
  });

  it("answers 400 for malformed lists and 404 for an unknown service or staff member", async () => {
    const { tenant, cut, dry } = await salon();
    expect((await visitAt(tenant.slug, `serviceIds=${cut.id}&date=${DAY}`)).status).toBe(400);
    expect((await visitAt(tenant.slug, `serviceIds=${cut.id},${dry.id},a,b,c,d&date=${DAY}`)).status).toBe(400);
    const mismatch = await visitAt(tenant.slug, `serviceIds=${cut.id},${dry.id}&staffIds=x&date=${DAY}`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.details.fieldErrors.staffIds).toBeDefined();
    expect((await visitAt(tenant.slug, `serviceIds=${cut.id},svc_nope&date=${DAY}`)).status).toBe(404);
    expect((await visitAt(tenant.slug, `serviceIds=${cut.id},${dry.id}&staffIds=stf_nope,&date=${DAY}`)).status).toBe(404);
    expect((await visitAt("no-such-business", `serviceIds=${cut.id},${dry.id}&date=${DAY}`)).status).toBe(404);
  });
});

describe("visit days range", () => {
  it("counts the visit starts per date in one round trip", async () => {
    const { tenant, cut, dry } = await salon();
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      get(`/api/public/${tenant.slug}/availability/visit-days?serviceIds=${cut.id},${dry.id}&from=${DAY}&to=2031-03-12`, {
        now: NOW,
        dbTag,
      }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(1);
    expect(res.body.data.days).toEqual([
      { date: DAY, slots: 13, firstStartTime: `${DAY}T09:00:00` },
      { date: "2031-03-11", slots: 13, firstStartTime: "2031-03-11T09:00:00" },
      { date: "2031-03-12", slots: 13, firstStartTime: "2031-03-12T09:00:00" },
    ]);
    const backwards = await get(
      `/api/public/${tenant.slug}/availability/visit-days?serviceIds=${cut.id},${dry.id}&from=${DAY}&to=2031-03-01`,
      {
        now: NOW,
      },
    );
    expect(backwards.status).toBe(400);
  });
});
