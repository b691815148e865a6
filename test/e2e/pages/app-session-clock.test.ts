import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { APP_PASSWORD, appBase, createSalon, openApp, sessionFor, signedInState } from "../helpers/app";
import { useBrowser } from "../helpers/browser";
import { impersonateOwner, signInToConsole } from "../helpers/console";
import { e2eClient } from "../helpers/db";

// Issue #34 item 11: sessions are measured against the server's clock (the lifetime it gives a
// token, from when the browser received it), never the browser's wall time against `exp`. A
// computer whose clock is a day off either way stays signed in, in the owner app, the operator
// console and an impersonation.
const browser = useBrowser();
afterAll(() => e2eClient.close());

const DAY = 86400_000;
const SKEWS = [
  ["a day ahead", DAY],
  ["a day behind", -DAY],
] as const;

type Stored = { token: string; receivedAt?: number };
const stored = async (page: Page, key = "app.session", where: "local" | "session" = "local") =>
  JSON.parse(
    (await page.evaluate(([k, w]) => (w === "local" ? localStorage : sessionStorage).getItem(k), [key, where] as const)) ?? "null",
  ) as Stored | null;

describe("the browser's clock in these tests", () => {
  it("is the suite's clock, or as far off it as a test asks, on every page it opens", async () => {
    const { page } = await browser.newPage();
    const gap = async () => (await page.evaluate(() => Date.now())) - Date.now();
    expect(Math.abs(await gap())).toBeLessThan(60_000);
    await page.goto(`${appBase}/app/login`);
    expect(Math.abs(await gap())).toBeLessThan(60_000);
    // A test that moves time installs the clock first (it starts at the suite's now); moved on, it
    // stays moved on in the next page too.
    await page.clock.install();
    expect(Math.abs(await gap())).toBeLessThan(60_000);
    await page.clock.fastForward("02:00:00");
    await page.goto(`${appBase}/admin`);
    expect(Math.abs((await gap()) - 2 * 3600_000)).toBeLessThan(60_000);
    const { page: ahead } = await browser.newPage({ clockSkewMs: DAY });
    const skewed = (await ahead.evaluate(() => Date.now())) - Date.now();
    expect(Math.abs(skewed - DAY)).toBeLessThan(60_000);
  });
});

describe.each(SKEWS)("a computer whose clock is %s", (_, skew) => {
  it("signs an owner in and keeps the session across pages and reloads; refreshes it 12 hours later by its own clock", async () => {
    const salon = await createSalon({ name: `Clock ${skew > 0 ? "Ahead" : "Behind"} Cuts` });
    const { page } = await browser.newPage({ width: 1280, clockSkewMs: skew });
    const refreshes: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/auth/refresh")) refreshes.push(r.status());
    });
    await page.goto(`${appBase}/app/login`);
    await page.getByLabel("E-mail", { exact: true }).fill(salon.owner.email);
    await page.getByLabel("Password").fill(APP_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${appBase}/app`);
    await expect.poll(() => page.locator("#app-account").textContent()).toContain(salon.businessName);
    const first = await stored(page);
    expect(first?.receivedAt).toBeTypeOf("number");

    await page.reload();
    await expect.poll(() => page.locator("#app-root [data-loading]").count()).toBe(0);
    await openApp(page, "/app/customers");
    expect(page.url()).toBe(`${appBase}/app/customers`);
    await expect.poll(() => page.locator("#app-account").textContent()).toContain(salon.businessName);
    // A token fresh from sign-in is not refreshed at once (no loop), whatever the clock says.
    expect(refreshes).toEqual([]);

    // 13 hours later by this computer's clock, the token is refreshed without a sign-in.
    await page.clock.fastForward("13:00:00");
    await expect.poll(() => refreshes).toEqual([200]);
    await expect.poll(async () => (await stored(page))?.token).not.toBe(first?.token);
    expect(page.url()).toBe(`${appBase}/app/customers`);
  });

  it("keeps the operator console's session and an impersonation's hour", async () => {
    const salon = await createSalon();
    const { page } = await browser.newPage({ width: 1280, clockSkewMs: skew });
    await signInToConsole(page);
    await impersonateOwner(page, salon, "Clock check");
    await expect.poll(() => page.locator("#app-root [data-loading]").count()).toBe(0);
    expect(await page.locator("#imp-time-left").textContent()).toMatch(/^(59:\d\d|60:00)$/);
    await page.reload();
    await expect.poll(() => page.locator("#imp-time-left").textContent()).toMatch(/^(59:\d\d|60:00)$/);

    await page.getByRole("button", { name: "End session" }).click();
    await page.waitForURL(`${appBase}/admin/tenant?id=${salon.id}`);
    await expect.poll(() => page.locator("#tenant-title").textContent()).toBe(salon.businessName);
  });
});

describe("a session kept before receipt times were", () => {
  it("is refreshed at once, and the new token's receipt is kept", async () => {
    const salon = await createSalon();
    const { receivedAt: _, ...old } = await sessionFor(salon, salon.owner);
    const { page } = await browser.newPage({ width: 375, storageState: signedInState(old) });
    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh"));
    await openApp(page, "/app/customers");
    expect((await refreshed).status()).toBe(200);
    await expect.poll(async () => (await stored(page))?.receivedAt).toBeTypeOf("number");
    expect((await stored(page))?.token).not.toBe(old.token);
  });
});
