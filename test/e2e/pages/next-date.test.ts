import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowser, watchErrors } from "../helpers/browser";
import { bookingByCode, createBookableTenant, e2eClient } from "../helpers/db";
import { confirmAs, findBookingByCode, moveToSlot } from "../helpers/booking-page";
import { bookThroughApi } from "../helpers/public-api";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

// The page's clock is pinned (x-test-now): Sunday 2031-06-01, 10:00 in New York. Neither the
// real date nor the time of day matters.
const NOW = "2031-06-01T14:00:00Z";

/** The days-endpoint ranges and the availability dates the page asks for. */
function watchRequests(page: Page) {
  const days: string[] = [];
  const dates: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith("/availability/days")) days.push(`${url.searchParams.get("from")}..${url.searchParams.get("to")}`);
    else if (url.pathname.endsWith("/availability")) dates.push(url.searchParams.get("date") ?? "");
  });
  return { days, dates };
}

/** The booking page at the pinned clock with the Haircut chosen; its script errors and requests watched from the start. */
async function haircutChosen(tenant: { slug: string }) {
  const { page } = await browser.newPage({ now: NOW });
  const errors = watchErrors(page);
  const asked = watchRequests(page);
  await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
  await page.getByRole("radio", { name: /^Haircut/ }).check();
  return { page, errors, asked, status: page.locator("#slot-status") };
}

describe("booking page: a date without free times never leaves the customer stuck", () => {
  it("shows the next date that has times, from the month's days answer, and books it", async () => {
    // Works on Wednesdays only.
    const tenant = await createBookableTenant({ weekdays: [3] });
    const { page, errors, asked, status } = await haircutChosen(tenant);
    await expect.poll(() => status.textContent()).toContain("Showing the next date");
    expect(await status.textContent()).toMatch(
      /^No free times left on Sun, Jun 1, 2031\. Showing the next date with free times: Wed, Jun 4, 2031 \(\d+ times available\)\.$/,
    );
    expect(await page.locator("#cal-days [aria-pressed=true]").getAttribute("data-date")).toBe("2031-06-04");
    expect((await page.locator("#slots button").allTextContents())[0]).toBe("09:00");

    // A Thursday has no times either: the Wednesday after it is shown instead.
    await page.locator('#cal-days button[data-date="2031-06-05"]').click();
    await expect.poll(() => status.textContent()).toContain("No free times left on Thu, Jun 5, 2031");
    expect(await status.textContent()).toContain("Showing the next date with free times: Wed, Jun 11, 2031");
    expect(await page.locator("#cal-days [aria-pressed=true]").getAttribute("data-date")).toBe("2031-06-11");
    // One days request for June (from today), one availability request per date shown.
    expect(asked.days).toEqual(["2031-06-01..2031-06-30"]);
    expect(asked.dates).toEqual(["2031-06-04", "2031-06-11"]);

    // What is shown is what gets booked: a time on that Wednesday.
    await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
    expect(await page.locator("#summary").textContent()).toContain("Wed, Jun 11, 2031, 10:00\u201311:00");
    await confirmAs(page, "Wendy", `wendy-${tenant.slug}@example.test`);
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    const row = await bookingByCode((await page.locator("#confirmation-code").textContent())!);
    expect(new Date(row.startAt).toLocaleString("sv-SE", { timeZone: "America/New_York" })).toBe("2031-06-11 10:00:00");
    expect(errors, errors.join("\n")).toEqual([]);
    await page.screenshot({ path: "test/artifacts/booking-next-date-375.png", fullPage: true });
  });

  it("gives up after six months in plain words, one days request per month it showed", async () => {
    // A 10-hour service never fits into 09:00-17:00.
    const tenant = await createBookableTenant({ durationMinutes: 600 });
    const { page, asked, status } = await haircutChosen(tenant);
    await expect.poll(() => status.textContent()).toContain("No free times from");
    expect(await status.textContent()).toBe(
      "No free times from Sun, Jun 1, 2031 to Sun, Nov 30, 2031. Please try another service or staff member, or contact the business.",
    );
    expect(asked.days).toEqual([
      "2031-06-01..2031-06-30",
      "2031-07-01..2031-07-31",
      "2031-08-01..2031-08-31",
      "2031-09-01..2031-09-30",
      "2031-10-01..2031-10-31",
      "2031-11-01..2031-11-30",
    ]);
    expect(asked.dates).toEqual([]);
    expect(await page.locator("#slots button").count()).toBe(0);
    // The calendar is back on the chosen date, and the customer can still page on.
    expect(await page.locator("#cal-title").textContent()).toBe("June 2031");
    expect(await page.locator("#cal-next").isEnabled()).toBe(true);
  });

  it("moving a booking uses the same calendar: the next date with times is shown", async () => {
    const tenant = await createBookableTenant({ weekdays: [3] });
    const made = await bookThroughApi(
      tenant,
      "2031-06-04T09:00:00",
      { firstName: "Mo", email: "mo@example.test" },
      { now: NOW, ip: "10.250.0.1" },
    );
    expect(made.status).toBe(201);
    const code = ((await made.json()) as { data: { confirmationCode: string } }).data.confirmationCode;
    const { page } = await browser.newPage({ now: NOW });
    await findBookingByCode(page, tenant.slug, code);

    const status = page.locator("#reschedule-status");
    await expect.poll(() => status.textContent()).toContain("Showing the next date with free times: Wed, Jun 4, 2031");
    expect(await page.locator("#rcal-days [aria-pressed=true]").getAttribute("data-date")).toBe("2031-06-04");
    // 09:00 is the booking itself; later times are offered.
    await moveToSlot(page, /^14:00 with/);
    expect(await page.locator("#manage-message").textContent()).toContain("moved to Wed, Jun 4, 2031, 14:00");
  });
});
