import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import {
  aiLogRow,
  bookAt,
  bookingPayment,
  checkPage,
  createSalon,
  openApp,
  type Salon,
  scriptErrors,
  sessionFor,
  signedInState,
} from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb, uniq } from "../helpers/db";

// design.md §30, issue #41: the owner app's remaining pages (services, staff, resources, waitlist,
// reports, gift cards, AI log, the assistant panel, a customer's privacy and reliability sections)
// in the member's language: German at a phone's width, French at a desk's, exact words from the
// catalog, none of the English they replaced, dates, money and numbers written each language's way,
// axe-clean. The salon's data lives on fixed days in New York (EDT), never today.
const browser = useBrowser();
afterAll(() => e2eClient.close());

const DAY = "2031-06-04";
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00-04:00`);

/** A salon whose every page has something to show: bookings in May 2031, a chair, a card, a waiting customer, an AI request. */
async function fullSalon(locale: "de" | "fr") {
  const salon = await createSalon();
  await e2eDb
    .update(schema.tenantMembers)
    .set({ locale })
    .where(and(eq(schema.tenantMembers.tenantId, salon.id), eq(schema.tenantMembers.userId, salon.owner.userId)));
  const now = new Date().toISOString();
  const done = await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace", status: "completed" });
  await bookAt(salon, "2031-05-13T14:00", { staff: 1, service: 1, customer: "Bo Beard", status: "no_show" });
  await bookAt(salon, "2031-05-20T11:00", { customer: "Cy Cancel", status: "cancelled" });
  const entry = newId("wle");
  await e2eDb.batch([
    e2eDb.insert(schema.payments).values(bookingPayment(salon, done.id, { amount: 4500, kind: "full", createdAt: now, updatedAt: now })),
    e2eDb
      .insert(schema.resources)
      .values({ id: newId("res"), tenantId: salon.id, name: "Chair 1", type: "chair", createdAt: now, updatedAt: now }),
    e2eDb.insert(schema.giftCards).values({
      id: newId("gft"),
      tenantId: salon.id,
      status: "active",
      source: "owner",
      codeHash: `hash-${uniq()}`,
      last4: "AB12",
      amount: 5000,
      balance: 2000,
      currency: "USD",
      expiresAt: "2036-01-15T12:00:00.000Z",
      recipientName: "Grace Hopper",
      reason: "Birthday",
      issuedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    e2eDb.insert(schema.waitlistEntries).values({
      id: entry,
      tenantId: salon.id,
      serviceId: salon.services[0].id,
      staffId: null,
      firstName: "Wendy",
      lastName: "Waits",
      email: `wendy-${uniq()}@e2e.test`,
      status: "waiting",
      manageTokenHash: `hash-${entry}`,
      lastWindowEndAt: at(DAY, "12:00"),
      createdAt: now,
      updatedAt: now,
    }),
    e2eDb
      .insert(schema.waitlistWindows)
      .values({ id: newId("wlw"), tenantId: salon.id, entryId: entry, date: DAY, startAt: at(DAY, "10:00"), endAt: at(DAY, "12:00") }),
    e2eDb.insert(schema.auditLog).values(
      aiLogRow(
        salon,
        "owner",
        {
          outcome: "ok",
          model: "m",
          latencyMs: 1200,
          rounds: 1,
          toolCalls: [{ name: "list_services", ok: false }],
          question: "Wer ist frei?",
        },
        "2031-05-06T14:00:00.000Z",
      ),
    ),
  ]);
  return salon;
}

/** The app has loaded in `lang` and the page's view has rendered. */
async function openIn(page: Page, path: string, lang: string) {
  await openApp(page, path);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await expect.poll(() => page.locator("#app-root [data-loading]").count(), { timeout: 15_000 }).toBe(0);
}

const text = (page: Page, selector: string) => page.locator(selector).first().textContent();
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

/** None of the English words these pages used to show is left in the page. */
async function noEnglish(page: Page, words: string[]) {
  const body = (await page.locator("#app-root").textContent()) ?? "";
  expect(words.filter((w) => body.includes(w))).toEqual([]);
}

type Words = Record<string, string | string[]>;

/** Every page in turn, with what it must say in the member's language. */
async function visitAll(page: Page, salon: Salon, lang: string, w: Words, shot: string) {
  await openIn(page, "/app/services", lang);
  expect(await text(page, ".page-head p.muted")).toBe(w.servicesIntro);
  expect(await texts(page, "thead th")).toEqual(w.servicesHead);
  expect(await text(page, "tbody tr td:nth-child(5)")).toBe(w.bookable);
  expect(await page.getByRole("button", { name: w.addService as string }).count()).toBe(1);
  await noEnglish(page, ["Add service", "Bookable online", "Front desk only", "Deposit", "Edit", "Prices in", "By:"]);
  await checkPage(page, `${shot}-services`);

  await openIn(page, "/app/staff", lang);
  expect(await text(page, ".page-head p.muted")).toBe(w.staffIntro);
  expect(await text(page, ".staff-card h3")).toBe(w.timeOff);
  expect(await text(page, ".staff-card .muted.small")).toBe(w.nonePlanned);
  expect(await text(page, ".staff-links h3")).toBe(w.bookingEmails);
  await noEnglish(page, ["Add staff member", "Time off", "None planned.", "Booking e-mails", "Calendar feed", "Make a calendar link"]);
  await checkPage(page, `${shot}-staff`);

  await openIn(page, "/app/resources", lang);
  expect(await text(page, ".resource-card h3")).toBe("Chair 1");
  expect(await text(page, ".resource-card h4")).toBe(w.timeOff);
  expect(await page.getByRole("button", { name: w.addResource as string }).count()).toBe(1);
  await noEnglish(page, ["Add resource", "Rooms, chairs and basins", "Time off", "Deactivate", "Delete"]);
  await checkPage(page, `${shot}-resources`);

  await openIn(page, `/app/waitlist?date=${DAY}`, lang);
  expect(await text(page, ".page-head h2")).toBe(w.waitlistHeading);
  expect(await text(page, "#waitlist-heading")).toBe(w.waitlistCounts);
  expect(await texts(page, ".waitlist-table tbody tr td")).toEqual(w.waitlistRow);
  await noEnglish(page, ["Waitlist for", "waiting,", "With anyone", "None yet", "Offer a time", "Waiting"]);
  await checkPage(page, `${shot}-waitlist`);

  await openIn(page, "/app/reports?from=2031-05-01&to=2031-05-31&groupBy=week", lang);
  expect(await text(page, "#report-range")).toBe(w.reportRange);
  expect(await texts(page, ".report-card-label")).toEqual(w.cardLabels);
  expect(await texts(page, ".report-card-value")).toEqual(w.cardValues);
  expect(await text(page, ".report-card-note")).toBe(w.completedNote);
  expect(await text(page, "#series-title")).toBe(w.seriesTitle);
  expect(await text(page, "#series-table tbody th")).toBe(w.firstWeek);
  expect(await text(page, "#utilization-table tbody tr td:nth-child(4)")).toBe(w.utilization);
  expect(await page.getByRole("button", { name: w.showNumbers as string }).count()).toBe(1);
  await noEnglish(page, [
    "Money taken",
    "Returning customers",
    "Bookings by week",
    "Week of",
    "Show the numbers",
    "Top services",
    "Show report",
  ]);
  await checkPage(page, `${shot}-reports`);

  await openIn(page, "/app/gift-cards", lang);
  expect(await text(page, "h1")).toBe(w.giftHeading);
  expect(await texts(page, "tbody tr td")).toEqual(w.giftRow);
  expect(await page.getByRole("button", { name: w.issueCard as string }).count()).toBe(1);
  await noEnglish(page, ["Issue a gift card", "Issued:", "Void the card", "Expires", "Balance"]);
  await checkPage(page, `${shot}-gift-cards`);

  await openIn(page, "/app/ai-log", lang);
  expect(await text(page, "#app-root p.muted")).toBe(w.aiRecent);
  expect(await texts(page, "tbody tr td")).toEqual(w.aiRow);
  await noEnglish(page, ["most recent", "Team assistant", "Answered", "(failed)", "Tools used"]);
  await checkPage(page, `${shot}-ai-log`);

  await page.locator("#assistant-open").click();
  const panel = page.getByRole("dialog", { name: w.assistant as string });
  await panel.getByRole("button", { name: w.ask as string }).click();
  await expect.poll(() => panel.locator("#assistant-question-error").textContent()).toBe(w.typeQuestion);
  expect(await panel.locator("label[for=assistant-question]").textContent()).toBe(w.yourQuestion);
  await checkPage(page, `${shot}-assistant`);
  await panel.getByRole("button", { name: w.closeDialog as string }).click();

  await openIn(page, "/app/customers", lang);
  await page.getByRole("button", { name: "Ada Lovelace" }).click();
  const dialog = page.getByRole("dialog", { name: "Ada Lovelace" });
  await expect.poll(() => dialog.locator("#c-reliability").textContent()).toBe(w.reliability);
  expect(await dialog.locator("#c-privacy").textContent()).toBe(w.privacy);
  expect(await dialog.locator("section[aria-labelledby=c-reliability] dt").allTextContents()).toEqual(w.reliabilityFacts);
  expect(await dialog.locator("section[aria-labelledby=c-reliability] dd").last().textContent()).toBe(w.noRestriction);
  expect(await dialog.getByRole("button", { name: w.download as string }).count()).toBe(1);
  await dialog.getByRole("button", { name: w.erase as string }).click();
  expect(await dialog.locator("#c-erase-title").textContent()).toBe(w.eraseTitle);
  expect(await dialog.locator("label[for=c-cancel-upcoming]").textContent()).toBe(w.cancelUpcoming);
  await noEnglish(page, [
    "Personal data",
    "Reliability",
    "Download their data",
    "Erase for good",
    "No-shows (12 months)",
    "Mark as trusted",
  ]);
  await checkPage(page, `${shot}-customer`);
  void salon;
}

// One row per language: the member's locale, the screen it is checked at, and the page's exact words.
const LANGUAGES: { name: string; lang: "de" | "fr"; width: number; height: number; words: Words }[] = [
  {
    name: "German",
    lang: "de",
    width: 375,
    height: 800,
    words: {
      servicesIntro: "Die Buchungsseite zeigt aktive, online buchbare Leistungen in dieser Reihenfolge. Preise in USD.",
      servicesHead: ["Leistung", "Dauer", "Preis", "Anzahlung", "Status", "Aktionen"],
      bookable: "Online buchbar",
      addService: "Leistung hinzufügen",
      staffIntro: "Arbeitszeiten und Abwesenheiten bestimmen, wann jede Person buchbar ist (Zeitzone America/New_York).",
      timeOff: "Abwesenheiten",
      nonePlanned: "Keine geplant.",
      bookingEmails: "Buchungs-E-Mails",
      addResource: "Ressource hinzufügen",
      waitlistHeading: "Warteliste für Mi., 4. Juni 2031",
      waitlistCounts: "1 wartend, 1 insgesamt",
      waitlistRow: [
        expect.stringContaining("Wendy Waits"),
        "HaircutBei allen",
        "10:00\u201312:00",
        "Wartet",
        "Noch keine",
        "Termin anbieten",
      ] as unknown as string[],
      reportRange: "Do., 1. Mai 2031 bis Sa., 31. Mai 2031",
      cardLabels: ["Buchungen", "Nicht erschienen", "Storniert", "Einnahmen", "Netto", "Neue Kunden", "Wiederkehrende Kunden"],
      cardValues: ["3", "1", "1", "45,00\u00a0$", "45,00\u00a0$", "1", "0"],
      completedNote: "1 abgeschlossen",
      seriesTitle: "Buchungen pro Woche",
      firstWeek: "Woche ab 28. Apr.",
      utilization: "0,5\u00a0%",
      showNumbers: "Zahlen anzeigen",
      giftRow: [
        "GC-\u2026AB12",
        "Grace Hopper",
        "20,00\u00a0$ von 50,00\u00a0$",
        "Aktiv",
        "Di., 15. Jan. 2036",
        "Ausgestellt: Birthday",
        "Entwerten",
      ],
      issueCard: "Gutschein ausstellen",
      giftHeading: "Gutscheine",
      aiRecent: "Die neueste Anfrage. Fragen werden auf ihre ersten 200 Zeichen gekürzt.",
      aiRow: ["Di., 6. Mai 2031, 10:00", "Team-Assistent", "Wer ist frei?", "list_services (fehlgeschlagen)", "Beantwortet", "1,2 Sek."],
      assistant: "Assistent",
      ask: "Fragen",
      typeQuestion: "Geben Sie eine Frage ein",
      yourQuestion: "Ihre Frage",
      closeDialog: "Dialog schließen",
      reliability: "Zuverlässigkeit",
      privacy: "Personenbezogene Daten",
      reliabilityFacts: [
        "Nicht erschienen (12 Monate)",
        "Kurzfristige Stornierungen (12 Monate)",
        "Verwarnungen nach abgeschlossenen Besuchen",
        "Nächste Online-Buchung",
      ],
      noRestriction: "Keine Einschränkung",
      download: "Daten herunterladen",
      erase: "Kunden löschen…",
      eraseTitle: "Ada Lovelace endgültig löschen?",
      cancelUpcoming: "Anstehende Buchungen stornieren",
    },
  },
  {
    name: "French",
    lang: "fr",
    width: 1280,
    height: 900,
    words: {
      servicesIntro: "La page de réservation affiche les prestations actives et réservables en ligne dans cet ordre. Prix en USD.",
      servicesHead: ["Prestation", "Durée", "Prix", "Acompte", "Statut", "Actions"],
      bookable: "Réservable en ligne",
      addService: "Ajouter une prestation",
      staffIntro: "Les horaires et les absences décident quand chaque personne peut être réservée (heure de America/New_York).",
      timeOff: "Absences",
      nonePlanned: "Aucune prévue.",
      bookingEmails: "E-mails de réservation",
      addResource: "Ajouter une ressource",
      waitlistHeading: "Liste d’attente du mer. 4 juin 2031",
      waitlistCounts: "1 en attente, 1 au total",
      waitlistRow: [
        expect.stringContaining("Wendy Waits"),
        "HaircutAvec n’importe qui",
        "10:00\u201312:00",
        "En attente",
        "Aucune pour l’instant",
        "Proposer un créneau",
      ] as unknown as string[],
      reportRange: "Du jeu. 1 mai 2031 au sam. 31 mai 2031",
      cardLabels: ["Réservations", "Absences", "Annulées", "Encaissé", "Net", "Nouveaux clients", "Clients fidèles"],
      cardValues: ["3", "1", "1", "45,00\u00a0$US", "45,00\u00a0$US", "1", "0"],
      completedNote: "1 terminée",
      seriesTitle: "Réservations par semaine",
      firstWeek: "Semaine du 28 avr.",
      utilization: "0,5\u00a0%",
      showNumbers: "Afficher les chiffres",
      giftRow: [
        "GC-\u2026AB12",
        "Grace Hopper",
        "20,00\u00a0$US sur 50,00\u00a0$US",
        "Active",
        "mar. 15 janv. 2036",
        "Émise : Birthday",
        "Annuler",
      ],
      issueCard: "Émettre une carte cadeau",
      giftHeading: "Cartes cadeaux",
      aiRecent: "La demande la plus récente. Les questions sont conservées sur leurs 200 premiers caractères.",
      aiRow: ["mar. 6 mai 2031, 10:00", "Assistant de l’équipe", "Wer ist frei?", "list_services (échec)", "Répondu", "1,2\u202fs"],
      assistant: "Assistant",
      ask: "Demander",
      typeQuestion: "Saisissez une question",
      yourQuestion: "Votre question",
      closeDialog: "Fermer la fenêtre",
      reliability: "Fiabilité",
      privacy: "Données personnelles",
      reliabilityFacts: [
        "Absences (12 mois)",
        "Annulations tardives (12 mois)",
        "Avertissements après visites terminées",
        "Prochaine réservation en ligne",
      ],
      noRestriction: "Aucune restriction",
      download: "Télécharger ses données",
      erase: "Effacer le client…",
      eraseTitle: "Effacer Ada Lovelace définitivement ?",
      cancelUpcoming: "Annuler ses réservations à venir",
    },
  },
];

describe("the owner app's other pages in the member's language", () => {
  it.each(LANGUAGES)("speaks $name at $width px", async ({ lang, width, height, words }) => {
    const salon = await fullSalon(lang);
    const { page } = await browser.newPage({ width, height, storageState: signedInState(await sessionFor(salon, salon.owner)) });
    const errors = watchErrors(page);
    await visitAll(page, salon, lang, words, `pages-${lang}`);
    expect(scriptErrors(errors)).toEqual([]);
  });
});
