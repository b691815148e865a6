import { describe, expect, it } from "vitest";
import { get } from "../../helpers/api";
import { createTenant } from "../../helpers/factories";

const today = (html: string) => html.match(/data-today="([^"]+)"/)?.[1];
const localDate = (timeZone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);

describe("the booking page's today follows the request clock", () => {
  it("is the business's local date at the pinned instant, on either side of midnight", async () => {
    const ny = await createTenant();
    const london = await createTenant({ timezone: "Europe/London" });
    // 23:30 in New York on the evening before its DST change is already the 14th in London.
    const instant = "2027-03-14T04:30:00Z";
    expect(today((await get(`/book?slug=${ny.slug}`, { now: instant })).text)).toBe("2027-03-13");
    expect(today((await get(`/book?slug=${london.slug}`, { now: instant })).text)).toBe("2027-03-14");
  });

  it("without a pinned request is the suite's clock (TEST_NOW when set), the test's own new Date()", async () => {
    const tenant = await createTenant();
    const before = localDate("America/New_York", new Date());
    const shown = today((await get(`/book?slug=${tenant.slug}`)).text);
    const after = localDate("America/New_York", new Date());
    expect([before, after]).toContain(shown);
  });
});
