import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { bookAt, checkPage, createSalon, openAppAs, type Salon, scriptErrors } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";
import * as schema from "../../../src/db/schema";
import { eq } from "drizzle-orm";

// Issue item 3: the calendar, day and week, one column per staff member; walk-ins booked from a
// click on free time or from the keyboard, `override` outside the offered times. Tuesday 2031-05-06.
const browser = useBrowser();
afterAll(() => e2eClient.close());
const DAY = "2031-05-06";

const open = (salon: Salon, width: number, path = `/app/calendar?date=${DAY}`) => openAppAs(browser, salon, path, { width });

/** Clicks a staff member's column at a local time of the shown day (08:00 is the grid's top). */
async function clickFreeTime(page: Page, staffId: string, time: string) {
  const body = page.locator(`.cal-body[data-staff="${staffId}"]`).first();
  await body.scrollIntoViewIfNeeded();
  const box = (await body.boundingBox())!;
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) - 8 * 60;
  await page.mouse.click(box.x + box.width / 2, box.y + minutes * 0.8 + 3);
}

const walkIns = (salon: Salon) => e2eDb.select().from(schema.bookings).where(eq(schema.bookings.tenantId, salon.id));

describe("calendar at 1280 px", () => {
  it("shows one column per staff member and books a walk-in from a click on free time, then outside hours with override", async () => {
    const salon = await createSalon();
    await bookAt(salon, `${DAY}T10:00`, { customer: "Ada Lovelace" });
    const { page, errors } = await open(salon, 1280);
    expect(await page.locator(".cal-head-name").allTextContents()).toEqual(["Alex Rivera", "Bea Chen"]);
    await expect
      .poll(() => page.getByRole("button", { name: /^10:00–11:00 Ada Lovelace Haircut \(Confirmed, with Alex Rivera\)$/ }).count())
      .toBe(1);
    await checkPage(page, "calendar-day");

    await clickFreeTime(page, salon.staff[1].id, "14:00");
    const dialog = page.getByRole("dialog", { name: "New booking" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Start time").inputValue()).toBe("14:00");
    expect(await dialog.getByLabel("Staff member").inputValue()).toBe(salon.staff[1].id);
    expect(await dialog.getByRole("radio", { name: "Walk-in" }).isChecked()).toBe(true);
    await checkPage(page, "calendar-new-booking");
    await dialog.getByLabel("First name").fill("Walt");
    await dialog.getByRole("textbox", { name: "Phone" }).fill("+1 555 010 2030");
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect.poll(() => page.locator("p.done").textContent()).toMatch(/^Booked BK-[A-Z0-9]{6}: Tue, May 6 at 14:00 with Bea Chen\.$/);
    await expect.poll(() => page.getByRole("button", { name: /^14:00–15:00 Walt Haircut \(Confirmed, with Bea Chen\)$/ }).count()).toBe(1);

    // 18:05 is after hours and off the grid: refused without override, with the way out named.
    await page.getByRole("button", { name: "New booking" }).click();
    await dialog.getByLabel("Staff member").selectOption({ label: "Alex Rivera" });
    await dialog.getByLabel("Start time").fill("18:05");
    await dialog.getByLabel("Service").selectOption({ label: "Beard trim · 30 min · $20.00" });
    await dialog.getByLabel("First name").fill("Late");
    await dialog.getByLabel("Last name").fill("Lou");
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("tick “Book outside the offered times”");
    // Nothing typed is lost.
    expect(await dialog.getByLabel("First name").inputValue()).toBe("Late");
    await dialog.getByLabel("Book outside the offered times").check();
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect.poll(() => page.getByRole("button", { name: /^18:05–18:35 Late Lou Beard trim/ }).count()).toBe(1);

    // Override never books over another booking.
    await page.getByRole("button", { name: "New booking" }).click();
    await dialog.getByLabel("Staff member").selectOption({ label: "Alex Rivera" });
    await dialog.getByLabel("Start time").fill("10:30");
    await dialog.getByLabel("First name").fill("Clash");
    await dialog.getByLabel("Book outside the offered times").check();
    await dialog.getByRole("button", { name: "Book", exact: true }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("Alex Rivera already has a booking or time off at that time. Pick another time.");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();

    const rows = (await walkIns(salon)).filter((r) => r.source === "walk_in");
    expect(rows).toHaveLength(2);
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });

  it("shows a week from Monday with each staff member's lane, and a day from the week's header", async () => {
    const salon = await createSalon();
    await bookAt(salon, "2031-05-05T09:00", { customer: "Mona Monday" });
    await bookAt(salon, "2031-05-11T11:00", { customer: "Sunny Sunday", staff: 1 });
    const { page } = await open(salon, 1280, `/app/calendar?date=${DAY}&view=week`);
    expect(await page.locator(".cal-day-head").allTextContents()).toEqual([
      "Mon, May 5",
      "Tue, May 6",
      "Wed, May 7",
      "Thu, May 8",
      "Fri, May 9",
      "Sat, May 10",
      "Sun, May 11",
    ]);
    await expect.poll(() => page.getByRole("button", { name: /Mona Monday/ }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /Sunny Sunday Haircut \(Confirmed, with Bea Chen\)/ }).count()).toBe(1);
    await checkPage(page, "calendar-week");
    await page.getByLabel("Staff").selectOption({ label: "Bea Chen" });
    await expect.poll(() => page.getByRole("button", { name: /Mona Monday/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Sun, May 11" }).click();
    await expect.poll(() => page.locator(".cal-title").textContent()).toContain("Sun, May 11, 2031");
    expect(page.url()).toContain("date=2031-05-11");
  });
});

describe("calendar at 375 px", () => {
  it("books a walk-in with the keyboard only", async () => {
    const salon = await createSalon();
    const { page } = await open(salon, 375);
    await checkPage(page, "calendar-day");
    // Tab to "New booking" and press Enter.
    for (let i = 0; i < 40 && (await page.evaluate(() => document.activeElement?.textContent)) !== "New booking"; i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New booking" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await checkPage(page, "calendar-new-booking");
    for (let i = 0; i < 30 && (await page.evaluate(() => document.activeElement?.id)) !== "nb-time"; i++) await page.keyboard.press("Tab");
    await page.keyboard.type("1130");
    for (let i = 0; i < 30 && (await page.evaluate(() => document.activeElement?.id)) !== "nb-first"; i++) await page.keyboard.press("Tab");
    await page.keyboard.type("Kim");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator("p.done").textContent())
      .toMatch(/^Booked BK-[A-Z0-9]{6}: Tue, May 6 at 11:30 with Alex Rivera\.$/);
    await expect.poll(() => page.getByRole("button", { name: /^11:30–12:30 Kim Haircut/ }).count()).toBe(1);
    const [row] = await walkIns(salon);
    expect(row).toMatchObject({ source: "walk_in", status: "confirmed" });
  });

  it("shows a week as a list per day", async () => {
    const salon = await createSalon();
    await bookAt(salon, "2031-05-07T15:00", { customer: "Wendy Wednesday" });
    const { page } = await open(salon, 375, `/app/calendar?date=${DAY}&view=week`);
    await expect.poll(() => page.locator(".agenda > li").count()).toBe(7);
    expect(await page.locator(".agenda > li").nth(2).textContent()).toContain("Wendy Wednesday");
    await checkPage(page, "calendar-week");
  });
});
