import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { checkPage, createSalon, type Member, openApp, type Salon, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// design.md §30 in Chromium: the settings menu and its sections in the member's language, at a
// phone's width in German and a desktop's in French: headings, labels, hints, buttons, the app's
// own notices (saved, nothing changed, closed), field problems and the staff member's gate reason;
// none of their English left; axe-clean; screenshots under test/artifacts/pages/.
const browser = useBrowser();
afterAll(() => e2eClient.close());

const memberLocale = (salon: Salon, member: Member, locale: "de" | "fr" | "es" | "it" | "nl" | "pt-BR") =>
  e2eDb
    .update(schema.tenantMembers)
    .set({ locale })
    .where(and(eq(schema.tenantMembers.tenantId, salon.id), eq(schema.tenantMembers.userId, member.userId)));

async function signedIn(salon: Salon, member: Member, width: number) {
  const { page } = await browser.newPage({ width, height: 900, storageState: signedInState(await sessionFor(salon, member)) });
  return { page, errors: watchErrors(page) };
}

/** The section page in `lang`, its view rendered. */
async function openIn(page: Page, path: string, lang: string) {
  await openApp(page, path);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await expect.poll(() => page.locator("#app-root [data-loading]").count(), { timeout: 15_000 }).toBe(0);
}

const bodyText = async (page: Page) => ((await page.locator("#app-root").textContent()) ?? "").replace(/\s+/g, " ");

/** None of these English words are left in the app's part of the page. */
async function noEnglish(page: Page, words: string[]) {
  const text = await bodyText(page);
  expect(words.filter((w) => text.includes(w))).toEqual([]);
}

describe("settings in the member's language", () => {
  it("speaks German at 375 px: the menu, profile, closures, members, webhooks, domain, payments, gift cards, reliability, API keys", async () => {
    const salon = await createSalon();
    await memberLocale(salon, salon.owner, "de");
    const { page, errors } = await signedIn(salon, salon.owner, 375);

    // The phone's settings index is the section menu.
    await openIn(page, "/app/settings", "de");
    const menu = page.getByRole("navigation", { name: "Bereiche der Einstellungen" });
    expect(await menu.locator(".settings-menu-title").allTextContents()).toEqual(
      expect.arrayContaining(["Profil", "Buchungsregeln", "Schließtage", "Zahlungen", "Gutscheine", "Kundenzuverlässigkeit", "Mitglieder"]),
    );
    expect(await menu.getByRole("link", { name: /Schließtage/ }).textContent()).toContain(
      "Feiertage und andere Tage, an denen das ganze Unternehmen geschlossen ist",
    );
    await noEnglish(page, ["Booking rules", "Closures", "Payments", "Gift cards", "Members", "Holidays and other days"]);
    await checkPage(page, "settings-de-menu");

    // Profile: save one field and see the saved notice in German.
    await openIn(page, "/app/settings/profile", "de");
    expect(await page.title()).toBe("Profil · Einstellungen · Rezeption");
    expect(await page.locator(".settings-body h2").first().textContent()).toBe("Profil");
    expect(await page.getByRole("link", { name: "Alle Einstellungen" }).isVisible()).toBe(true);
    await page.getByLabel("Name des Unternehmens").fill("Salon Sonnenschein");
    await page.getByRole("button", { name: "Profil speichern" }).click();
    await expect.poll(() => page.locator(".settings-body .done").first().textContent()).toBe("Gespeichert.");
    const [tenant] = await e2eDb.select({ name: schema.tenants.businessName }).from(schema.tenants).where(eq(schema.tenants.id, salon.id));
    expect(tenant.name).toBe("Salon Sonnenschein");
    expect(await page.getByText("Öffnungszeiten und Buchungen gelten in dieser Zone.").count()).toBe(1);
    await noEnglish(page, ["Business name", "Save profile", "Time zone", "Saved.", "All settings"]);
    await checkPage(page, "settings-de-profile");

    // Closures: the app's own field problem, then a closure added with German dates.
    await openIn(page, "/app/settings/closures", "de");
    expect(await page.getByText("Keine Schließtage geplant.").count()).toBe(1);
    await page.getByRole("button", { name: "Schließtag hinzufügen" }).click();
    expect(await page.getByText("Wählen Sie den ersten Schließtag").count()).toBe(1);
    await page.getByLabel("Erster Schließtag").fill("2031-12-24");
    await page.getByLabel("Letzter Schließtag").fill("2031-12-26");
    await page.getByLabel("Grund (nur Ihr Team sieht ihn)").fill("Weihnachten");
    await page.getByRole("button", { name: "Schließtag hinzufügen" }).click();
    await expect
      .poll(() => page.locator(".settings-body .done").first().textContent())
      .toBe("Geschlossen: Mi., 24. Dez. bis Fr., 26. Dez. 2031.");
    const closures = page.getByRole("list", { name: "Geplante Schließtage" });
    await expect.poll(() => closures.textContent()).toContain("Mi., 24. Dez. bis Fr., 26. Dez. 2031 · Weihnachten");
    expect(await closures.getByRole("button", { name: "Schließtag Mi., 24. Dez. bis Fr., 26. Dez. 2031 entfernen" }).count()).toBe(1);
    await noEnglish(page, ["Add closure", "First closed day", "Closed ", "Remove", " to "]);
    await checkPage(page, "settings-de-closures");

    await openIn(page, "/app/settings/members", "de");
    expect(await page.locator(".settings-body h2").first().textContent()).toBe("Mitglieder");
    expect(await page.locator("tbody tr").first().locator("td").nth(2).textContent()).toBe("Inhaber");
    expect(await page.getByRole("heading", { name: "Teammitglied einladen" }).count()).toBe(1);
    await page.getByRole("button", { name: "Einladung senden" }).click();
    expect(await page.getByText("Geben Sie die E-Mail-Adresse und den Vornamen des neuen Mitglieds ein.").count()).toBe(1);
    await noEnglish(page, ["Invite a team member", "Send invitation", "Enter the new member"]);
    await checkPage(page, "settings-de-members");

    await openIn(page, "/app/settings/webhooks", "de");
    expect(await page.getByText("Noch keine Endpunkte.").count()).toBe(1);
    expect(await page.getByLabel("Alle Ereignisse").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Endpunkt hinzufügen" }).click();
    expect(await page.getByText("Geben Sie die Adresse ein, die die Ereignisse empfängt.").count()).toBe(1);
    expect(await page.getByText("Geben Sie eine URL ein").count()).toBe(1);
    await noEnglish(page, ["No endpoints yet.", "All events", "Add endpoint", "Enter a URL"]);
    await checkPage(page, "settings-de-webhooks");

    await openIn(page, "/app/settings/domain", "de");
    expect(await page.locator(".settings-body h2").first().textContent()).toBe("Eigene Domain");
    expect(await page.getByText("Nur der Hostname: kein https://, kein Pfad.").count()).toBe(1);
    await page.getByRole("button", { name: "Eigene Domain speichern" }).click();
    await expect.poll(() => page.locator(".settings-body .done").first().textContent()).toBe("Nichts geändert.");
    await noEnglish(page, ["Custom domain", "Save custom domain", "Nothing changed."]);
    await checkPage(page, "settings-de-domain");

    await openIn(page, "/app/settings/payments", "de");
    expect(await page.locator("#stripe-state").textContent()).toBe(
      "Nicht verbunden: Kunden können nicht online zahlen, und es können keine Gebühren berechnet werden.",
    );
    expect(await page.getByRole("button", { name: "Mit Stripe verbinden" }).count()).toBe(1);
    expect(await page.getByLabel("Ausfallgebühr (% des Preises)").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Zahlungsregeln speichern" }).count()).toBe(1);
    await noEnglish(page, ["Payment rules", "Connect with Stripe", "No-show fee", "Not connected"]);
    await checkPage(page, "settings-de-payments");

    await openIn(page, "/app/settings/gift-cards", "de");
    expect(await page.getByLabel("Gutscheine auf meiner Buchungsseite verkaufen").count()).toBe(1);
    expect(await page.getByLabel("Angebotene Beträge (USD)").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Gutscheine speichern" }).count()).toBe(1);
    await noEnglish(page, ["Amounts offered", "Save gift cards", "Sell gift cards"]);
    await checkPage(page, "settings-de-gift-cards");

    await openIn(page, "/app/settings/reliability", "de");
    expect(await page.locator(".settings-body h2").first().textContent()).toBe("Kundenzuverlässigkeit");
    expect(await page.getByLabel("Anzahlung verlangen ab").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Kundenzuverlässigkeit speichern" }).count()).toBe(1);
    await noEnglish(page, ["Client reliability", "Ask for a deposit from", "Strikes."]);
    await checkPage(page, "settings-de-reliability");

    await openIn(page, "/app/settings/api-keys", "de");
    expect(await page.getByText("Noch keine API-Schlüssel.").count()).toBe(1);
    expect(await page.getByRole("link", { name: "die API-Dokumentation" }).count()).toBe(1);
    await page.getByRole("button", { name: "Schlüssel erstellen" }).click();
    expect(await page.getByText("Geben Sie dem Schlüssel einen Namen.").count()).toBe(1);
    await noEnglish(page, ["No API keys yet.", "Make key", "Give the key a name."]);
    await checkPage(page, "settings-de-api-keys");
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });

  it("speaks French at 1280 px beside the side menu: rules, notifications saved, appearance, widget, texts, failed deliveries", async () => {
    const salon = await createSalon();
    await memberLocale(salon, salon.owner, "fr");
    const { page, errors } = await signedIn(salon, salon.owner, 1280);

    await openIn(page, "/app/settings/rules", "fr");
    expect(await page.title()).toBe("Règles de réservation · Paramètres · Accueil");
    const menu = page.getByRole("navigation", { name: "Rubriques des paramètres" });
    expect(await menu.locator("a[aria-current=page] .settings-menu-title").textContent()).toBe("Règles de réservation");
    expect(await page.getByLabel("Délai minimum (minutes)").count()).toBe(1);
    expect(await page.getByLabel("Les clients peuvent réserver sans compte").count()).toBe(1);
    await noEnglish(page, ["Booking rules", "Minimum notice", "Save booking rules", "Customers may book"]);
    await checkPage(page, "settings-fr-rules");

    // Notifications: the app's own field problem, then saved.
    await openIn(page, "/app/settings/notifications", "fr");
    const hours = page.getByLabel("E-mails de rappel (heures avant)");
    await hours.fill("24, deux");
    await page.getByRole("button", { name: "Enregistrer les notifications" }).click();
    expect(await page.getByText("Saisissez des nombres entiers séparés par des virgules").count()).toBe(1);
    await hours.fill("24, 2");
    await page.getByRole("button", { name: "Enregistrer les notifications" }).click();
    await expect.poll(() => page.locator(".settings-body .done").first().textContent()).toBe("Enregistré.");
    const [tenant] = await e2eDb
      .select({ hours: schema.tenants.reminderHours })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, salon.id));
    expect(tenant.hours).toEqual([24, 2]);
    await noEnglish(page, ["Reminder e-mails", "Save notifications", "Saved."]);
    await checkPage(page, "settings-fr-notifications");

    // Texts: the reminder hours just saved, listed the French way.
    await openIn(page, "/app/settings/texts", "fr");
    expect(await page.locator(".settings-body h2").first().textContent()).toBe("SMS");
    expect(await page.getByText("Aux heures de rappel : 24 et 2 heures avant.").count()).toBe(1);
    expect(await page.locator("#texts-usage").textContent()).toMatch(/Votre formule n’inclut aucun SMS\.|\d+ SMS sur \d+ utilisés en/);
    expect(await page.getByRole("button", { name: "Enregistrer les SMS" }).count()).toBe(1);
    await noEnglish(page, ["Text messages", "Text the customer", "reminder hours", "hours before"]);
    await checkPage(page, "settings-fr-texts");

    await openIn(page, "/app/settings/appearance", "fr");
    expect(await page.locator(".preview-label").first().textContent()).toBe("Aperçu");
    expect(await page.locator(".preview-widget").textContent()).toBe("Prendre rendez-vous");
    expect(await page.getByLabel("Le widget s’ouvre").locator("option").allTextContents()).toEqual([
      "dans une fenêtre pop-up",
      "dans votre page",
    ]);
    await noEnglish(page, ["Preview", "Book an appointment", "Save appearance"]);
    await checkPage(page, "settings-fr-appearance");

    // A sentence with a link inside it: the link sits where French puts it.
    await openIn(page, "/app/settings/widget", "fr");
    expect(await bodyText(page)).toContain("Sa couleur et son mode d’ouverture se règlent dans Apparence.");
    expect(await page.locator(".settings-body p.muted").getByRole("link", { name: "Apparence" }).getAttribute("href")).toBe(
      "/app/settings/appearance",
    );
    expect(await page.getByRole("button", { name: "Copier le code" }).count()).toBe(1);
    await noEnglish(page, ["Embed code", "Copy code", "Your booking page"]);
    await checkPage(page, "settings-fr-widget");

    await openIn(page, "/app/settings/failed-jobs", "fr");
    expect(await page.getByText("Tous les e-mails, webhooks et appels de paiement sont passés.").count()).toBe(1);
    await noEnglish(page, ["Failed deliveries", "got through"]);
    await checkPage(page, "settings-fr-failed-jobs");

    await openIn(page, "/app/settings/members", "fr");
    expect(await page.locator("thead th").allTextContents()).toEqual(["Nom", "E-mail", "Rôle", "Statut", "Actions"]);
    expect(await page.getByLabel("Rôle", { exact: true }).locator("option").allTextContents()).toEqual([
      "Équipe : voit tout, réserve et met à jour les réservations",
      "Admin : tout sauf le compte du propriétaire",
    ]);
    await checkPage(page, "settings-fr-members");
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });

  it.each([
    ["es", ["Perfil", "Reglas de reserva", "Cierres", "Pagos"], "Guardar reglas de pago"],
    ["it", ["Profilo", "Regole di prenotazione", "Chiusure", "Pagamenti"], "Salva regole di pagamento"],
    ["nl", ["Profiel", "Boekingsregels", "Sluitingsdagen", "Betalingen"], "Betaalregels opslaan"],
    ["pt-BR", ["Perfil", "Regras de agendamento", "Fechamentos", "Pagamentos"], "Salvar regras de pagamento"],
  ] as const)("shows the menu and the payments section in %s at 375 px", async (locale, titles, savePaymentRules) => {
    const salon = await createSalon();
    await memberLocale(salon, salon.owner, locale);
    const { page, errors } = await signedIn(salon, salon.owner, 375);
    await openIn(page, "/app/settings", locale);
    const shown = await page.locator(".settings-menu-title").allTextContents();
    expect(shown.slice(0, 3)).toEqual(titles.slice(0, 3));
    expect(shown).toContain(titles[3]);
    await noEnglish(page, ["Booking rules", "Closures", "Payments", "Holidays and other days"]);
    await checkPage(page, `settings-${locale}-menu`);
    await openIn(page, "/app/settings/payments", locale);
    expect(await page.locator(".settings-body h2").first().textContent()).toBe(titles[3]);
    expect(await page.getByRole("button", { name: savePaymentRules }).count()).toBe(1);
    await noEnglish(page, ["Payment rules", "Connect with Stripe", "Not connected", "No-show fee"]);
    await checkPage(page, `settings-${locale}-payments`);
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });

  it("gives a German staff member the reason a settings form is closed to them", async () => {
    const salon = await createSalon({ members: ["staff"] });
    const [staff] = salon.members;
    await memberLocale(salon, staff, "de");
    const { page, errors } = await signedIn(salon, staff, 375);
    await openIn(page, "/app/settings/profile", "de");
    expect(await page.locator(".settings-body .gate-note").first().textContent()).toBe("Nur Inhaber und Admins können das ändern.");
    expect(await page.getByRole("button", { name: "Profil speichern" }).isDisabled()).toBe(true);
    await openIn(page, "/app/settings/failed-jobs", "de");
    expect(await page.locator(".settings-body .gate-note").textContent()).toBe(
      "Nur Inhaber und Admins sehen fehlgeschlagene Zustellungen.",
    );
    await checkPage(page, "settings-de-staff");
    expect(scriptErrors(errors), errors.join("\n")).toEqual([]);
  });
});
