import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { describeViolations, screenshot, seriousViolations } from "../helpers/axe";
import { useBrowser, watchErrors } from "../helpers/browser";
import { schema } from "../../../src/db/client";
import { bookingByCode, createBookableTenant, e2eClient, e2eDb } from "../helpers/db";
import { outboxRows } from "../../helpers/outbox";
import { addAndRemoveWindow, fullDay } from "../helpers/waitlist";

const baseUrl = inject("e2eBaseUrl");
const browser = useBrowser();
afterAll(() => e2eClient.close());

// design.md §30 in Chromium: the booking page in German at 375 px (long compound words must not push
// the page wider than the phone) and in Spanish, both axe-clean; the booking remembers its language.
// The page's clock is pinned: Tuesday 2031-06-03, 09:00 in New York; times are on the Wednesday after.
const NOW = "2031-06-03T13:00:00Z";
const DATE = "2031-06-04";

/** Nothing wider than the viewport: the page's scrolling width fits its client width. */
const fits = (page: import("playwright-core").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the booking page in the customer's language", () => {
  it("books in German at 375 px without overflow, and the booking keeps German", async () => {
    const tenant = await createBookableTenant({
      // Only German offered: the browser asks for English (Accept-Language), the page answers in the business locale.
      tenant: { locale: "de", currency: "EUR" },
      serviceName: "Haarschnitt mit Kopfmassage und Föhnfrisur",
      staffName: "Alexandra Schneider-Wittgenstein",
      price: 4950,
    });
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await expect.poll(() => page.locator("#book-heading").textContent()).toBe("Termin buchen");
    expect(await page.locator("#step-service .choice-body .muted").first().textContent()).toBe("1 h · 49,50\u00a0€");

    await page.getByRole("radio", { name: /^Haarschnitt/ }).check();
    await page.getByRole("radio", { name: /^Alexandra/ }).check();
    await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
    expect(await page.locator("#cal-title").textContent()).toBe("Juni 2031");
    await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
    await expect.poll(() => page.locator("#slot-status").textContent()).toMatch(/^\d+ freie Zeiten am Mi\., 4\. Juni 2031\.$/);
    await page.locator("#slots button").first().click();
    await expect.poll(() => page.locator("#step-details").isVisible()).toBe(true);
    await page.getByLabel("Vorname").fill("Jürgen");
    await page.getByLabel("Nachname").fill("Müller");
    await page.getByLabel("E-Mail-Adresse").fill(`juergen-${tenant.slug}@example.test`);
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page).then(describeViolations)).toBe("");
    await screenshot(page, "booking-de-375");

    await page.getByRole("button", { name: "Buchung bestätigen" }).click();
    await expect.poll(() => page.locator("#confirmation").isVisible()).toBe(true);
    expect(await page.locator("#confirmation-heading").textContent()).toBe("Ihre Buchung ist bestätigt");
    const code = (await page.locator("#confirmation-code").textContent())!;
    expect(await bookingByCode(code)).toMatchObject({ tenantId: tenant.id, locale: "de" });
    expect(await fits(page)).toBe(true);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  it("shows the Spanish page, chosen with the switcher, axe-clean at 375 and 1280 px", async () => {
    const tenant = await createBookableTenant({ tenant: { locale: "en", bookingLanguages: ["en", "es"], currency: "EUR" } });
    for (const width of [375, 1280]) {
      const { page } = await browser.newPage({ now: NOW, width });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/book?slug=${tenant.slug}`);
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      await page.getByLabel("Language").selectOption("es");
      await page.getByRole("button", { name: "Change" }).click();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
      expect(await page.locator("#book-heading").textContent()).toBe("Reservar una cita");
      await page.getByRole("radio", { name: /^Haircut/ }).check();
      await expect.poll(() => page.locator("#cal-days button.has-times").count()).toBeGreaterThan(0);
      await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
      await expect.poll(() => page.locator("#slot-status").textContent()).toMatch(/horas libres el mié, 4 jun 2031\.$/);
      expect(await fits(page)).toBe(true);
      expect(await seriousViolations(page).then(describeViolations)).toBe("");
      await screenshot(page, `booking-es-${width}`);
      expect(errors, errors.join("\n")).toEqual([]);
    }
  });

  it("offers the waitlist in German at 375 px: the panel, its windows and the join (kept in German), axe-clean", async () => {
    // An English business that also offers German: the waitlist keeps the page's language, not the business's.
    const tenant = await createBookableTenant({
      tenant: { locale: "en", bookingLanguages: ["en", "de"], currency: "EUR" },
      serviceName: "Haarschnitt",
      weekdays: [3],
    });
    await fullDay(tenant, DATE, "EUR");
    const { page } = await browser.newPage({ now: NOW });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/book?slug=${tenant.slug}&lang=de`);
    await page.getByRole("radio", { name: /^Haarschnitt/ }).check();
    await expect.poll(() => page.locator("#cal-days button").count()).toBeGreaterThan(0);
    await page.locator(`#cal-days button[data-date="${DATE}"]`).click();
    const open = page.getByRole("button", { name: "Auf die Warteliste für Mi., 4. Juni 2031" });
    await expect.poll(() => open.isVisible()).toBe(true);
    await open.click();
    const panel = page.locator("#waitlist");
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await page.locator("#waitlist-heading").textContent()).toBe("Auf die Warteliste");
    expect(await page.locator("#waitlist-intro").textContent()).toBe(
      "Am Mi., 4. Juni 2031 ist für Haarschnitt nichts frei. Sagen Sie uns, wann Sie kommen könnten.",
    );
    await addAndRemoveWindow(page, DATE, "de");
    await panel.getByLabel("Vorname").fill("Jürgen");
    expect(await panel.getByLabel("Telefon (optional)").count()).toBe(1);
    await page.locator("#wl-email").fill(`juergen-${tenant.slug}@example.test`);
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page).then(describeViolations)).toBe("");
    await screenshot(page, "waitlist-de-375");

    await panel.getByRole("button", { name: "Auf die Warteliste", exact: true }).click();
    await expect
      .poll(() => page.locator("#waitlist-done").textContent())
      .toBe(
        `Sie stehen auf der Warteliste. Wir haben Ihnen an juergen-${tenant.slug}@example.test den Link zum Verlassen geschickt; wird einer Ihrer Zeiträume frei, erhalten Sie per E-Mail einen Link zum Buchen.`,
      );
    expect(await fits(page)).toBe(true);
    expect(errors, errors.join("\n")).toEqual([]);
    // design.md §30: the entry and its confirmation e-mail keep the page's language.
    const [entry] = await e2eDb.select().from(schema.waitlistEntries).where(eq(schema.waitlistEntries.tenantId, tenant.id));
    expect(entry.locale).toBe("de");
    const [joined] = await outboxRows(e2eDb, entry.email);
    expect(joined).toMatchObject({
      kind: "waitlist.joined",
      language: "de",
      subject: `Sie stehen auf der Warteliste von ${tenant.businessName}`,
    });
  });
});
