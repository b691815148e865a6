import { and, asc, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { checkPage, createSalon, openApp, type Salon, scriptErrors, signedInPage, watchUrls } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// The owner app's scheduling sections (issue #18 items 5, 6 and 8 with design.md §16): a
// service's buffers and who performs it, the booking notice and horizon, notifications, closures
// and a staff member's date overrides. Dates in 2031: never the real date.
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** Opens a page as the owner (or another member), counting the API calls of its first render. */
async function open(salon: Salon, path: string, width: number, member = salon.owner) {
  const { page, errors } = await signedInPage(browser, salon, { width, who: member });
  const urls = watchUrls(page);
  await openApp(page, path);
  const apiCalls = urls.filter((u) => new URL(u).pathname.startsWith("/api/"));
  expect(apiCalls.length, apiCalls.join("\n")).toBeLessThanOrEqual(2);
  return { page, errors };
}

const serviceNamed = async (salon: Salon, name: string) =>
  (
    await e2eDb
      .select()
      .from(schema.services)
      .where(and(eq(schema.services.tenantId, salon.id), eq(schema.services.name, name), isNull(schema.services.deletedAt)))
  )[0];
const tenantRow = async (salon: Salon) => (await e2eDb.select().from(schema.tenants).where(eq(schema.tenants.id, salon.id)))[0];

describe("services: buffers and who performs it", () => {
  it("creates a service with buffers for one staff member (1280 px), then edits it back to everyone (375 px)", async () => {
    const salon = await createSalon();
    const [alex, bea] = salon.staff;
    const desk = await open(salon, "/app/services", 1280);
    let page = desk.page;
    await page.getByRole("button", { name: "Add service" }).click();
    let form = page.getByRole("dialog", { name: "New service" });
    await form.getByLabel("Name").fill("Colour");
    await form.getByLabel("Length (minutes)").fill("90");
    await form.getByLabel("Price (USD)").fill("80");
    const who = form.getByRole("group", { name: "Who performs it" });
    expect(await who.textContent()).toContain("Leave every box empty and every bookable staff member performs it");
    await form.getByLabel("Buffer before (minutes)").fill("7");
    await who.getByLabel("Bea Chen").check();
    await form.getByRole("button", { name: "Add service" }).click();
    // Refused next to its field, before anything is sent; what was typed stays.
    await expect.poll(() => form.locator("#svc-buffer-before-error").textContent()).toBe("Use minutes in steps of 5, from 0 to 240");
    expect(await serviceNamed(salon, "Colour")).toBeUndefined();
    expect(await who.getByLabel("Bea Chen").isChecked()).toBe(true);
    await form.getByLabel("Buffer before (minutes)").fill("10");
    await form.getByLabel("Buffer after (minutes)").fill("15");
    await checkPage(page, "service-scheduling-form");
    await form.getByRole("button", { name: "Add service" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe("Colour saved.");
    expect(await serviceNamed(salon, "Colour")).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15, staffIds: [bea.id] });
    const row = page.locator("tbody tr", { hasText: "Colour" });
    await expect.poll(() => row.textContent()).toContain("By: Bea Chen");
    expect(await row.textContent()).toContain("+ 10 min before, 15 min after");
    expect(await page.locator("tbody tr", { hasText: "Haircut" }).textContent()).toContain("By: Everyone");
    await checkPage(page, "service-scheduling-list");
    expect(scriptErrors(desk.errors)).toEqual([]);

    // On a phone: Alex as well, then nobody checked = everyone; no buffer after.
    const phone = await open(salon, "/app/services", 375);
    page = phone.page;
    await page.getByRole("button", { name: "Edit Colour" }).click();
    form = page.getByRole("dialog", { name: "Edit Colour" });
    expect(await form.getByLabel("Buffer before (minutes)").inputValue()).toBe("10");
    expect(await form.getByLabel("Buffer after (minutes)").inputValue()).toBe("15");
    const group = form.getByRole("group", { name: "Who performs it" });
    expect(await group.getByLabel("Bea Chen").isChecked()).toBe(true);
    expect(await group.getByLabel("Alex Rivera").isChecked()).toBe(false);
    await group.getByLabel("Alex Rivera").check();
    await checkPage(page, "service-scheduling-edit");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(async () => (await serviceNamed(salon, "Colour")).staffIds).toEqual([alex.id, bea.id]);
    await expect.poll(() => page.locator("tbody tr", { hasText: "Colour" }).textContent()).toContain("By: Alex Rivera, Bea Chen");

    await page.getByRole("button", { name: "Edit Colour" }).click();
    form = page.getByRole("dialog", { name: "Edit Colour" });
    await form.getByRole("group", { name: "Who performs it" }).getByLabel("Alex Rivera").uncheck();
    await form.getByRole("group", { name: "Who performs it" }).getByLabel("Bea Chen").uncheck();
    await form.getByLabel("Buffer after (minutes)").fill("0");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(async () => (await serviceNamed(salon, "Colour")).staffIds).toBeNull();
    expect(await serviceNamed(salon, "Colour")).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 0 });
    await expect.poll(() => page.locator("tbody tr", { hasText: "Colour" }).textContent()).toContain("By: Everyone");
    expect(await page.locator("tbody tr", { hasText: "Colour" }).textContent()).toContain("+ 10 min before");
    expect(scriptErrors(phone.errors)).toEqual([]);
  });

  it("shows the API's refusal of a staff member deleted meanwhile next to the choice, naming them", async () => {
    const salon = await createSalon();
    const { page } = await open(salon, "/app/services", 375);
    await page.getByRole("button", { name: "Edit Haircut" }).click();
    const form = page.getByRole("dialog", { name: "Edit Haircut" });
    await e2eDb
      .update(schema.staffProfiles)
      .set({ deletedAt: new Date().toISOString() })
      .where(eq(schema.staffProfiles.id, salon.staff[1].id));
    await form.getByRole("group", { name: "Who performs it" }).getByLabel("Bea Chen").check();
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => form.locator("#svc-staff-error").textContent()).toBe("Bea Chen: No staff member of this business has this id");
    expect((await serviceNamed(salon, "Haircut")).staffIds).toBeNull();
  });
});

describe("settings: booking rules, notifications and closures", () => {
  it("saves notice and horizon, notification address and reminders with errors next to their fields (1280 px)", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/settings/rules", 1280);
    const rules = page.locator("section", { has: page.getByRole("heading", { name: "Booking rules" }) });
    expect(await rules.getByLabel("Minimum notice (minutes)").inputValue()).toBe("0");
    expect(await rules.getByLabel("Booking horizon (days ahead)").inputValue()).toBe("365");
    await rules.getByLabel("Minimum notice (minutes)").fill("120");
    await rules.getByLabel("Booking horizon (days ahead)").fill("800");
    await rules.getByRole("button", { name: "Save booking rules" }).click();
    await expect.poll(() => rules.locator("#rules-maxAdvanceDays-error").textContent()).toBe("At most 730 days");
    expect((await tenantRow(salon)).minNoticeMinutes).toBe(0);
    expect(await rules.getByLabel("Minimum notice (minutes)").inputValue()).toBe("120");
    await rules.getByLabel("Booking horizon (days ahead)").fill("90");
    await rules.getByRole("button", { name: "Save booking rules" }).click();
    await expect.poll(() => rules.getByRole("status").textContent()).toBe("Saved.");
    expect(await tenantRow(salon)).toMatchObject({ minNoticeMinutes: 120, maxAdvanceDays: 90 });

    await openApp(page, "/app/settings/notifications");
    const notify = page.locator("section", { has: page.getByRole("heading", { name: "Notifications" }) });
    expect(await notify.getByLabel("Reminder e-mails (hours before)").inputValue()).toBe("24");
    await notify.getByLabel("Send booking notices to").fill("desk@");
    await notify.getByLabel("Reminder e-mails (hours before)").fill("2, 200");
    await notify.getByRole("button", { name: "Save notifications" }).click();
    await expect.poll(() => notify.locator("#notifications-reminderHours-error").textContent()).toBe("At most 168 hours (a week)");
    expect(await notify.locator("#notifications-notificationEmail-error").textContent()).toBe("Enter a valid e-mail address");
    await notify.getByLabel("Reminder e-mails (hours before)").fill("two");
    await notify.getByRole("button", { name: "Save notifications" }).click();
    await expect
      .poll(() => notify.locator("#notifications-reminderHours-error").textContent())
      .toBe("Enter whole numbers separated by commas");
    await notify.getByLabel("Send booking notices to").fill("desk@salon.example");
    await notify.getByLabel("Reminder e-mails (hours before)").fill("2, 48");
    await notify.getByRole("button", { name: "Save notifications" }).click();
    await expect.poll(() => notify.getByRole("status").textContent()).toBe("Saved.");
    expect(await tenantRow(salon)).toMatchObject({ notificationEmail: "desk@salon.example", reminderHours: [48, 2] });
    await checkPage(page, "settings-scheduling");
    // No reminders at all.
    await notify.getByLabel("Reminder e-mails (hours before)").fill("");
    await notify.getByRole("button", { name: "Save notifications" }).click();
    await expect.poll(async () => (await tenantRow(salon)).reminderHours).toEqual([]);
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("adds a closure range and a single day, lists them, removes one (375 px)", async () => {
    const salon = await createSalon();
    const { page, errors } = await open(salon, "/app/settings/closures", 375);
    const panel = page.locator("section", { has: page.getByRole("heading", { name: "Closures", exact: true }) });
    expect(await panel.textContent()).toContain("No closures planned.");
    await panel.getByLabel("First closed day").fill("2031-12-26");
    await panel.getByLabel("Last closed day").fill("2031-12-24");
    await panel.getByLabel("Reason (only your team sees it)").fill("Holidays");
    await panel.getByRole("button", { name: "Add closure" }).click();
    await expect.poll(() => panel.locator("#closure-end-error").textContent()).toBe("The last day must not be before the first");
    await panel.getByLabel("First closed day").fill("2031-12-24");
    await panel.getByLabel("Last closed day").fill("2031-12-26");
    await panel.getByRole("button", { name: "Add closure" }).click();
    await expect.poll(() => panel.getByRole("status").textContent()).toBe("Closed Wed, Dec 24 to Fri, Dec 26, 2031.");
    await panel.getByLabel("First closed day").fill("2031-07-04");
    await panel.getByRole("button", { name: "Add closure" }).click();
    const list = panel.getByRole("list", { name: "Planned closures" });
    await expect
      .poll(() => list.locator("li").allTextContents())
      .toEqual(["Fri, Jul 4, 2031Remove", "Wed, Dec 24 to Fri, Dec 26, 2031 · HolidaysRemove"]);
    const closures = () =>
      e2eDb
        .select()
        .from(schema.businessClosures)
        .where(eq(schema.businessClosures.tenantId, salon.id))
        .orderBy(asc(schema.businessClosures.startDate));
    expect((await closures()).map((c) => [c.startDate, c.endDate, c.reason])).toEqual([
      ["2031-07-04", "2031-07-04", ""],
      ["2031-12-24", "2031-12-26", "Holidays"],
    ]);
    await checkPage(page, "settings-closures");
    await panel.getByRole("button", { name: "Remove closure Fri, Jul 4, 2031" }).click();
    await expect.poll(async () => (await closures()).map((c) => c.startDate)).toEqual(["2031-12-24"]);
    await expect.poll(() => list.locator("li").count()).toBe(1);
    expect(await panel.getByRole("status").textContent()).toBe("Open again Fri, Jul 4, 2031.");
    expect(scriptErrors(errors)).toEqual([]);
  });
});

describe("staff: date overrides", () => {
  it("sets a late day with two intervals and a day off, refuses an overlap next to it, changes and removes (1280 and 375 px)", async () => {
    const salon = await createSalon();
    const bea = salon.staff[1];
    const overrides = () =>
      e2eDb
        .select()
        .from(schema.staffDateOverrides)
        .where(eq(schema.staffDateOverrides.staffId, bea.id))
        .orderBy(asc(schema.staffDateOverrides.date));
    const desk = await open(salon, "/app/staff", 1280);
    let page = desk.page;
    const card = () => page.locator(".staff-card", { has: page.getByRole("heading", { name: "Bea Chen" }) });
    expect(await card().textContent()).toContain("None: the weekly hours apply on every date.");
    await page.getByRole("button", { name: "Set hours for a date for Bea Chen" }).click();
    let form = page.getByRole("dialog", { name: "Hours of Bea Chen on one date" });
    await form.getByLabel("Date (required)").fill("2031-07-10");
    // A Thursday: its weekly hours are shown to start from.
    await expect.poll(() => form.getByLabel("Thu, Jul 10, 2031 from").inputValue()).toBe("09:00");
    expect(await form.getByLabel("Thu, Jul 10, 2031 until").inputValue()).toBe("17:00");
    await form.getByLabel("Thu, Jul 10, 2031 until").fill("13:00");
    await form.getByRole("button", { name: "Add hours on Thu, Jul 10, 2031" }).click();
    await form.getByLabel("Thu, Jul 10, 2031 from").nth(1).fill("12:00");
    await form.getByLabel("Thu, Jul 10, 2031 until").nth(1).fill("21:00");
    await form.getByRole("button", { name: "Save hours for this date" }).click();
    await expect.poll(() => form.locator(".hours-error").textContent()).toBe("overlaps 09:00-13:00 on the same day");
    expect(await overrides()).toEqual([]);
    await checkPage(page, "staff-override-form");
    await form.getByLabel("Thu, Jul 10, 2031 from").nth(1).fill("14:00");
    await form.getByRole("button", { name: "Save hours for this date" }).click();
    await expect
      .poll(() => card().getByRole("list", { name: "Date overrides of Bea Chen" }).textContent())
      .toContain("Thu, Jul 10, 2031: 09:00–13:00, 14:00–21:00");
    expect((await overrides()).map((o) => [o.date, o.intervals])).toEqual([
      [
        "2031-07-10",
        [
          { startMinute: 540, endMinute: 780 },
          { startMinute: 840, endMinute: 1260 },
        ],
      ],
    ]);
    await checkPage(page, "staff-overrides");
    expect(scriptErrors(desk.errors)).toEqual([]);

    // On a phone: a day off, then the late day changes, then the day off goes.
    const phone = await open(salon, "/app/staff", 375);
    page = phone.page;
    await page.getByRole("button", { name: "Set hours for a date for Bea Chen" }).click();
    form = page.getByRole("dialog", { name: "Hours of Bea Chen on one date" });
    await form.getByLabel("Date (required)").fill("2031-07-11");
    await form.getByLabel("Not working that date").check();
    await checkPage(page, "staff-override-off");
    await form.getByRole("button", { name: "Save hours for this date" }).click();
    const list = () => card().getByRole("list", { name: "Date overrides of Bea Chen" });
    await expect.poll(() => list().locator("li").count()).toBe(2);
    expect(await list().locator("li").nth(1).textContent()).toContain("Fri, Jul 11, 2031: Not working");
    await page.getByRole("button", { name: "Change Thu, Jul 10, 2031 for Bea Chen" }).click();
    form = page.getByRole("dialog", { name: "Hours of Bea Chen on one date" });
    expect(await form.getByLabel("Thu, Jul 10, 2031 until").nth(1).inputValue()).toBe("21:00");
    await form.getByRole("button", { name: "Remove Thu, Jul 10, 2031 09:00–13:00" }).click();
    await form.getByRole("button", { name: "Save hours for this date" }).click();
    await expect.poll(() => list().locator("li").first().textContent()).toContain("Thu, Jul 10, 2031: 14:00–21:00");
    await page.getByRole("button", { name: "Remove override Fri, Jul 11, 2031 for Bea Chen" }).click();
    await expect.poll(() => list().locator("li").count()).toBe(1);
    expect((await overrides()).map((o) => [o.date, o.intervals])).toEqual([["2031-07-10", [{ startMinute: 840, endMinute: 1260 }]]]);
    await checkPage(page, "staff-overrides-phone");
    expect(scriptErrors(phone.errors)).toEqual([]);
  });
});

/** Presses Tab until the element with this id has the focus (a date field's picker button is a stop of its own). */
async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((x) => document.activeElement?.id === x, id)) return;
  }
  throw new Error(`Tab never reached #${id}`);
}

describe("by keyboard only", () => {
  it("sets a day off and adds a closure without a pointer", async () => {
    const salon = await createSalon();
    const alex = salon.staff[0];
    const { page, errors } = await open(salon, "/app/staff", 375);
    await page.getByRole("button", { name: "Set hours for a date for Alex Rivera" }).focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "Hours of Alex Rivera on one date" });
    // The dialog starts at its first field: the date.
    await expect.poll(() => form.getByLabel("Date (required)").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("08012031");
    await tabTo(page, "ovr-off");
    await page.keyboard.press("Space");
    expect(await form.getByLabel("Not working that date").isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const card = page.locator(".staff-card", { has: page.getByRole("heading", { name: "Alex Rivera" }) });
    await expect
      .poll(() => card.getByRole("list", { name: "Date overrides of Alex Rivera" }).textContent())
      .toContain("Fri, Aug 1, 2031: Not working");
    const [row] = await e2eDb.select().from(schema.staffDateOverrides).where(eq(schema.staffDateOverrides.staffId, alex.id));
    expect([row.date, row.intervals]).toEqual(["2031-08-01", []]);

    await openApp(page, "/app/settings/closures");
    const panel = page.locator("section", { has: page.getByRole("heading", { name: "Closures", exact: true }) });
    await panel.getByLabel("First closed day").focus();
    await page.keyboard.type("01012032");
    await tabTo(page, "closure-reason");
    await page.keyboard.type("New Year");
    await page.keyboard.press("Enter");
    await expect.poll(() => panel.getByRole("status").textContent()).toBe("Closed Thu, Jan 1, 2032.");
    const [closure] = await e2eDb.select().from(schema.businessClosures).where(eq(schema.businessClosures.tenantId, salon.id));
    expect(closure).toMatchObject({ startDate: "2032-01-01", endDate: "2032-01-01", reason: "New Year" });
    expect(scriptErrors(errors)).toEqual([]);
  });
});

describe("who may change the scheduling sections", () => {
  it("a staff-role member sees them, disabled with the reason", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const sam = salon.members[0];
    await e2eDb.insert(schema.businessClosures).values({
      id: `cls_${salon.slug}`,
      tenantId: salon.id,
      startDate: "2031-12-24",
      endDate: "2031-12-24",
      reason: "Holiday",
      createdAt: new Date().toISOString(),
    });
    const { page, errors } = await open(salon, "/app/settings/closures", 375, sam);
    const closures = page.locator("section", { has: page.getByRole("heading", { name: "Closures", exact: true }) });
    expect(await closures.getByRole("button", { name: "Add closure" }).isDisabled()).toBe(true);
    expect(await closures.getByRole("button", { name: "Remove closure Wed, Dec 24, 2031" }).isDisabled()).toBe(true);
    expect(await closures.getByLabel("First closed day").isDisabled()).toBe(true);
    expect(await closures.locator(".gate-note").textContent()).toBe("Only owners and admins can change this.");
    await checkPage(page, "settings-closures-staff-role");
    await openApp(page, "/app/settings/rules");
    const rules = page.locator("section", { has: page.getByRole("heading", { name: "Booking rules" }) });
    expect(await rules.getByLabel("Minimum notice (minutes)").isDisabled()).toBe(true);
    await openApp(page, "/app/settings/notifications");
    expect(await page.getByRole("button", { name: "Save notifications" }).isDisabled()).toBe(true);
    await checkPage(page, "settings-scheduling-staff-role");

    await openApp(page, "/app/staff");
    const set = page.getByRole("button", { name: "Set hours for a date for Bea Chen" });
    expect(await set.isDisabled()).toBe(true);
    expect(await set.getAttribute("title")).toBe("Only owners and admins can change this.");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
