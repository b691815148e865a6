import { newApiKey } from "../../helpers/api-keys";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../../src/db/client";
import { countDbRequests, get } from "../../helpers/api";
import { createBookingRow, createMember } from "../../helpers/factories";
import { bookableTenant } from "../../helpers/booking";
import { testDb } from "../../helpers/db";

// design.md §29: GET /api/reports/summary in one libSQL request. The membership check rides in the
// report's own round trip; the statement is built on the zone this isolate last saw for the
// business and the role the token was signed with, and asked again (a second round trip) whenever
// the database answered another zone or role: never a figure of the wrong zone or scope.

const summary = (token: string, query: string, dbTag?: string, now?: Date) => get(`/api/reports/summary?${query}`, { token, dbTag, now });
const RANGE = "from=2031-03-04&to=2031-03-05&groupBy=day";

/** A business (America/New_York) with one booking at 22:00 on 4 March local (03:00 UTC on the 5th). */
async function salon() {
  const { tenant, service, staff } = await bookableTenant({ service: { durationMinutes: 30, price: 2500 } });
  await createBookingRow(tenant.id, service.id, staff.id, new Date("2031-03-05T03:00:00Z"), 60, { status: "completed" });
  return { tenant, staff };
}

const bookingsByDate = (body: { data: { series: { period: string; bookings: number }[] } }) =>
  Object.fromEntries(body.data.series.map((p) => [p.period, p.bookings]));

describe("GET /api/reports/summary round trips", () => {
  it("costs one libSQL request once the isolate has seen the business, two for its first report", async () => {
    const { tenant } = await salon();
    const first = await countDbRequests((tag) => summary(tenant.token, RANGE, tag));
    expect(first.result.status).toBe(200);
    // Nothing of this business passed through this isolate before: the zone is read with the membership first.
    expect(first.dbRequests).toBe(2);
    const again = await countDbRequests((tag) => summary(tenant.token, RANGE, tag));
    expect(again.dbRequests).toBe(1);
    expect(again.result.body).toEqual(first.result.body);
    expect(bookingsByDate(again.result.body)).toEqual({ "2031-03-04": 1, "2031-03-05": 0 });
  });

  it("answers in the business's new zone when it changed since the isolate saw it, asking again", async () => {
    const { tenant } = await salon();
    expect(bookingsByDate((await summary(tenant.token, RANGE)).body)).toEqual({ "2031-03-04": 1, "2031-03-05": 0 });
    await testDb().update(schema.tenants).set({ timezone: "Europe/Berlin" }).where(eq(schema.tenants.id, tenant.id));

    const moved = await countDbRequests((tag) => summary(tenant.token, RANGE, tag));
    expect(moved.result.status).toBe(200);
    expect(moved.dbRequests).toBe(2);
    // 03:00 UTC on the 5th is 04:00 in Berlin: the booking belongs to the 5th now.
    expect(bookingsByDate(moved.result.body)).toEqual({ "2031-03-04": 0, "2031-03-05": 1 });
    const next = await countDbRequests((tag) => summary(tenant.token, RANGE, tag));
    expect(next.dbRequests).toBe(1);
    expect(next.result.body).toEqual(moved.result.body);
  });

  it("gives an admin lowered to staff since the token was signed their own report, never the business's", async () => {
    const { tenant } = await salon();
    const admin = await createMember(tenant.id, "admin");
    const asAdmin = await summary(admin.token, RANGE);
    expect(asAdmin.body.data.totals.bookings).toBe(1);
    await testDb()
      .update(schema.tenantMembers)
      .set({ role: "staff" })
      .where(and(eq(schema.tenantMembers.tenantId, tenant.id), eq(schema.tenantMembers.userId, admin.userId)));

    const lowered = await countDbRequests((tag) => summary(admin.token, RANGE, tag));
    expect(lowered.result.status).toBe(200);
    expect(lowered.dbRequests).toBe(2);
    // No staff profile of their own: an empty report, not the business's booking.
    expect(lowered.result.body.data.totals.bookings).toBe(0);
    expect(lowered.result.body.data.utilization).toEqual([]);
  });

  it("refuses a member removed since the token was signed with 403, the report unseen", async () => {
    const { tenant } = await salon();
    const admin = await createMember(tenant.id, "admin");
    expect((await summary(admin.token, RANGE)).status).toBe(200);
    await testDb()
      .update(schema.tenantMembers)
      .set({ isActive: false })
      .where(and(eq(schema.tenantMembers.tenantId, tenant.id), eq(schema.tenantMembers.userId, admin.userId)));

    const refused = await summary(admin.token, RANGE);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "tenant required" });
  });

  it("costs an API key one libSQL request too, its check inside", async () => {
    const { tenant } = await salon();
    const key = (await newApiKey(tenant.token, "read")).key;
    // Its first use also notes when the key was last used (after the answer, once a minute): not
    // counted below, where the request clock stays in that minute.
    const now = new Date();
    expect((await summary(key, RANGE, undefined, now)).status).toBe(200);
    const res = await countDbRequests((tag) => summary(key, RANGE, tag, now));
    expect(res.result.status).toBe(200);
    // Creating the key was an owner request: the isolate knows the business's zone.
    expect(res.dbRequests).toBe(1);
    expect(bookingsByDate(res.result.body)).toEqual({ "2031-03-04": 1, "2031-03-05": 0 });
  });
});
