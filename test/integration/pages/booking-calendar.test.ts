import { describe, expect, it } from "vitest";
import { countDbRequests, get } from "../../helpers/api";
import { createService, createStaff, createTenant } from "../../helpers/factories";

// The booking page's month calendar as the server renders it (design.md §16); the script fills
// it (test/e2e/pages/calendar.test.ts drives it in Chromium).

const headers = (html: string, prefix: string) =>
  [...html.slice(html.indexOf(`id="${prefix}"`)).matchAll(/<th scope="col" abbr="(\w+)">/g)].slice(0, 7).map((m) => m[1]);

describe("GET /book?slug=: the month calendar", () => {
  it("replaces the date inputs with two calendars whose weeks start as the business's country counts them", async () => {
    const us = await createTenant({ countryCode: "US" });
    await createService(us.id);
    const res = await get(`/book?slug=${us.slug}`, { now: "2031-06-01T03:30:00Z" });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('type="date"');
    expect(res.text).toContain('id="cal-days"');
    expect(res.text).toContain('id="rcal-days"');
    expect(res.text).toContain("First available");
    // Today follows the (pinned) clock in the business's zone: still May 31 in New York.
    expect(res.text).toContain('data-today="2031-05-31"');
    expect(res.text).toContain('data-week-start="0"');
    expect(headers(res.text, "cal")).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);

    const fr = await createTenant({ countryCode: "FR", timezone: "Europe/Paris" });
    await createService(fr.id);
    const paris = await get(`/book?slug=${fr.slug}`);
    expect(paris.text).toContain('data-week-start="1"');
    expect(headers(paris.text, "rcal")).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
  });

  it("tells the page who performs each service (only when the service names them), still in one round trip", async () => {
    const tenant = await createTenant();
    const kim = await createStaff(tenant.id);
    const lee = await createStaff(tenant.id);
    const colour = await createService(tenant.id, { name: "Colour", staffIds: [kim.id, lee.id] });
    const cut = await createService(tenant.id, { name: "Cut" });
    const { result, dbRequests } = await countDbRequests((dbTag) => get(`/book?slug=${tenant.slug}`, { dbTag }));
    expect(dbRequests).toBe(1);
    expect(result.text).toMatch(new RegExp(`value="${colour.id}"[^>]*data-staff-ids="${kim.id} ${lee.id}"`));
    expect(result.text).not.toMatch(new RegExp(`value="${cut.id}"[^>]*data-staff-ids`));
  });
});
