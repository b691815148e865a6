import { and, eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { APP_PAGES } from "../../../src/shared/app-pages";
import { SETTINGS_PATH, SETTINGS_SECTIONS, settingsSectionPath } from "../../../src/shared/settings-sections";
import { appBase, bookAt, checkPage, createSalon, openApp, scriptErrors, sessionFor, signedInState, watchUrls } from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { impersonateOwner, signInToConsole } from "../helpers/console";
import { e2eClient, e2eDb } from "../helpers/db";

// Staff-role restrictions, and the operator's impersonation: the owner app opened read-only from
// the console (design.md §15), one audit row per page opened, the banner, expiry back to the console.
const browser = useBrowser();
afterAll(() => e2eClient.close());

describe("a staff member", () => {
  it("books and updates bookings, but sees cancel, reschedule and every setting disabled with the reason", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    const { page } = await browser.newPage({ width: 1280, storageState: signedInState(await sessionFor(salon, salon.members[0])) });
    const errors = watchErrors(page);
    await openApp(page, `/app/calendar?date=2031-05-06&booking=${booking.id}`);
    const dialog = page.getByRole("dialog", { name: "Ada Lovelace · Haircut" });
    await expect.poll(() => dialog.getByRole("button", { name: "Complete" }).isEnabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Cancel booking" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Reschedule" }).isDisabled()).toBe(true);
    // The booking is on 2031-05-06: its no-show waits for the start (design.md §31).
    expect(await dialog.locator(".gate-note").textContent()).toBe(
      "A no-show can be marked once the start time has passed. Only owners and admins can cancel bookings. Only owners and admins can move bookings.",
    );
    await checkPage(page, "staff-role-detail");
    await dialog.getByRole("button", { name: "Complete" }).click();
    await expect.poll(() => dialog.textContent()).toContain("nothing more to do");
    await dialog.getByRole("button", { name: "Close dialog" }).click();

    // Walk-ins are the front desk's job: staff may book them.
    await page.getByRole("button", { name: "New booking" }).click();
    const form = page.getByRole("dialog", { name: "New booking" });
    await form.getByLabel("Start time").fill("15:00");
    await form.getByLabel("First name").fill("Sid");
    await form.getByRole("button", { name: "Book", exact: true }).click();
    // design.md §31: staff are never shown confirmation codes (a code cancels the booking by itself).
    await expect.poll(() => page.locator("p.done").textContent()).toMatch(/^Booked: /);
    expect(await page.locator("#app-root").textContent()).not.toMatch(/BK-[A-Z0-9]{6}/);

    await openApp(page, "/app/services");
    expect(await page.getByRole("button", { name: "Add service" }).isDisabled()).toBe(true);
    expect(await page.locator(".gate-note").first().textContent()).toBe("Only owners and admins can change this.");
    await openApp(page, "/app/settings");
    expect(await page.getByRole("button", { name: "Save profile" }).isDisabled()).toBe(true);
    expect(await page.getByLabel("Business name").isDisabled()).toBe(true);
    expect(await page.getByRole("heading", { name: "Failed deliveries" }).count()).toBe(0);
    // Failed deliveries are for owners and admins: not in a staff member's menu, and its page says so.
    const menu = page.getByRole("navigation", { name: "Settings sections" });
    expect(await menu.getByRole("link", { name: /Failed deliveries/ }).count()).toBe(0);
    expect(await menu.getByRole("link").count()).toBe(SETTINGS_SECTIONS.length - 1);
    await openApp(page, "/app/settings/failed-jobs");
    expect(await page.locator(".settings-body .gate-note").textContent()).toBe("Only owners and admins see failed deliveries.");
    expect(await page.locator(".settings-body table").count()).toBe(0);
    expect(scriptErrors(errors)).toEqual([]);
  });
});

/** The scheduling sections (issue #18) by name: closures in settings, date overrides in staff. */
async function disabledByName(button: Locator, where: string) {
  expect(await button.isDisabled(), where).toBe(true);
  expect(await button.getAttribute("title"), where).toMatch(/^Read-only session/);
}

const impersonationRows = (tenantId: string) =>
  e2eDb
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.targetId, tenantId), eq(schema.auditLog.action, "admin.tenant.impersonate")))
    .orderBy(schema.auditLog.createdAt);

describe("impersonation from the console", () => {
  it("opens the owner app read-only: banner, every action disabled, one audit row per page opened, back to the console at expiry", async () => {
    const salon = await createSalon({ name: "Impersonated Salon" });
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    const { page } = await browser.newPage({ width: 1280 });
    await page.clock.install();
    const urls = watchUrls(page);
    await signInToConsole(page);
    const reason = "Ticket 4521: the owner sees no bookings";
    await impersonateOwner(page, salon, reason);
    const banner = page.getByRole("region", { name: "Impersonation session" });
    await expect.poll(() => banner.textContent()).toContain("Read-only impersonation of Impersonated Salon by Platform Admin");
    expect(await banner.textContent()).toContain(reason);
    await expect.poll(() => page.locator("#imp-time-left").textContent()).toMatch(/^(60:00|59:[0-5]\d)$/);
    // No account bar (no switch, no sign-out of the owner) while impersonating.
    expect(await page.locator("#app-account").textContent()).toBe("");
    // The assistant is there but refused to an impersonation (design.md §20), and says why.
    const assistant = page.getByRole("button", { name: "Assistant" });
    expect(await assistant.isDisabled()).toBe(true);
    expect(await assistant.getAttribute("title")).toBe("Read-only session: an operator's impersonation cannot change anything.");

    const opened: string[] = ["/app"];
    for (const p of APP_PAGES.filter((x) => x.path !== "/app")) {
      await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: p.title, exact: true }).click();
      // At 1280 px the settings index opens its first section (issue #34 item 10), named as that page.
      const landed = p.path === SETTINGS_PATH ? settingsSectionPath(SETTINGS_SECTIONS[0].slug) : p.path;
      await page.waitForURL(`${appBase}${landed}`);
      await expect.poll(() => page.locator("#app-root [data-loading]").count()).toBe(0);
      opened.push(landed);
      // Every action is disabled, and says why.
      const actions = page.locator("main button[title^='Read-only session']");
      const noEnabledActions = async (where: string) =>
        expect(
          (await page.locator("main button.primary:not([disabled])").allTextContents()).filter(
            (t) => !["Show bookings", "Search", "Show report"].includes(t),
          ),
          where,
        ).toEqual([]);
      await noEnabledActions(p.path);
      if (["/app/calendar", "/app/services", "/app/staff", "/app/settings"].includes(p.path))
        expect(await actions.count(), p.path).toBeGreaterThan(0);
      // Every settings section is a page of its own: each is opened from the side menu (one row
      // each), with nothing enabled; closures' and staff's scheduling actions are checked by name.
      if (p.path === SETTINGS_PATH) {
        for (const section of SETTINGS_SECTIONS.slice(1)) {
          await page
            .getByRole("navigation", { name: "Settings sections" })
            .getByRole("link", { name: new RegExp(`^${section.title}`) })
            .click();
          await page.waitForURL(`${appBase}${settingsSectionPath(section.slug)}`);
          await expect.poll(() => page.locator("#app-root [data-loading]").count()).toBe(0);
          opened.push(settingsSectionPath(section.slug));
          await noEnabledActions(settingsSectionPath(section.slug));
          if (section.slug === "closures") await disabledByName(page.getByRole("button", { name: "Add closure" }), section.slug);
          await checkPage(page, `impersonation-settings-${section.slug}`);
        }
      }
      if (p.path === "/app/staff") await disabledByName(page.getByRole("button", { name: "Set hours for a date for Alex Rivera" }), p.path);
      await checkPage(page, `impersonation-${p.title.toLowerCase().replace(/\s+/g, "-")}`);
    }
    // Opening a booking is a page of its own: one row too.
    await page.goto(`${appBase}/app/calendar?date=2031-05-06&booking=${booking.id}`);
    opened.push("/app/calendar", "/app/booking");
    const dialog = page.getByRole("dialog", { name: "Ada Lovelace · Haircut" });
    await expect.poll(() => dialog.getByRole("button", { name: "Complete" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Cancel booking" }).isDisabled()).toBe(true);
    expect(await dialog.locator(".gate-note").textContent()).toContain("Read-only session");

    const rows = await impersonationRows(salon.id);
    const pages = rows.map((r) => (r.metadata as { page: string }).page);
    expect(pages).toEqual(["start", ...opened]);
    expect(rows.every((r) => r.reason === reason)).toBe(true);

    const imp = JSON.parse((await page.evaluate(() => sessionStorage.getItem("app.impersonation")))!) as { token: string };
    expect(urls.filter((u) => u.includes(imp.token))).toEqual([]);

    // An hour later the session is over: back to the console's tenant page, the token forgotten.
    await page.clock.fastForward("01:00:00");
    await page.waitForURL(`${appBase}/admin/tenant?id=${salon.id}`);
    expect(await page.evaluate(() => sessionStorage.getItem("app.impersonation"))).toBeNull();
  });

  it("ends on request and returns to the console; /app without a session asks an owner to sign in", async () => {
    const salon = await createSalon();
    const { page } = await browser.newPage({ width: 375 });
    await signInToConsole(page);
    await impersonateOwner(page, salon, "Layout check on a phone");
    await expect.poll(() => page.locator("#app-root [data-loading]").count()).toBe(0);
    await checkPage(page, "impersonation-dashboard");
    await page.getByRole("button", { name: "End session" }).click();
    await page.waitForURL(`${appBase}/admin/tenant?id=${salon.id}`);
    await page.goto(`${appBase}/app`);
    await page.waitForURL(`${appBase}/app/login`);
  });
});
