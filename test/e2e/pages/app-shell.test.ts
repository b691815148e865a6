import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import {
  APP_PASSWORD,
  appBase,
  bookAt,
  checkPage,
  createSalon,
  openApp,
  scriptErrors,
  sessionFor,
  signedInState,
  watchUrls,
} from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// Issue item 1: sign in, switch business, sign out; the token is refreshed before it ends; a 401
// returns to sign-in with a message. Dates are fixed in 2031.
const browser = useBrowser();
afterAll(() => e2eClient.close());

describe("owner app: sign-in, business switch, sign-out", () => {
  it("signs in with the form, switches to another business, and signs out; the token never travels in a URL", async () => {
    const first = await createSalon({ name: "Northside Cuts" });
    const second = await createSalon({ name: "Southside Cuts" });
    // Olive is also the owner of the second business.
    await e2eDb
      .insert(schema.tenantMembers)
      .values({ id: newId("mem"), tenantId: second.id, userId: first.owner.userId, role: "owner", createdAt: "2031-01-01T00:00:00.000Z" });
    await bookAt(second, "2031-05-06T10:00", { customer: "Sol Second" });

    const { page } = await browser.newPage({ width: 1280 });
    const errors = watchErrors(page);
    const urls = watchUrls(page);
    await page.goto(`${appBase}/app/calendar?date=2031-05-06`);
    // Not signed in: to the sign-in page, and back to the page asked for afterwards.
    await page.waitForURL(`${appBase}/app/login`);
    await checkPage(page, "login");
    await page.getByLabel("E-mail", { exact: true }).fill(first.owner.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.locator("#login-error").textContent()).toBe("The e-mail or password is not right.");
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(first.owner.email);

    await page.getByLabel("Password").fill(APP_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${appBase}/app/calendar?date=2031-05-06`);
    const switcher = page.getByLabel("Business");
    await expect.poll(() => switcher.locator("option:checked").textContent()).toBe("Northside Cuts");

    await switcher.selectOption({ label: "Southside Cuts" });
    await page.waitForURL(`${appBase}/app/calendar`);
    await expect.poll(() => page.getByLabel("Business").locator("option:checked").textContent()).toBe("Southside Cuts");
    await page.goto(`${appBase}/app/bookings?from=2031-05-06&to=2031-05-06`);
    await expect.poll(() => page.locator("#app-root").textContent()).toContain("Sol Second");

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("app.session")))!) as { token: string; tenantId: string };
    expect(stored.tenantId).toBe(second.id);
    expect(urls.filter((u) => u.includes(stored.token))).toEqual([]);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${appBase}/app/login`);
    await expect.poll(() => page.locator("#login-notice").textContent()).toBe("You have signed out.");
    expect(await page.evaluate(() => localStorage.getItem("app.session"))).toBeNull();
    // The session is revoked on the server: the old token cannot be refreshed.
    const refresh = await fetch(`${appBase}/api/auth/refresh`, { method: "POST", headers: { Authorization: `Bearer ${stored.token}` } });
    expect(refresh.status).toBe(401);
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });

  it("returns to sign-in with a message when the session is revoked (401)", async () => {
    const salon = await createSalon();
    const session = await sessionFor(salon, salon.owner);
    const { page } = await browser.newPage({ width: 375, storageState: signedInState(session) });
    await openApp(page, "/app?date=2031-05-06");
    await checkPage(page, "dashboard-empty");
    // The token stops being accepted (here: its signature no longer matches): the next request is a 401.
    await page.evaluate((t) => {
      const s = JSON.parse(localStorage.getItem("app.session")!);
      s.token = `${t.split(".").slice(0, 2).join(".")}.invalid`;
      localStorage.setItem("app.session", JSON.stringify(s));
    }, session.token);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Calendar" }).click();
    await page.waitForURL(`${appBase}/app/login`);
    await expect.poll(() => page.locator("#login-notice").textContent()).toBe("Your session has ended. Please sign in again.");
  });

  it("refreshes a token with less than 12 of its 24 hours left, without a sign-in", async () => {
    const salon = await createSalon();
    const session = await sessionFor(salon, salon.owner);
    const { signToken } = await import("../../../src/lib/jwt");
    const claims = JSON.parse(Buffer.from(session.token.split(".")[1], "base64url").toString()) as { sid: string };
    const old = await signToken(
      (await import("vitest")).inject("e2eJwtSecret"),
      { sub: salon.owner.userId, sid: claims.sid, tenantId: salon.id, role: "owner" },
      3600,
      new Date(),
    );
    const { page } = await browser.newPage({ width: 1280, storageState: signedInState({ ...session, token: old.token }) });
    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh"));
    await openApp(page, "/app?date=2031-05-06");
    expect((await refreshed).status()).toBe(200);
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem("app.session")))!).token).not.toBe(old.token);
  });
});
