import { newApiKey } from "../../helpers/api-keys";
import { Temporal } from "temporal-polyfill";
import { describe, expect, it } from "vitest";
import { countDbRequests, get, post } from "../../helpers/api";
import { createMember, createStaff, createTenant } from "../../helpers/factories";
import { expectSalonFigures } from "./figures";
import { datesBetween, expectedSummary, FROM, reportSalon, TO } from "./support";

// GET /api/reports/summary (design.md §29) against a salon whose every figure is computed from the
// rows the test wrote (./support.ts): a partial refund, a no-show fee, a booking across the
// spring-forward night, a closure and time off inside the range, a hold, a released hold, money of
// no booking, and another business with the same dates that must never be counted.

const summary = (token: string, query: string, dbTag?: string) => get(`/api/reports/summary?${query}`, { token, dbTag });

describe("GET /api/reports/summary", () => {
  it("answers every figure of the range from the bookings and the money actually taken, in one libSQL request", async () => {
    const s = await reportSalon();
    const other = await reportSalon(); // the same rows in another business: never counted

    const { result: res, dbRequests } = await countDbRequests((tag) => summary(s.tenant.token, `from=${FROM}&to=${TO}&groupBy=day`, tag));
    expect(res.status).toBe(200);
    // The report's one statement, the membership check inside it (the salon's set-up made owner
    // requests, so the isolate knows the business's zone: round-trips.test.ts).
    expect(dbRequests).toBe(1);
    const d = res.body.data;
    expect(d.currency).toBe("USD");
    expectSalonFigures(s, d);
    // Nothing of the other business, whose rows are the same.
    expect(d.utilization.map((u: { staffId: string }) => u.staffId)).not.toContain(other.ana.id);
    expect(d.topServices.map((t: { serviceId: string }) => t.serviceId)).not.toContain(other.cut.id);
  });

  it("counts the booking that crosses the spring-forward night in real minutes, on the date it starts", async () => {
    const s = await reportSalon();
    const res = await summary(s.tenant.token, `from=2031-03-09&to=2031-03-09&groupBy=day&staffId=${s.ben.id}`);
    expect(res.status).toBe(200);
    const crossing = s.rows.find((r) => r.start === "2031-03-09T01:30")!;
    expect(res.body.data.utilization[0].bookedMinutes).toBe((crossing.endAt - crossing.startAt) / 60_000);
    expect(res.body.data.utilization[0].bookedMinutes).toBe(60);
    // Ben's override that night, 00:00-06:00 local, is five real hours.
    expect(res.body.data.utilization[0].availableMinutes).toBe(300);
    expect(res.body.data.series).toEqual([{ period: "2031-03-09", bookings: 1, revenue: 0, noShows: 0 }]);
  });

  it("groups the series by ISO week (Monday first) and by month, holding only the range's dates", async () => {
    const s = await reportSalon();
    const want = expectedSummary(s, FROM, TO);
    const weeks = new Map<string, { bookings: number; revenue: number; noShows: number }>();
    for (const date of datesBetween(FROM, TO)) {
      const d = Temporal.PlainDate.from(date);
      const key = `${d.yearOfWeek}-W${String(d.weekOfYear).padStart(2, "0")}`;
      const w = weeks.get(key) ?? { bookings: 0, revenue: 0, noShows: 0 };
      const x = want.byDate(date);
      weeks.set(key, { bookings: w.bookings + x.bookings, revenue: w.revenue + x.revenue, noShows: w.noShows + x.noShows });
    }
    const byWeek = await summary(s.tenant.token, `from=${FROM}&to=${TO}&groupBy=week`);
    expect(byWeek.status).toBe(200);
    expect(byWeek.body.data.series).toEqual([...weeks].map(([period, w]) => ({ period, ...w })));
    expect(byWeek.body.data.series[0].period).toBe("2031-W09"); // Saturday 1 March belongs to the week of Monday 24 February

    const byMonth = await summary(s.tenant.token, `from=2031-02-01&to=${TO}&groupBy=month`);
    const feb = expectedSummary(s, "2031-02-01", "2031-02-28");
    expect(byMonth.body.data.series).toEqual([
      { period: "2031-02", bookings: feb.totals.bookings, revenue: feb.totals.net, noShows: feb.totals.noShows },
      { period: "2031-03", bookings: want.totals.bookings, revenue: want.totals.net, noShows: want.totals.noShows },
    ]);
  });

  it("gives a staff member their own report whatever staffId they send, and an owner any staff member's", async () => {
    const s = await reportSalon();
    const ben = expectedSummary(s, FROM, TO, "ben");
    const asStaff = await summary(s.benMember.token, `from=${FROM}&to=${TO}&groupBy=day&staffId=${s.ana.id}`);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.data.totals).toEqual(ben.totals);
    expect(asStaff.body.data.utilization.map((u: { staffId: string }) => u.staffId)).toEqual([s.ben.id]);

    const byOwner = await summary(s.tenant.token, `from=${FROM}&to=${TO}&groupBy=day&staffId=${s.ben.id}`);
    expect(byOwner.body.data).toEqual(asStaff.body.data);

    // A staff member with no staff profile of their own sees an empty report, not the business's.
    const unlinked = await createMember(s.tenant.id, "staff");
    const empty = await summary(unlinked.token, `from=${FROM}&to=${TO}&groupBy=month`);
    expect(empty.status).toBe(200);
    expect(empty.body.data.totals.bookings).toBe(0);
    expect(empty.body.data.totals.revenue).toBe(0);
    expect(empty.body.data.utilization).toEqual([]);
    expect(empty.body.data.noShowRate).toBeNull();
  });

  it("answers another business's staff member or an unknown one with 404", async () => {
    const s = await reportSalon();
    const other = await createTenant();
    const theirs = await createStaff(other.id);
    const res = await summary(s.tenant.token, `from=${FROM}&to=${TO}&groupBy=day&staffId=${theirs.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await summary(s.tenant.token, `from=${FROM}&to=${TO}&groupBy=day&staffId=stf_unknown`)).status).toBe(404);
  });

  it("works with an API key of the business, and not with another business's", async () => {
    const s = await reportSalon();
    const want = expectedSummary(s, FROM, TO);
    const key = (await newApiKey(s.tenant.token, "read")).key;
    const res = await summary(key, `from=${FROM}&to=${TO}&groupBy=month`);
    expect(res.status).toBe(200);
    expect(res.body.data.totals).toEqual(want.totals);
    const other = await createTenant();
    const foreign = (await newApiKey(other.token, "read")).key;
    const refused = await get(`/api/reports/summary?from=${FROM}&to=${TO}&groupBy=month`, {
      token: foreign.replace(/_[^_]+$/, `_${s.tenant.id}`),
    });
    expect(refused.status).toBe(401);
  });

  it("refuses a bad range with 400 invalid_request naming the field, and no token with 401", async () => {
    const s = await reportSalon();
    const bad = async (query: string, field: string) => {
      const res = await summary(s.tenant.token, query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
      expect(Object.keys(res.body.error.details.fieldErrors)).toContain(field);
    };
    await bad("from=2031-03-10&to=2031-03-09&groupBy=day", "to");
    await bad("from=2031-01-01&to=2032-01-02&groupBy=day", "to"); // 367 dates
    await bad("from=2031-02-30&to=2031-03-09&groupBy=day", "from");
    await bad("to=2031-03-09&groupBy=day", "from");
    await bad("from=2031-03-01&to=2031-03-09", "groupBy");
    await bad("from=2031-03-01&to=2031-03-09&groupBy=year", "groupBy");
    // A leap year's 366 dates are one report.
    expect((await summary(s.tenant.token, "from=2032-01-01&to=2032-12-31&groupBy=month")).status).toBe(200);
    expect((await get(`/api/reports/summary?from=${FROM}&to=${TO}&groupBy=day`)).status).toBe(401);
    const customer = await post("/api/customer-auth/register", {
      email: `c-${crypto.randomUUID()}@example.test`,
      password: "long-enough-pw-1",
      firstName: "C",
    });
    expect((await summary(customer.body.data.token, `from=${FROM}&to=${TO}&groupBy=day`)).status).toBe(401);
  });
});
