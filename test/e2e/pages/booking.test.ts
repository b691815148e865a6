import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowser, watchErrors } from "../helpers/browser";
import { bookingByCode, createBookableTenant, e2eClient } from "../helpers/db";
import { findBookingByCode, moveToSlot } from "../helpers/booking-page";
import { bookThroughApi } from "../helpers/public-api";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

// The page's clock is pinned (x-test-now): Tuesday 2031-06-03, 09:00 in New York; every time
// below is on the Wednesday after it, whatever the real date and hour.
const NOW = "2031-06-03T13:00:00Z";
const DATE = "2031-06-04";
const pickDate = (page: import("playwright-core").Page, date: string, calendar = "cal") =>
  page.locator(`#${calendar}-days button[data-date="${date}"]`).click();

const slotTimes = (page: import("playwright-core").Page) => page.locator("#slots button").allTextContents();

describe("booking page in Chromium", () => {
  it("books a service end to end at 375 px wide and shows the BK- code of a booking that exists", async () => {
    const tenant = await createBookableTenant({ serviceName: "Haircut", staffName: "Alex Rivera" });
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    const res = await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.locator("h1").textContent()).toBe(tenant.businessName);
    expect(await page.locator("#tz-label").textContent()).toContain("America/New_York");

    // Service, then staff, then a day of the month calendar: the slots load for that choice.
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await page.getByRole("radio", { name: /^Alex Rivera/ }).check();
    const date = DATE;
    await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
    await pickDate(page, date);
    await expect.poll(() => page.locator("#slot-status").textContent()).toContain("Wed, Jun 4, 2031");
    await expect.poll(() => slotTimes(page)).toContain("09:00");
    expect((await slotTimes(page))[0]).toBe("09:00");
    expect(await page.locator("#slot-status").textContent()).toMatch(/times available/);

    await page.getByRole("button", { name: "10:00 with Alex Rivera" }).click();
    await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
    expect(await page.locator("#summary").textContent()).toContain("10:00\u201311:00 (America/New_York time)");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("E-mail").fill(`ada-${tenant.slug}@example.test`);
    await page.getByLabel("Phone").fill("+1 555 0100");
    await page.getByLabel("Notes for the business (optional)").fill("First visit");
    await page.getByRole("button", { name: "Confirm booking" }).click();

    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    const code = (await page.locator("#confirmation-code").textContent())!;
    expect(code).toMatch(/^BK-[A-Z0-9]{6}$/);
    expect(await page.locator("#confirmation-summary").textContent()).toContain("Haircut with Alex Rivera");

    const row = await bookingByCode(code);
    expect(row).toMatchObject({
      tenantId: tenant.id,
      serviceId: tenant.serviceId,
      staffId: tenant.staffId,
      status: "confirmed",
      source: "online",
      notes: "First visit",
    });
    // 10:00 in New York on that date, as the UTC instant stored.
    const local = new Date(row.startAt).toLocaleString("sv-SE", { timeZone: "America/New_York" });
    expect(local).toBe(`${date} 10:00:00`);

    // Nothing overflows the 375 px viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(errors, errors.join("\n")).toEqual([]);
    await page.screenshot({ path: "test/artifacts/booking-confirmed-375.png", fullPage: true });
  });

  it("opens on today in the business's zone by the stack's clock, which the browser shares (TEST_NOW when set)", async () => {
    const tenant = await createBookableTenant();
    const { page } = await browser.newPage();
    const localDate = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: tenant.timezone }).format(at);
    const before = localDate(new Date());
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    const after = localDate(new Date());
    // The month calendar marks today (the server's today in the business's zone) as the current date.
    const marked = await page.locator("#cal-days button[aria-current=date]").getAttribute("data-date");
    expect([before, after]).toContain(marked);
    expect(await page.locator("body").getAttribute("data-today")).toBe(marked);
    const browserNow = await page.evaluate(() => Date.now());
    expect(Math.abs(browserNow - Date.now())).toBeLessThan(60_000);
  });

  it("tells the customer when the slot was taken meanwhile and refreshes the times", async () => {
    const tenant = await createBookableTenant();
    const { page } = await browser.newPage({ now: NOW });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
    await pickDate(page, DATE);
    await expect.poll(() => page.locator("#slot-status").textContent()).toContain("Wed, Jun 4, 2031");
    await expect.poll(() => slotTimes(page)).toContain("11:00");
    await page.getByRole("button", { name: /^11:00 with/ }).click();
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("E-mail").fill(`grace-${tenant.slug}@example.test`);

    // Someone else books 11:00 through the API while the page still offers it.
    const other = await bookThroughApi(tenant, `${DATE}T11:00:00`, { firstName: "Quick", email: "quick@example.test" }, { now: NOW });
    expect(other.status).toBe(201);

    await page.getByRole("button", { name: "Confirm booking" }).click();
    await expect.poll(() => page.locator("#slot-error").textContent()).toContain("was just booked by someone else");
    expect(await page.locator("#slot-error").getAttribute("role")).toBe("alert");
    // The refreshed list no longer offers 11:00 (nor the overlapping 10:15-11:45 starts) but still offers others.
    await expect.poll(() => slotTimes(page)).not.toContain("11:00");
    const times = await slotTimes(page);
    expect(times).toContain("09:00");
    expect(times).not.toContain("10:30");
    expect(times).toContain("12:00");
    expect(await page.locator("#confirmation").isVisible()).toBe(false);
    // What the customer typed is kept for the next attempt.
    expect(await page.getByLabel("First name").inputValue()).toBe("Grace");
  });

  it("answers 503 'temporarily unavailable' for a suspended business, with no calendar", async () => {
    const tenant = await createBookableTenant({
      tenant: { isSuspended: true, suspendedAt: new Date().toISOString(), suspendedReason: "Unpaid" },
    });
    const { page } = await browser.newPage();
    const res = await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    expect(res?.status()).toBe(503);
    expect(await page.locator("h1").textContent()).toBe("Temporarily unavailable");
    expect(await page.locator("main").textContent()).toContain(tenant.businessName);
    expect(await page.locator("#booking-form, #cal, #slots").count()).toBe(0);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  });

  it("renders a business name made of markup as text", async () => {
    const name = "<script>alert(1)</script>";
    const tenant = await createBookableTenant({ tenant: { businessName: name } });
    const { page } = await browser.newPage();
    let dialogs = 0;
    page.on("dialog", () => dialogs++);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    expect(await page.locator("h1").textContent()).toBe(name);
    expect(await page.title()).toBe(`Book with ${name}`);
    expect(dialogs).toBe(0);
  });

  it("finds a booking by its code, moves it, then cancels it with a reason", async () => {
    const tenant = await createBookableTenant();
    const made = await bookThroughApi(tenant, `${DATE}T09:00:00`, { firstName: "Mo", email: "mo@example.test" }, { now: NOW });
    const code = ((await made.json()) as { data: { confirmationCode: string } }).data.confirmationCode;

    const { page } = await browser.newPage({ now: NOW });
    await findBookingByCode(page, tenant.slug, code.toLowerCase());
    expect(await page.locator("#manage-details").textContent()).toContain("09:00\u201310:00 (America/New_York time)");

    await expect.poll(() => page.locator("#rcal-days button.has-times").count()).toBeGreaterThan(0);
    await pickDate(page, DATE, "rcal");
    await expect.poll(() => page.locator("#reschedule-status").textContent()).toContain("Wed, Jun 4, 2031");
    await expect.poll(() => page.locator("#reschedule-slots button").allTextContents()).toContain("14:00");
    await moveToSlot(page, /^14:00 with/);
    expect(await page.locator("#manage-details").textContent()).toContain("14:00\u201315:00");
    const moved = await bookingByCode(code);
    expect(new Date(moved.startAt).toLocaleString("sv-SE", { timeZone: "America/New_York" })).toBe(`${DATE} 14:00:00`);

    await page.getByLabel("Reason for cancelling").fill("Feeling unwell");
    await page.getByRole("button", { name: "Cancel booking" }).click();
    await expect.poll(() => page.locator("#manage-message").textContent()).toBe("Your booking has been cancelled.");
    expect(await page.locator("#manage-details").textContent()).toContain("Cancelled");
    expect(await page.locator("#manage-actions").isVisible()).toBe(false);
    expect(await bookingByCode(code)).toMatchObject({ status: "cancelled", cancelReason: "Feeling unwell" });
  });
});
