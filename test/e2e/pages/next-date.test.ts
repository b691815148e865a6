import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { eventually, useBrowser, watchErrors } from "../helpers/browser";
import { bookingByCode, createBookableTenant, e2eClient } from "../helpers/db";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

// Far-future dates, so neither the real date nor the time of day matters.
const MONDAY = "2031-06-02";
const WEDNESDAY = "2031-06-04";

/** The `date` of every availability request the page sends. */
function watchAvailability(page: Page) {
  const dates: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith("/availability")) dates.push(url.searchParams.get("date") ?? "");
  });
  return dates;
}

describe("booking page: a date without free times", () => {
  it("says so and shows the next date that has times, one availability request per date tried", async () => {
    // Works on Wednesdays only.
    const tenant = await createBookableTenant({ weekdays: [3] });
    const { page } = await browser.newPage();
    const errors = watchErrors(page);
    const asked = watchAvailability(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.fill("#date", MONDAY);
    await page.getByRole("radio", { name: /^Haircut/ }).check();

    const status = page.locator("#slot-status");
    await eventually(() => status.textContent()).toContain("Showing the next date");
    expect(await status.textContent()).toMatch(
      /^No free times left on Mon, Jun 2, 2031\. Showing the next date with free times: Wed, Jun 4, 2031 \(\d+ times available\)\.$/,
    );
    expect(await page.locator("#date").inputValue()).toBe(WEDNESDAY);
    expect((await page.locator("#slots button").allTextContents())[0]).toBe("09:00");
    expect(asked).toEqual([MONDAY, "2031-06-03", WEDNESDAY]);

    // What is shown is what gets booked: a time on the Wednesday.
    await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
    expect(await page.locator("#summary").textContent()).toContain("Wed, Jun 4, 2031, 10:00\u201311:00");
    await page.getByLabel("First name").fill("Wendy");
    await page.getByLabel("E-mail").fill(`wendy-${tenant.slug}@example.test`);
    await page.getByRole("button", { name: "Confirm booking" }).click();
    await eventually(() => page.locator("#confirmation").isVisible()).toBe(true);
    const row = await bookingByCode((await page.locator("#confirmation-code").textContent())!);
    expect(new Date(row.startAt).toLocaleString("sv-SE", { timeZone: "America/New_York" })).toBe(`${WEDNESDAY} 10:00:00`);
    expect(errors, errors.join("\n")).toEqual([]);
    await page.screenshot({ path: "test/artifacts/booking-next-date-375.png", fullPage: true });
  });

  it("gives up after a week in plain words, without moving the chosen date", async () => {
    // A 10-hour service never fits into 09:00-17:00.
    const tenant = await createBookableTenant({ durationMinutes: 600 });
    const { page } = await browser.newPage();
    const asked = watchAvailability(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.fill("#date", MONDAY);
    await page.getByRole("radio", { name: /^Haircut/ }).check();

    const status = page.locator("#slot-status");
    await eventually(() => status.textContent()).toContain("Please choose a later date");
    expect(await status.textContent()).toBe("No free times on Mon, Jun 2, 2031 or in the 7 days after it. Please choose a later date.");
    expect(asked).toEqual([MONDAY, "2031-06-03", "2031-06-04", "2031-06-05", "2031-06-06", "2031-06-07", "2031-06-08", "2031-06-09"]);
    expect(await page.locator("#date").inputValue()).toBe(MONDAY);
    expect(await page.locator("#slots button").count()).toBe(0);
  });

  it("moves a booking to the next date with times when the chosen one has none", async () => {
    const tenant = await createBookableTenant({ weekdays: [3] });
    const made = await fetch(`${baseUrl}/api/public/${tenant.slug}/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "10.250.0.1" },
      body: JSON.stringify({
        serviceId: tenant.serviceId,
        staffProfileId: tenant.staffId,
        startDatetime: `${WEDNESDAY}T09:00:00`,
        customer: { firstName: "Mo", email: "mo@example.test" },
      }),
    });
    expect(made.status).toBe(201);
    const code = ((await made.json()) as { data: { confirmationCode: string } }).data.confirmationCode;
    const { page } = await browser.newPage();
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByLabel("Confirmation code").fill(code);
    await page.getByRole("button", { name: "Find booking" }).click();
    await eventually(() => page.locator("#manage-details").textContent()).toContain("Confirmed");

    await page.fill("#reschedule-date", MONDAY);
    const status = page.locator("#reschedule-status");
    await eventually(() => status.textContent()).toContain("Showing the next date with free times: Wed, Jun 4, 2031");
    expect(await page.locator("#reschedule-date").inputValue()).toBe(WEDNESDAY);
    // 09:00 is the booking itself; later times are offered.
    await page
      .locator("#reschedule-slots")
      .getByRole("button", { name: /^14:00 with/ })
      .click();
    await page.getByRole("button", { name: "Move booking" }).click();
    await eventually(() => page.locator("#manage-message").textContent()).toContain("moved to Wed, Jun 4, 2031, 14:00");
  });
});
