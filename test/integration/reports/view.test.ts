import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { ownerToken } from "../../helpers/factories";
import { expectedSummary, FROM, local, reportSalon, TO } from "./support";

// GET /api/businesses/me/views/reports: the reports page's one call (design.md §15, §29).

const view = (token: string, query = "", opts: { dbTag?: string; now?: Date } = {}) =>
  get(`/api/businesses/me/views/reports${query ? `?${query}` : ""}`, { token, ...opts });

describe("GET /api/businesses/me/views/reports", () => {
  it("answers the business, the staff to filter by and the range's summary in one batch after the membership check", async () => {
    const s = await reportSalon();
    const want = expectedSummary(s, FROM, TO);
    const { result: res, dbRequests } = await countDbRequests((dbTag) =>
      view(s.tenant.token, `from=${FROM}&to=${TO}&groupBy=week`, { dbTag }),
    );
    expect(res.status).toBe(200);
    expect(dbRequests).toBe(2);
    const d = res.body.data;
    expect(d).toMatchObject({ from: FROM, to: TO, groupBy: "week", business: { id: s.tenant.id, currency: "USD" } });
    expect(d.viewer.role).toBe("owner");
    expect(d.staff.map((x: { id: string }) => x.id)).toEqual([s.ana.id, s.ben.id]);
    expect(d.report.totals).toEqual(want.totals);
    const direct = await get(`/api/reports/summary?from=${FROM}&to=${TO}&groupBy=week`, { token: s.tenant.token });
    expect(d.report).toEqual(direct.body.data);
  });

  it("shows the 30 days to today by day when no range is named, and a staff member's own report", async () => {
    const s = await reportSalon();
    const now = local("2031-03-31T12:00");
    const token = await ownerToken(s.tenant.ownerId, s.tenant.id, "owner", now);
    const res = await view(token, "", { now });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: "2031-03-02", to: "2031-03-31", groupBy: "day" });
    expect(res.body.data.report.series).toHaveLength(30);
    expect(res.body.data.report.totals).toEqual(expectedSummary(s, "2031-03-02", "2031-03-31").totals);

    const staffView = await view(s.benMember.token, `from=${FROM}&to=${TO}&groupBy=month&staffId=${s.ana.id}`);
    expect(staffView.status).toBe(200);
    expect(staffView.body.data.viewer.role).toBe("staff");
    expect(staffView.body.data.report.totals).toEqual(expectedSummary(s, FROM, TO, "ben").totals);
  });

  it("refuses a range over 366 days or backwards with 400 on `to`", async () => {
    const s = await reportSalon();
    for (const q of ["from=2031-01-01&to=2032-01-02", "from=2031-03-02&to=2031-03-01"]) {
      const res = await view(s.tenant.token, q);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fieldErrors.to).toBeDefined();
    }
  });
});
