import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { buildReportRollup } from "../../../src/services/reports/rollup";
import { countDbRequests, get, patch, post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createBookingRow, ownerToken } from "../../helpers/factories";
import { DAY, NOW, salon as visitSalon, threeServiceVisit } from "../visits/_setup";
import { expectSalonFigures } from "./figures";
import { FROM, local, reportSalon, TO } from "./support";

// design.md §29, issue #40: the summary of a business whose roll-up is built reads per-date cells
// the writes keep current (SQLite triggers), not the range's bookings. Every figure must be the one
// the bookings give: checked against figures computed here from what the test wrote and changed,
// against the same report read from the bookings (the roll-up dropped), and the cells the triggers
// kept against cells built afresh.

const db = () => testDb();
const build = async (tenantId: string) => expect(await buildReportRollup(db(), tenantId, new Date())).toBe(true);
const QUERY = `from=${FROM}&to=${TO}&groupBy=day`;
const summary = (token: string, query = QUERY, dbTag?: string, now?: Date | string) =>
  get(`/api/reports/summary?${query}`, { token, dbTag, now });

const CELLS = ["report_days", "report_staff_days", "report_service_days", "report_customer_days"] as const;

/** Every non-empty cell of a business, in a stable order (the triggers leave emptied cells at zero). */
async function cells(tenantId: string) {
  const out: Record<string, unknown[]> = {};
  for (const table of CELLS) {
    const rows = await db().all<Record<string, number | string | null>>(
      sql`SELECT * FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId} ORDER BY 1, 2, 3`,
    );
    out[table] = rows.filter((r) =>
      Object.entries(r).some(([k, v]) => typeof v === "number" && v !== 0 && k !== "day" && k !== "prev_day"),
    );
  }
  return out;
}

/** The report from the roll-up, the same report from the bookings, and the cells kept against cells rebuilt. */
async function fromRollupAndBookings(tenantId: string, token: string, query = QUERY, now?: string) {
  const rolled = await summary(token, query, undefined, now);
  expect(rolled.status).toBe(200);
  const kept = await cells(tenantId);
  await db().run(sql`DELETE FROM report_rollups WHERE tenant_id = ${tenantId}`);
  const read = await summary(token, query, undefined, now);
  expect(read.body).toEqual(rolled.body);
  await build(tenantId);
  expect(await cells(tenantId)).toEqual(kept);
  return rolled.body.data;
}

describe("the report roll-up", () => {
  it("answers every figure of the salon as its bookings do, in one libSQL request, from the roll-up", async () => {
    const s = await reportSalon();
    const other = await reportSalon(); // the same rows in another business: never counted
    await build(s.tenant.id);
    await build(other.tenant.id);

    const { result, dbRequests } = await countDbRequests((tag) => summary(s.tenant.token, QUERY, tag));
    expect(result.status).toBe(200);
    expect(dbRequests).toBe(1);
    expectSalonFigures(s, result.body.data);
    expect(await fromRollupAndBookings(s.tenant.id, s.tenant.token)).toEqual(result.body.data);

    // It is the roll-up that answered: a cell changed by hand shows (and only in this business).
    await db().run(
      sql`UPDATE report_days SET bookings = bookings + 100 WHERE tenant_id = ${s.tenant.id} AND day = ${Date.UTC(2031, 2, 3) / 86_400_000}`,
    );
    const touched = await summary(s.tenant.token);
    expect(touched.body.data.totals.bookings).toBe(result.body.data.totals.bookings + 100);
    expectSalonFigures(other, (await summary(other.tenant.token)).body.data);
  });

  it("keeps every figure as bookings change after the fact: a move across days, a no-show marked a week later, a cancel, a partial refund", async () => {
    const s = await reportSalon();
    await build(s.tenant.id);
    const owner = (at: string) => ownerToken(s.tenant.ownerId, s.tenant.id, "owner", new Date(at));
    const row = (start: string) => s.rows.find((r) => r.start === start)!;

    // Ben's booking of the spring-forward night moves to Thursday the 13th, 10:00.
    const moveAt = "2031-03-01T15:00:00Z";
    const crossing = row("2031-03-09T01:30");
    const moved = await post(
      `/api/bookings/${crossing.id}/reschedule`,
      { newStartDatetime: "2031-03-13T10:00:00" },
      { token: await owner(moveAt), now: moveAt },
    );
    expect(moved.status).toBe(200);
    Object.assign(crossing, {
      start: "2031-03-13T10:00",
      startAt: local("2031-03-13T10:00").getTime(),
      endAt: local("2031-03-13T11:00").getTime(),
    });
    expectSalonFigures(s, await fromRollupAndBookings(s.tenant.id, s.tenant.token));

    // A week after it, the owner marks it a no-show.
    const weekLater = "2031-03-20T15:00:00Z";
    const marked = await patch(
      `/api/bookings/${crossing.id}/status`,
      { status: "no_show", chargeFee: false },
      { token: await owner(weekLater), now: weekLater },
    );
    expect(marked.status).toBe(200);
    crossing.status = "no_show";
    expectSalonFigures(s, await fromRollupAndBookings(s.tenant.id, s.tenant.token));

    // A booking made later for the 26th, then cancelled by the business.
    const late = await createBookingRow(s.tenant.id, s.cut.id, s.ana.id, local("2031-03-26T10:00"), 60, {
      status: "confirmed",
      customerId: s.customers.c2.id,
    });
    s.rows.push({
      staff: "ana",
      service: "cut",
      start: "2031-03-26T10:00",
      minutes: 60,
      status: "confirmed",
      customer: "c2",
      id: late.id,
      startAt: late.startAt,
      endAt: late.endAt,
    });
    expectSalonFigures(s, await fromRollupAndBookings(s.tenant.id, s.tenant.token));
    const cancelled = await post(
      `/api/bookings/${late.id}/cancel`,
      { reason: "closed early" },
      { token: await owner(moveAt), now: moveAt },
    );
    expect(cancelled.status).toBe(200);
    s.rows[s.rows.length - 1].status = "cancelled";
    expectSalonFigures(s, await fromRollupAndBookings(s.tenant.id, s.tenant.token));

    // The last evening's payment is partly refunded (as the refund's webhook records it).
    const evening = row("2031-03-31T23:30");
    await db()
      .update(schema.payments)
      .set({ status: "partially_refunded", refundedAmount: 1500 })
      .where(eq(schema.payments.bookingId, evening.id));
    evening.pay = [{ kind: "full", amount: 4000, status: "partially_refunded", refunded: 1500 }];
    const d = await fromRollupAndBookings(s.tenant.id, s.tenant.token);
    expectSalonFigures(s, d);
    expect(d.totals.refunded).toBe(800 + 8000 + 1500);
  });

  it("counts a visit once as its items change together, and each item for its service", async () => {
    const { tenant, kim, lee, cut, colour, dry } = await visitSalon();
    await build(tenant.id);
    const visit = await post(`/api/public/${tenant.slug}/bookings`, threeServiceVisit({ kim, lee, cut, colour, dry }), { now: NOW });
    expect(visit.status).toBe(201);
    const after = "2031-03-10T20:00:00Z";
    const token = await ownerToken(tenant.ownerId, tenant.id, "owner", new Date(after));
    const query = `from=${DAY}&to=${DAY}&groupBy=day`;
    const byService = (d: { topServices: { serviceId: string; bookings: number }[] }) =>
      Object.fromEntries(d.topServices.map((t) => [t.serviceId, t.bookings]));

    const booked = await fromRollupAndBookings(tenant.id, token, query, after);
    expect(booked.totals).toMatchObject({ bookings: 1, completed: 0, noShows: 0, cancelled: 0, newCustomers: 1, returningCustomers: 0 });
    expect(byService(booked)).toEqual({ [cut.id]: 1, [colour.id]: 1, [dry.id]: 1 });

    // Marking one item completes the whole visit (every item's row changes in one statement).
    const done = await patch(`/api/bookings/${visit.body.data.items[2].id}/status`, { status: "completed" }, { token, now: after });
    expect(done.status).toBe(200);
    const completed = await fromRollupAndBookings(tenant.id, token, query, after);
    expect(completed.totals).toMatchObject({ bookings: 1, completed: 1, noShows: 0, cancelled: 0 });
    expect(completed.series).toEqual([{ period: DAY, bookings: 1, noShows: 0, revenue: 0 }]);
    // Kim's two items and Lee's one: each staff member's booked minutes, each service once.
    const minutes = Object.fromEntries(
      completed.utilization.map((u: { staffId: string; bookedMinutes: number }) => [u.staffId, u.bookedMinutes]),
    );
    expect(Object.keys(minutes).sort()).toEqual([kim.id, lee.id].sort());
    expect(minutes[kim.id]).toBeGreaterThan(0);
    expect(minutes[lee.id]).toBeGreaterThan(0);
    expect(byService(completed)).toEqual({ [cut.id]: 1, [colour.id]: 1, [dry.id]: 1 });
  });

  it("drops a business's roll-up when its zone changes and answers from its bookings in the new zone until rebuilt", async () => {
    const s = await reportSalon();
    await build(s.tenant.id);
    const before = await summary(s.tenant.token);
    await db().update(schema.tenants).set({ timezone: "Europe/Berlin" }).where(eq(schema.tenants.id, s.tenant.id));
    expect(await db().all(sql`SELECT 1 FROM report_rollups WHERE tenant_id = ${s.tenant.id}`)).toEqual([]);

    const berlin = await summary(s.tenant.token);
    expect(berlin.status).toBe(200);
    // The last evening of March in New York (23:30, completed) is 1 April in Berlin: out of the
    // range now; the no-show of 28 February at 23:30 New York time is 1 March in Berlin: in.
    const was = before.body.data.totals;
    expect(berlin.body.data.totals).toMatchObject({ bookings: was.bookings, completed: was.completed - 1, noShows: was.noShows + 1 });
    await build(s.tenant.id);
    const rebuilt = await summary(s.tenant.token);
    expect(rebuilt.body).toEqual(berlin.body);
    // A booking written now lands on its Berlin date.
    await createBookingRow(s.tenant.id, s.cut.id, s.ana.id, new Date("2031-03-15T23:30:00Z"), 30, { status: "completed" });
    const next = await fromRollupAndBookings(s.tenant.id, s.tenant.token);
    const on16 = next.series.find((p: { period: string }) => p.period === "2031-03-16");
    expect(on16.bookings).toBe(berlin.body.data.series.find((p: { period: string }) => p.period === "2031-03-16").bookings + 1);
  });
});
