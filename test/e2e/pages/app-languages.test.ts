import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { bookAt, checkPage, createSalon, openApp, type Salon, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// design.md §30 in Chromium: the owner app in each member's own language (else the business's),
// its dates and money written that language's way, at a phone's width without overflow, axe-clean;
// the language picker saves the member's choice and reloads the app in it.
// A fixed day, never today: Tuesday 2031-05-06 in New York.
const browser = useBrowser();
afterAll(() => e2eClient.close());

const memberLocale = (salon: Salon, locale: "de" | "es" | null) =>
  e2eDb
    .update(schema.tenantMembers)
    .set({ locale })
    .where(and(eq(schema.tenantMembers.tenantId, salon.id), eq(schema.tenantMembers.userId, salon.owner.userId)));

/** The app has reloaded in `lang` and its page's first view has rendered. */
async function openIn(page: Page, path: string, lang: string) {
  await openApp(page, path);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await expect.poll(() => page.locator("#app-root [data-loading]").count(), { timeout: 15_000 }).toBe(0);
}

describe("the owner app in the member's language", () => {
  it("speaks German to a member who chose it, at 375 px, with German dates and money", async () => {
    const salon = await createSalon();
    await memberLocale(salon, "de");
    await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    const { page } = await browser.newPage({ width: 375, height: 800, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    const errors = watchErrors(page);

    await openIn(page, "/app?date=2031-05-06", "de");
    expect(await page.locator("h1").textContent()).toBe("Übersicht");
    expect(await page.locator(".app-nav").textContent()).toContain("Kalender");
    // Intl for de: "Di., 6. Mai 2031"; the week strip and headings follow.
    expect(await page.locator(".page-head h2").textContent()).toBe("Di., 6. Mai 2031");
    expect(await page.locator("#week-heading").textContent()).toBe("Die nächsten 7 Tage");
    expect(await page.locator("#timeline-heading").textContent()).toBe("Termine am Di., 6. Mai (1)");
    expect(await page.getByRole("button", { name: "Abmelden" }).count()).toBe(1);
    expect(await page.title()).toMatch(/^Übersicht ·/);
    await checkPage(page, "languages-de-dashboard");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await openIn(page, "/app/bookings?from=2031-05-06&to=2031-05-06", "de");
    const row = page.locator("tbody tr").first();
    expect(await row.locator("td").nth(5).textContent()).toBe("45,00\u00a0$");
    expect(await row.locator("td").nth(4).textContent()).toBe("Bestätigt");
    expect(await page.getByRole("button", { name: "Buchungen anzeigen" }).count()).toBe(1);
    await checkPage(page, "languages-de-bookings");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    await openIn(page, "/app/customers", "de");
    expect(await page.locator("h1").textContent()).toBe("Kunden");
    expect(await page.getByRole("status").first().textContent()).toBe("Der neueste Kunde");
    await page.getByRole("button", { name: "Ada Lovelace" }).click();
    const dialog = page.getByRole("dialog", { name: "Ada Lovelace" });
    await expect.poll(() => dialog.locator(".booking-row").first().textContent()).toContain("Haircut bei Alex Rivera · 45,00\u00a0$");
    expect(await dialog.getByRole("button", { name: "Speichern" }).count()).toBe(1);
    await checkPage(page, "languages-de-customer");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("speaks the business's Spanish at 1280 px, and the picker switches the member to German", async () => {
    const salon = await createSalon();
    await e2eDb.update(schema.tenants).set({ locale: "es" }).where(eq(schema.tenants.id, salon.id));
    await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    const { page } = await browser.newPage({ width: 1280, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    const errors = watchErrors(page);

    await openIn(page, "/app/bookings?from=2031-05-06&to=2031-05-06", "es");
    expect(await page.locator("h1").textContent()).toBe("Reservas");
    const row = page.locator("tbody tr").first();
    // Intl for es: "mar, 6 may" and "45,00 US$".
    expect(await row.locator("td").first().textContent()).toContain("mar, 6 may");
    expect(await row.locator("td").nth(5).textContent()).toBe("45,00\u00a0US$");
    expect(await page.getByRole("status").first().textContent()).toBe("Reservas 1–1 desde el mar, 6 may 2031");
    await checkPage(page, "languages-es-bookings");

    await openIn(page, "/app?date=2031-05-06", "es");
    expect(await page.locator(".page-head h2").textContent()).toBe("mar, 6 may 2031");
    await checkPage(page, "languages-es-dashboard");

    // The picker: the member's own language, saved on their membership; the app reloads in it.
    await page.getByLabel("Idioma").selectOption("de");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("de");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Übersicht");
    const [member] = await e2eDb
      .select({ locale: schema.tenantMembers.locale })
      .from(schema.tenantMembers)
      .where(and(eq(schema.tenantMembers.tenantId, salon.id), eq(schema.tenantMembers.userId, salon.owner.userId)));
    expect(member.locale).toBe("de");
    expect(await page.getByLabel("Sprache").inputValue()).toBe("de");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
