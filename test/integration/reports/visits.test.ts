import { SELF } from "cloudflare:test";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { get, patch, post } from "../../helpers/api";
import { ownerToken } from "../../helpers/factories";
import { DAY, NOW, salon, threeServiceVisit } from "../visits/_setup";
import { bookingBody } from "../../helpers/booking";

// design.md §26 + §29: a visit of several services is one booking in the report's counts, while
// each of its items still counts for its own service.

describe("reports over visits", () => {
  it("counts a visit of three services once, and each of its services once in topServices", async () => {
    const { tenant, kim, lee, cut, colour, dry } = await salon();
    const visit = await post(`/api/public/${tenant.slug}/bookings`, threeServiceVisit({ kim, lee, cut, colour, dry }), { now: NOW });
    expect(visit.status).toBe(201);
    const single = await post(`/api/public/${tenant.slug}/bookings`, bookingBody(cut.id, lee.id, `${DAY}T12:00:00`), { now: NOW });
    expect(single.status).toBe(201);
    // The whole visit is completed (any item's status change is the visit's).
    const after = "2031-03-10T20:00:00Z";
    const token = await ownerToken(tenant.ownerId, tenant.id, "owner", new Date(after));
    const done = await patch(`/api/bookings/${visit.body.data.items[2].id}/status`, { status: "completed" }, { token, now: after });
    expect(done.status).toBe(200);

    const res = await get(`/api/reports/summary?from=${DAY}&to=${DAY}&groupBy=day`, { token, now: after });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.totals).toMatchObject({ bookings: 2, completed: 1, noShows: 0, cancelled: 0 });
    expect(d.noShowRate).toBe(0);
    expect(d.series).toEqual([{ period: DAY, bookings: 2, noShows: 0, revenue: 0 }]);
    const byService = Object.fromEntries(d.topServices.map((t: { serviceId: string; bookings: number }) => [t.serviceId, t.bookings]));
    expect(byService).toEqual({ [cut.id]: 2, [colour.id]: 1, [dry.id]: 1 });

    // Kim's own report holds the visit once too (two of its items are hers).
    const kimOnly = await get(`/api/reports/summary?from=${DAY}&to=${DAY}&groupBy=day&staffId=${kim.id}`, { token, now: after });
    expect(kimOnly.status).toBe(200);
    expect(kimOnly.body.data.totals).toMatchObject({ bookings: 1, completed: 1 });

    // The bookings export lists each item, each with the code the customer knows: the visit's.
    const csv = await SELF.fetch(`http://localhost/exports/bookings.csv?from=${DAY}&to=${DAY}`, {
      headers: { Authorization: `Bearer ${await ownerToken(tenant.ownerId, tenant.id)}` },
    });
    expect(csv.status).toBe(200);
    const rows: Record<string, string>[] = parse(await csv.text(), { bom: true, columns: true });
    const code = visit.body.data.confirmationCode;
    expect(rows.map((r) => r["Confirmation code"]).sort()).toEqual([code, code, code, single.body.data.confirmationCode].sort());
  });
});
