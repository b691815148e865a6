import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { describeViolations, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { createBookableTenant, e2eClient, e2eDb } from "../helpers/db";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

// The booking page's month calendar (design.md §16). The clock is pinned (x-test-now) to Sunday
// 2031-06-01, 10:00 in New York.
const NOW = "2031-06-01T14:00:00Z";

function watchDays(page: Page) {
  const months: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith("/availability/days")) months.push(url.searchParams.get("from")!.slice(0, 7));
  });
  return months;
}

const day = (page: Page, date: string) => page.locator(`#cal-days button[data-date="${date}"]`);
const focusedDate = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date ?? null);
const marked = (page: Page) =>
  page.locator("#cal-days button.has-times").evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.date));

describe.each([375, 1280])("booking page month calendar at %i px", (width) => {
  it("marks the days with free times from one request per month shown, and lists a chosen day's times", async () => {
    // Mondays and Wednesdays.
    const tenant = await createBookableTenant({ weekdays: [1, 3] });
    const { page } = await browser.newPage({ width, now: NOW });
    const errors = watchErrors(page);
    const months = watchDays(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    expect(await page.locator("#date").count()).toBe(0);
    expect(await page.locator("#cal-title").textContent()).toBe("June 2031");
    await page.getByRole("radio", { name: /^Haircut/ }).check();

    await expect
      .poll(() => marked(page))
      .toEqual([
        "2031-06-02",
        "2031-06-04",
        "2031-06-09",
        "2031-06-11",
        "2031-06-16",
        "2031-06-18",
        "2031-06-23",
        "2031-06-25",
        "2031-06-30",
      ]);
    expect(await day(page, "2031-06-04").getAttribute("aria-label")).toBe("Wednesday, June 4, 2031, 29 times available");
    expect(await day(page, "2031-06-03").getAttribute("aria-label")).toBe("Tuesday, June 3, 2031, no free times");
    expect(await day(page, "2031-06-01").getAttribute("aria-current")).toBe("date");
    // Today has no times: the first day that has them is chosen and its times listed.
    await expect.poll(() => page.locator("#cal-days [aria-pressed=true]").getAttribute("data-date")).toBe("2031-06-02");
    await expect.poll(() => page.locator("#slots button").count()).toBe(29);
    expect(await page.locator("#cal-prev").isDisabled()).toBe(true);

    await day(page, "2031-06-18").click();
    await expect.poll(() => page.locator("#slot-status").textContent()).toBe("29 times available on Wed, Jun 18, 2031.");
    await page.locator("#cal-next").click();
    await expect.poll(() => page.locator("#cal-title").textContent()).toBe("July 2031");
    await expect.poll(() => marked(page)).toContain("2031-07-02");
    await page.locator("#cal-prev").click();
    await page.locator("#cal-next").click();
    await expect.poll(() => marked(page)).toContain("2031-07-30");
    // June and July, each asked once however often they were shown.
    expect(months).toEqual(["2031-06", "2031-07"]);

    // "First available" goes back to the first day with times.
    await page.getByRole("button", { name: "First available" }).first().click();
    await expect
      .poll(() => page.locator("#slot-status").textContent())
      .toBe("The first date with free times is Mon, Jun 2, 2031 (29 times available).");
    expect(await page.locator("#cal-title").textContent()).toBe("June 2031");
    expect(months).toEqual(["2031-06", "2031-07"]);

    await screenshot(page, `booking-calendar-${width}`);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("works by keyboard: one tab stop, arrows by day and week, Page Down by month, Enter picks, focus visible", async () => {
    const tenant = await createBookableTenant({ weekdays: [3] });
    const { page } = await browser.newPage({ width, now: NOW });
    const months = watchDays(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await expect.poll(() => page.locator("#cal-days [aria-pressed=true]").getAttribute("data-date")).toBe("2031-06-04");
    // The grid is one tab stop: the chosen day.
    expect(await page.locator("#cal-days button[tabindex='0']").count()).toBe(1);
    await day(page, "2031-06-04").focus();
    await page.keyboard.press("ArrowRight");
    expect(await focusedDate(page)).toBe("2031-06-05");
    await page.keyboard.press("ArrowDown");
    expect(await focusedDate(page)).toBe("2031-06-12");
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow);
    expect(ring).not.toBe("none");
    // Before today is out of reach.
    await page.keyboard.press("PageUp");
    expect(await focusedDate(page)).toBe("2031-06-01");
    await page.keyboard.press("End");
    expect(await focusedDate(page)).toBe("2031-06-07");
    await page.keyboard.press("PageDown");
    await expect.poll(() => page.locator("#cal-title").textContent()).toBe("July 2031");
    expect(await focusedDate(page)).toBe("2031-07-07");
    await expect.poll(() => marked(page)).toContain("2031-07-09");
    // Enter on a day without times shows the next one that has times.
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator("#slot-status").textContent())
      .toContain("No free times left on Mon, Jul 7, 2031. Showing the next date with free times: Wed, Jul 9, 2031");
    await page.keyboard.press("ArrowLeft");
    expect(await focusedDate(page)).toBe("2031-07-08");
    expect(months).toEqual(["2031-06", "2031-07"]);
  });
});

/** Counts, from now on, how often the grid is rebuilt (its rows replaced) and every change inside it. */
async function watchGrid(page: Page) {
  await page.evaluate(() => {
    const body = document.getElementById("cal-days") as HTMLElement;
    const counts = { rebuilds: 0, changes: 0 };
    (window as unknown as { gridCounts: typeof counts }).gridCounts = counts;
    new MutationObserver((records) => {
      for (const r of records) {
        counts.changes++;
        if (r.type === "childList" && r.target === body) counts.rebuilds++;
      }
    }).observe(body, { childList: true, subtree: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => ({ ...(window as unknown as { gridCounts: { rebuilds: number; changes: number } }).gridCounts }));
}

describe("booking page month calendar under a fake browser clock", () => {
  it("keeps the month the customer paged to while the first search is still out; a day there is picked at the first click; nothing re-renders by itself past midnight", async () => {
    // Mondays and Wednesdays: today (Sunday) has no times, the search from today ends on Monday 2 June.
    const tenant = await createBookableTenant({ weekdays: [1, 3] });
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    const months = watchDays(page);
    // The browser's clock is faked before the calendar is used (as under TEST_NOW for every page).
    await page.clock.install({ time: NOW });
    // June's days answer is held until the customer has paged to July: the search it feeds ends
    // after the customer moved on (a slow network does the same).
    let juneAsked = () => {};
    const juneSeen = new Promise<void>((resolve) => {
      juneAsked = resolve;
    });
    let releaseJune = () => {};
    const juneHeld = new Promise<void>((resolve) => {
      releaseJune = resolve;
    });
    await page.route(
      (url) => url.pathname.endsWith("/availability/days"),
      async (route) => {
        if (new URL(route.request().url()).searchParams.get("from")?.startsWith("2031-06")) {
          juneAsked();
          await juneHeld;
        }
        await route.continue();
      },
    );
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    const grid = await watchGrid(page);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    await juneSeen;
    await page.locator("#cal-next").click();
    await expect.poll(() => page.locator("#cal-title").textContent()).toBe("July 2031");
    await expect.poll(() => marked(page)).toContain("2031-07-02");

    releaseJune();
    // The search ends: it chooses Monday 2 June and lists its times, naming the date, but July stays.
    await expect
      .poll(() => page.locator("#slot-status").textContent())
      .toBe("No free times left on Sun, Jun 1, 2031. Showing the next date with free times: Mon, Jun 2, 2031 (29 times available).");
    expect(await page.locator("#cal-title").textContent()).toBe("July 2031");
    expect(await page.locator("#cal-days [aria-pressed=true]").count()).toBe(0);

    // A day of July is picked, and its button is the same one the days answer marked (updated in
    // place, never replaced under the pointer): the grid was rebuilt once, for July.
    const july2 = await day(page, "2031-07-02").elementHandle();
    await day(page, "2031-07-02").click({ timeout: 5_000 });
    await expect.poll(() => page.locator("#slot-status").textContent()).toBe("29 times available on Wed, Jul 2, 2031.");
    expect(await july2?.evaluate((b) => b.isConnected && b.getAttribute("aria-pressed"))).toBe("true");
    expect(await page.locator("#cal-title").textContent()).toBe("July 2031");
    expect(months).toEqual(["2031-06", "2031-07"]);
    const settled = await grid();
    expect(settled.rebuilds).toBe(1);

    // The tab stays open past midnight, then the device clock jumps a week: every timer due runs,
    // and the calendar does not change (it renders on the customer's actions and the answers only).
    await page.clock.fastForward(26 * 3_600_000);
    await page.clock.setSystemTime(new Date("2031-06-09T14:00:00Z"));
    await page.clock.runFor(60_000);
    expect(await grid()).toEqual(settled);
    expect(await page.locator("#cal-days [aria-pressed=true]").getAttribute("data-date")).toBe("2031-07-02");
    expect(errors, errors.join("\n")).toEqual([]);
  });
});

describe("booking page: who performs a service", () => {
  it("offers only the staff who perform the chosen service", async () => {
    const tenant = await createBookableTenant();
    const now = new Date().toISOString();
    await e2eDb.insert(schema.services).values({
      id: newId("svc"),
      tenantId: tenant.id,
      name: "Nails",
      durationMinutes: 30,
      staffIds: [],
      orderIndex: 5,
      createdAt: now,
      updatedAt: now,
    });
    const { page } = await browser.newPage({ now: NOW });
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    await page.getByRole("radio", { name: /^Alex Rivera/ }).check();
    await page.getByRole("radio", { name: /^Nails/ }).check();
    expect(await page.getByRole("radio", { name: /^Alex Rivera/ }).isVisible()).toBe(false);
    expect(await page.getByRole("radio", { name: /^Any available/ }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: /^Haircut/ }).check();
    expect(await page.getByRole("radio", { name: /^Alex Rivera/ }).isVisible()).toBe(true);
  });
});
