import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SETTINGS_SECTIONS, type SettingsSlug, settingsSectionPath } from "../../../src/shared/settings-sections";
import { APP_PASSWORD, appBase, checkPage, createSalon, openApp, type Salon, scriptErrors, signedInPage } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { e2eClient } from "../helpers/db";

// Issue #34 item 10: every settings section is a page of its own under /app/settings/<section>,
// with a section menu (the index's list on a phone, a side menu at 1280 px), one settings-view
// request per page, and forms that save alone.
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** The first heading each section shows. */
const HEADING: Record<SettingsSlug, string> = {
  profile: "Profile",
  rules: "Booking rules",
  closures: "Closures",
  texts: "Text messages",
  notifications: "Notifications",
  appearance: "Appearance",
  widget: "Booking button for your website",
  domain: "Custom domain",
  payments: "Payments",
  "gift-cards": "Gift cards",
  reliability: "Client reliability",
  webhooks: "Webhooks",
  members: "Members",
  "api-keys": "API keys",
  "failed-jobs": "Failed deliveries",
};
const VIEW = "/api/businesses/me/views/settings";

async function open(salon: Salon, width: number) {
  const { page, errors } = await signedInPage(browser, salon, { width });
  const views: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(VIEW)) views.push(r.headers()["x-app-page"] ?? "");
  });
  return { page, errors, views };
}
const menu = (page: Page) => page.getByRole("navigation", { name: "Settings sections" });
const pagesNav = (page: Page) => page.getByRole("navigation", { name: "Pages" });

describe("settings sections", () => {
  it.each([1280, 375])("each section loads at its own URL at %i px: one view request, Settings marked, axe-clean", async (width) => {
    const salon = await createSalon();
    const { page, errors, views } = await open(salon, width);
    for (const s of SETTINGS_SECTIONS) {
      const path = settingsSectionPath(s.slug);
      const before = views.length;
      await openApp(page, path);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.title()).toBe(`${s.title} · Settings · Front desk`);
      expect(await page.locator(".settings-body h2").first().textContent()).toBe(HEADING[s.slug]);
      expect(await pagesNav(page).getByRole("link", { name: "Settings" }).getAttribute("aria-current")).toBe("page");
      // One page view request per page, naming the section (an impersonation's audit row says it).
      expect(views.slice(before)).toEqual([path]);
      if (width >= 720) {
        expect(await menu(page).locator("a[aria-current=page] .settings-menu-title").textContent()).toBe(s.title);
        expect(await page.getByRole("link", { name: "All settings" }).isVisible()).toBe(false);
      } else {
        expect(await menu(page).isVisible()).toBe(false);
        expect(await page.getByRole("link", { name: "All settings" }).isVisible()).toBe(true);
      }
      await checkPage(page, `settings-${s.slug}`);
    }
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });

  it("on a phone, opens on the section list; a section opens on its own page, with a way back", async () => {
    const salon = await createSalon();
    const { page, views } = await open(salon, 375);
    await openApp(page, "/app/settings");
    expect(new URL(page.url()).pathname).toBe("/app/settings");
    expect(views).toEqual(["/app/settings"]);
    const links = menu(page).getByRole("link");
    expect(await links.count()).toBe(SETTINGS_SECTIONS.length);
    expect(await links.nth(1).textContent()).toBe(`Booking rules${SETTINGS_SECTIONS[1].summary}`);
    expect(await page.locator(".settings-body").count()).toBe(0);
    expect(await page.locator("form").count()).toBe(0);
    await checkPage(page, "settings-menu");

    await menu(page)
      .getByRole("link", { name: /^Booking rules/ })
      .click();
    await page.waitForURL(`${appBase}/app/settings/rules`);
    await expect.poll(() => page.getByRole("button", { name: "Save booking rules" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "All settings" }).click();
    await page.waitForURL(`${appBase}/app/settings`);
    await expect.poll(() => menu(page).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Booking rules" }).count()).toBe(0);
  });

  it("at 1280 px, opens the first section beside the side menu, and the menu works by keyboard", async () => {
    const salon = await createSalon();
    const { page, views } = await open(salon, 1280);
    await openApp(page, "/app/settings");
    expect(new URL(page.url()).pathname).toBe("/app/settings/profile");
    expect(await page.title()).toBe("Profile · Settings · Front desk");
    expect(views).toEqual(["/app/settings/profile"]);
    expect(await menu(page).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Profile" }).isVisible()).toBe(true);

    // Tab from the top of the page into the menu, along it to Closures, and open it with Enter.
    const focused = () => page.evaluate(() => document.activeElement?.querySelector(".settings-menu-title")?.textContent ?? "");
    const inMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest(".settings-menu")));
    for (let i = 0; i < 40 && !(await inMenu()); i++) await page.keyboard.press("Tab");
    expect(await focused()).toBe("Profile");
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow);
    expect(ring).not.toBe("none");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("Closures");
    await checkPage(page, "settings-menu-focus");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${appBase}/app/settings/closures`);
    await expect.poll(() => page.getByRole("button", { name: "Add closure" }).isVisible()).toBe(true);
    // Shift+Tab from the section's first field goes back into the menu.
    await page.getByLabel("First closed day").focus();
    for (let i = 0; i < 20 && !(await inMenu()); i++) await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Failed deliveries");
  });

  it("saves each section's form alone: a Save sends only that section's fields", async () => {
    const salon = await createSalon();
    const { page } = await open(salon, 1280);
    const patches: Array<Record<string, unknown>> = [];
    page.on("request", (r) => {
      if (r.method() === "PATCH" && r.url().endsWith("/api/businesses/me")) patches.push(r.postDataJSON() as Record<string, unknown>);
    });
    await openApp(page, "/app/settings/profile");
    await page.getByLabel("Business name").fill("Alone Studio");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Saved.");
    await openApp(page, "/app/settings/rules");
    await page.getByLabel("Free cancellation until (hours before)").fill("12");
    await page.getByRole("button", { name: "Save booking rules" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Saved.");
    await openApp(page, "/app/settings/payments");
    await page.getByLabel("Ask for payment when customers book online").check();
    await page.getByRole("button", { name: "Save payment rules" }).click();
    const rules = page.locator("section", { has: page.getByRole("heading", { name: "Payment rules" }) });
    await expect.poll(() => rules.getByRole("alert").count()).toBe(1);
    expect(patches).toEqual([{ businessName: "Alone Studio" }, { cancellationHours: 12 }, { requirePayment: true }]);
  });

  it("answers a deep link and a reload, returns there after signing in; an unknown section is the 404 page", async () => {
    const salon = await createSalon();
    const { page } = await browser.newPage({ width: 375 });
    await page.goto(`${appBase}/app/settings/webhooks`);
    await page.waitForURL(`${appBase}/app/login`);
    await page.getByLabel("E-mail", { exact: true }).fill(salon.owner.email);
    await page.getByLabel("Password").fill(APP_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${appBase}/app/settings/webhooks`);
    await expect.poll(() => page.getByRole("heading", { name: "Webhooks" }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "Webhooks" }).isVisible()).toBe(true);

    for (const unknown of ["/app/settings/nope", "/app/settings/profile/more", "/app/settings/Profile"]) {
      const res = await page.goto(`${appBase}${unknown}`);
      expect(res?.status(), unknown).toBe(404);
      expect(await page.locator("h1").textContent(), unknown).toBe("Page not found");
    }
  });
});
