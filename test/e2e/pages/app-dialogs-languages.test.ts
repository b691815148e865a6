import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import * as schema from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import { bookAt, bookingRow, checkPage, createSalon, openApp, type Salon, scriptErrors, sessionFor, signedInState } from "../helpers/app";
import { useBrowser, watchErrors } from "../helpers/browser";
import { e2eClient, e2eDb } from "../helpers/db";

// design.md §30 (issue #41) in Chromium: the booking detail, a change form, the new-booking dialog,
// the weekly hours editor, date overrides and time off in the member's language, German at a
// phone's width and Spanish at a desk's, axe-clean, with their dates, durations and money written
// that language's way. Buttons of the staff page itself belong to that page's words, so they are
// found by their place, not their text. A fixed day, never today: Tuesday 2031-05-06 in New York.
const browser = useBrowser();
afterAll(() => e2eClient.close());

/** The app has loaded in `lang` and its page's first view has rendered. */
async function openIn(page: Page, path: string, lang: string) {
  await openApp(page, path);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await expect.poll(() => page.locator("#app-root [data-loading]").count(), { timeout: 15_000 }).toBe(0);
}

async function newPage(salon: Salon, width: number) {
  const { page } = await browser.newPage({ width, height: 900, storageState: signedInState(await sessionFor(salon, salon.owner)) });
  return { page, errors: watchErrors(page) };
}

/** None of these English words is left anywhere in `scope`. */
async function noEnglish(scope: Locator, words: string[]) {
  const text = (await scope.textContent()) ?? "";
  for (const w of words) expect(text, `"${w}" is still English`).not.toContain(w);
}

/** The staff card's own buttons (edit, time off, delete), by their place. */
const cardButtons = (page: Page) => page.locator(".staff-card").first().locator(".actions-row").last().locator("button");
/** The first staff card's first listed time off. */
const firstTimeOff = (page: Page) => page.locator(".staff-card").first().locator("ul.time-off").first();

describe("the owner app's booking dialogs and schedule editors in the member's language", () => {
  it("speaks German at 375 px: booking detail, moving it, a new booking, weekly hours and time off", async () => {
    const salon = await createSalon();
    await e2eDb
      .update(schema.tenantMembers)
      .set({ locale: "de" })
      .where(and(eq(schema.tenantMembers.tenantId, salon.id), eq(schema.tenantMembers.userId, salon.owner.userId)));
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    const { page, errors } = await newPage(salon, 375);

    await openIn(page, `/app/calendar?date=2031-05-06&booking=${booking.id}`, "de");
    const detail = page.getByRole("dialog", { name: "Ada Lovelace · Haircut" });
    await expect.poll(() => detail.textContent()).toContain("Di., 6. Mai 2031, 10:00–11:00");
    const facts = await detail.locator("dl.details").first().locator("dt").allTextContents();
    expect(facts).toEqual(["Wann", "Leistung", "Teammitglied", "Gebucht über", "Preis", "Notizen", "SMS"]);
    expect(await detail.locator("dl.details").first().textContent()).toContain("Haircut (1 Std.)");
    expect(await detail.locator("dl.details").first().textContent()).toContain("45,00\u00a0$");
    expect(await detail.locator("dl.details").first().textContent()).toContain(
      "Keine SMS: Der Kunde hat SMS zu dieser Buchung nicht zugestimmt.",
    );
    expect(await detail.getByRole("group", { name: "Aktionen zur Buchung" }).count()).toBe(1);
    for (const name of ["Abschließen", "Nicht erschienen", "Verschieben", "Buchung stornieren"])
      expect(await detail.getByRole("button", { name, exact: true }).count()).toBe(1);
    expect(await detail.locator("#detail-customer").textContent()).toBe("Kunde");
    expect(await detail.locator("#detail-payments").textContent()).toBe("Zahlungen");
    expect(await detail.locator("#detail-history").textContent()).toBe("Verlauf");
    expect(await detail.getByText("Keine Zahlungen zu dieser Buchung.").count()).toBe(1);
    expect(await detail.getByRole("link", { name: "Kundenseite öffnen" }).count()).toBe(1);
    expect(await detail.locator(".gate-note").textContent()).toBe("„Nicht erschienen“ lässt sich erst nach der Startzeit markieren.");
    await noEnglish(detail, ["Booked via", "Reschedule", "Cancel booking", "History", "Payments", "Customer", "Open the customer"]);
    await checkPage(page, "dialogs-de-detail");

    // Moving it: refused outside the offered times in German, then moved with the override.
    await detail.getByRole("button", { name: "Verschieben" }).click();
    const move = detail.getByRole("form", { name: "Buchung verschieben" });
    expect(await move.getByLabel("Teammitglied").count()).toBe(1);
    await move.getByLabel("Startzeit").fill("18:10");
    expect(await move.getByText("Außerhalb der Arbeitszeit oder zwischen den Viertelstunden", { exact: false }).count()).toBe(1);
    await noEnglish(move, ["Staff member", "Start time", "Move booking", "Back"]);
    await checkPage(page, "dialogs-de-move");
    await move.getByRole("button", { name: "Buchung verschieben" }).click();
    await expect
      .poll(() => move.getByRole("alert").textContent())
      .toContain(
        "Diese Zeit wird nicht angeboten (außerhalb der Arbeitszeit, nicht im 15-Minuten-Raster oder belegt). Wenn Alex Rivera dann frei ist",
      );
    await move.getByLabel("Außerhalb der angebotenen Zeiten verschieben").check();
    await move.getByRole("button", { name: "Buchung verschieben" }).click();
    await expect
      .poll(() => detail.locator("#detail-outcome").textContent())
      .toBe("Buchung verschoben. Der Kunde wird per E-Mail informiert.");
    await expect
      .poll(() => detail.locator(".history").textContent())
      .toContain("Verschoben von Di., 6. Mai 2031, 10:00 bei Alex Rivera auf Di., 6. Mai 2031, 18:10 bei Alex Rivera von Olive Owner");
    expect(new Date((await bookingRow(booking.id)).startAt).toISOString()).toBe("2031-05-06T22:10:00.000Z");
    await page.keyboard.press("Escape");

    // A new booking: its fields, choices and a refusal before sending, all German.
    await page.getByRole("button", { name: "Neue Buchung", exact: true }).click();
    const nb = page.getByRole("dialog", { name: "Neue Buchung" });
    await expect.poll(() => nb.isVisible()).toBe(true);
    expect(await nb.getByLabel("Leistung").locator("option").first().textContent()).toBe("Haircut · 1 Std. · 45,00\u00a0$");
    expect(await nb.getByLabel("Leistung").locator("option").nth(1).textContent()).toBe("Beard trim · 30 Min. · 20,00\u00a0$");
    await nb.getByLabel("Startzeit").fill("14:00");
    expect(await nb.locator("#nb-time-hint").textContent()).toBe("Endet um 15:00");
    expect(await nb.locator("legend").first().textContent()).toBe("Wie hat der Kunde gebucht?");
    expect(await nb.getByRole("radio", { name: "Laufkundschaft" }).isChecked()).toBe(true);
    expect(await nb.getByRole("button", { name: "Weitere Leistung hinzufügen" }).count()).toBe(1);
    expect(await nb.getByLabel("Bestehenden Kunden suchen").count()).toBe(1);
    await nb.getByRole("button", { name: "Buchen", exact: true }).click();
    await expect.poll(() => nb.getByRole("alert").textContent()).toBe("Geben Sie den Vornamen des Kunden ein.");
    expect(await nb.locator("#nb-first-error").textContent()).toBe("Geben Sie den Vornamen des Kunden ein");
    await noEnglish(nb, ["Service", "Staff member", "Start time", "How did the customer book", "Walk-in", "First name", "Book outside"]);
    await checkPage(page, "dialogs-de-new-booking");
    await page.keyboard.press("Escape");

    // Weekly hours: weekday names and the editor's words from the member's language.
    await openIn(page, "/app/staff", "de");
    const card = page.locator(".staff-card").first();
    expect(await card.locator(".staff-overrides h3").textContent()).toBe("Abweichende Tage");
    expect(await card.locator(".staff-overrides").textContent()).toContain("Keine: An jedem Datum gelten die wöchentlichen Arbeitszeiten.");
    expect(await card.textContent()).toContain("Mo 09:00–17:00 · Di 09:00–17:00");
    await cardButtons(page).nth(0).click();
    const hours = page.locator("fieldset.hours-editor");
    await expect.poll(() => hours.locator("legend").first().textContent()).toBe("Wöchentliche Arbeitszeiten");
    expect(await hours.locator(".hours-day-name").allTextContents()).toEqual([
      "Montag",
      "Dienstag",
      "Mittwoch",
      "Donnerstag",
      "Freitag",
      "Samstag",
      "Sonntag",
    ]);
    expect(await hours.getByLabel("Montag von").inputValue()).toBe("09:00");
    expect(await hours.getByRole("group", { name: "Sonntag" }).textContent()).toContain("Geschlossen");
    expect(await hours.getByRole("button", { name: "Zeiten hinzufügen für Sonntag" }).count()).toBe(1);
    expect(await hours.getByRole("button", { name: "Montag auf Dienstag bis Freitag übertragen" }).count()).toBe(1);
    await noEnglish(hours, ["Weekly working hours", "Monday", "Closed", "Add hours", "Remove", "Copy Monday"]);
    await checkPage(page, "dialogs-de-hours");
    await page.keyboard.press("Escape");

    // Time off: whole days, saved, and listed the German way.
    await cardButtons(page).nth(1).click();
    const off = page.locator("#time-off-form");
    await expect.poll(() => off.isVisible()).toBe(true);
    expect(await off.getByLabel("Ganze Tage").isChecked()).toBe(true);
    await off.getByLabel("Erster Tag").fill("2031-05-06");
    await off.getByLabel("Letzter Tag").fill("2031-05-06");
    await off.getByLabel("Grund (nur Ihr Team sieht ihn)").fill("Fortbildung");
    expect(await off.getByText("Bestehende Buchungen in dieser Zeit bleiben bestehen; verschieben Sie sie bei Bedarf.").count()).toBe(1);
    await noEnglish(off, ["Whole days", "First day", "Last day", "Reason", "Add time off", "Close"]);
    await checkPage(page, "dialogs-de-time-off");
    await off.getByLabel("Ganze Tage").uncheck();
    expect(await off.getByLabel("Von (Uhrzeit)").inputValue()).toBe("12:00");
    await off.getByLabel("Ganze Tage").check();
    await off.getByRole("button", { name: "Abwesenheit eintragen" }).click();
    await expect.poll(() => firstTimeOff(page).textContent()).toContain("Di., 6. Mai 2031 (ganztägig) · Fortbildung");
    expect(scriptErrors(errors)).toEqual([]);
  });

  it("speaks the business's Spanish at 1280 px: booking detail, cancelling, a new booking, weekly hours and time off", async () => {
    const salon = await createSalon();
    await e2eDb.update(schema.tenants).set({ locale: "es" }).where(eq(schema.tenants.id, salon.id));
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    const { page, errors } = await newPage(salon, 1280);

    await openIn(page, `/app/bookings?from=2031-05-06&to=2031-05-06&booking=${booking.id}`, "es");
    const detail = page.getByRole("dialog", { name: "Ada Lovelace · Haircut" });
    await expect.poll(() => detail.textContent()).toContain("mar, 6 may 2031, 10:00–11:00");
    expect(await detail.locator("dl.details").first().locator("dt").allTextContents()).toEqual([
      "Cuándo",
      "Servicio",
      "Miembro del equipo",
      "Reservada por",
      "Precio",
      "Notas",
      "SMS",
    ]);
    expect(await detail.locator("dl.details").first().textContent()).toContain("En línea");
    for (const name of ["Completar", "Cambiar fecha", "Cancelar la reserva"])
      expect(await detail.getByRole("button", { name, exact: true }).count()).toBe(1);
    expect(await detail.locator("#detail-history").textContent()).toBe("Historial");
    expect(await detail.getByText("No hay pagos para esta reserva.").count()).toBe(1);
    await noEnglish(detail, ["Booked via", "Reschedule", "Cancel booking", "History", "Payments"]);
    await checkPage(page, "dialogs-es-detail");

    // The reschedule form's words, then a cancellation with a reason, told back in the history.
    await detail.getByRole("button", { name: "Cambiar fecha" }).click();
    const move = detail.getByRole("form", { name: "Mover la reserva" });
    expect(await move.getByLabel("Hora de inicio").inputValue()).toBe("10:00");
    expect(await move.getByLabel("Mover fuera de los horarios ofrecidos").isChecked()).toBe(false);
    await noEnglish(move, ["Staff member", "Start time", "Move booking"]);
    await checkPage(page, "dialogs-es-move");
    await move.getByRole("button", { name: "Volver" }).click();
    await detail.getByRole("button", { name: "Cancelar la reserva" }).click();
    await detail.getByLabel("Motivo (opcional, se comunica al cliente)").fill("Llamó enfermo");
    await detail.getByRole("button", { name: "Sí, cancelarla" }).click();
    await expect
      .poll(() => detail.locator("#detail-outcome").textContent())
      .toBe("Reserva cancelada. Se avisa al cliente por correo electrónico.");
    await expect.poll(() => detail.locator(".history").textContent()).toContain("Cancelada por Olive Owner: «Llamó enfermo»");
    expect(await detail.textContent()).toContain("Esta reserva está cancelada: no queda nada por hacer.");
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    await page.keyboard.press("Escape");

    await openIn(page, "/app/calendar?date=2031-05-06", "es");
    await page.getByRole("button", { name: "Nueva reserva", exact: true }).click();
    const nb = page.getByRole("dialog", { name: "Nueva reserva" });
    await expect.poll(() => nb.isVisible()).toBe(true);
    expect(await nb.getByLabel("Servicio").locator("option").first().textContent()).toBe("Haircut · 1 h · 45,00\u00a0US$");
    expect(await nb.getByRole("radio", { name: "Otro (correo electrónico obligatorio)" }).count()).toBe(1);
    await nb.getByRole("button", { name: "Añadir otro servicio" }).click();
    expect(await nb.locator("fieldset.visit-item legend").textContent()).toBe("Servicio 2, justo después");
    expect(await nb.getByLabel("Miembro del equipo del servicio 2").count()).toBe(1);
    await noEnglish(nb, ["Service", "Staff member", "Add another service", "How did the customer book", "Remove"]);
    await checkPage(page, "dialogs-es-new-booking");
    await page.keyboard.press("Escape");

    await openIn(page, "/app/staff", "es");
    expect(await page.locator(".staff-card").first().textContent()).toContain("lun 09:00–17:00");
    await cardButtons(page).nth(0).click();
    const hours = page.locator("fieldset.hours-editor");
    await expect.poll(() => hours.locator("legend").first().textContent()).toBe("Horario de trabajo semanal");
    expect(await hours.locator(".hours-day-name").first().textContent()).toBe("lunes");
    await hours.getByRole("button", { name: "Añadir horas el domingo" }).click();
    expect(await hours.getByLabel("domingo desde").inputValue()).toBe("09:00");
    await noEnglish(hours, ["Weekly working hours", "Monday", "Add hours", "Remove"]);
    await checkPage(page, "dialogs-es-hours");
    await page.keyboard.press("Escape");

    await cardButtons(page).nth(1).click();
    const off = page.locator("#time-off-form");
    await expect.poll(() => off.isVisible()).toBe(true);
    await off.getByLabel("Días completos").uncheck();
    await off.getByLabel("Desde (fecha)").fill("2031-05-07");
    await off.getByLabel("Hasta (fecha)").fill("2031-05-07");
    await off.getByLabel("Hasta (hora)").fill("11:00");
    await off.getByRole("button", { name: "Añadir ausencia" }).click();
    await expect.poll(() => off.getByRole("alert").textContent()).toBe("El final debe ser posterior al inicio.");
    await noEnglish(off, ["Whole days", "From (date)", "Until (time)", "Add time off", "Close"]);
    await checkPage(page, "dialogs-es-time-off");
    await off.getByLabel("Hasta (hora)").fill("15:00");
    await off.getByRole("button", { name: "Añadir ausencia" }).click();
    await expect.poll(() => firstTimeOff(page).textContent()).toContain("Del mié, 7 may 2031, 12:00 al 15:00");
    expect(scriptErrors(errors)).toEqual([]);
  });
  it("speaks French at 1280 px in the booking's payments: the deposit, the card on file and a refund refused before sending", async () => {
    const salon = await createSalon();
    await e2eDb
      .update(schema.tenants)
      .set({ locale: "fr", stripeAccountId: `acct_e2e${salon.slug.slice(-8)}` })
      .where(eq(schema.tenants.id, salon.id));
    const booking = await bookAt(salon, "2031-05-06T10:00", { customer: "Ada Lovelace" });
    const at = new Date().toISOString();
    await e2eDb.batch([
      e2eDb.insert(schema.payments).values({
        id: newId("pay"),
        tenantId: salon.id,
        bookingId: booking.id,
        amount: 1500,
        currency: "USD",
        kind: "deposit",
        status: "succeeded",
        stripePaymentIntentId: `pi_e2e${booking.id.slice(-10)}`,
        stripeAccountId: `acct_e2e${salon.slug.slice(-8)}`,
        createdAt: at,
        updatedAt: at,
      }),
      e2eDb.insert(schema.bookingCards).values({
        id: newId("crd"),
        tenantId: salon.id,
        bookingId: booking.id,
        stripeCustomerId: `cus_e2e${booking.id.slice(-8)}`,
        stripePaymentMethodId: "pm_card_visa",
        status: "saved",
        createdAt: at,
        updatedAt: at,
      }),
    ]);
    const { page, errors } = await newPage(salon, 1280);

    await openIn(page, `/app/bookings?from=2031-05-06&to=2031-05-06&booking=${booking.id}`, "fr");
    const detail = page.getByRole("dialog", { name: "Ada Lovelace · Haircut" });
    const money = detail.locator("section", { has: page.locator("#detail-payments") });
    await expect.poll(() => money.locator("#detail-payments").textContent()).toBe("Paiements");
    expect(await money.locator("ul.payments > li > span").first().textContent()).toBe("Acompte : 15,00\u00a0$US, payé");
    expect(await money.getByText("Une carte est enregistrée pour les frais.").count()).toBe(1);
    await money.getByRole("button", { name: "Rembourser : Acompte" }).click();
    const amount = money.getByLabel("Montant à rembourser (USD)");
    expect(await amount.inputValue()).toBe("15,00");
    expect(await money.getByText("Jusqu’à 15,00\u00a0$US.").count()).toBe(1);
    await amount.fill("99");
    await money.getByRole("button", { name: "Rembourser", exact: true }).click();
    await expect.poll(() => money.getByRole("alert").textContent()).toBe("Au plus 15,00\u00a0$US peuvent encore être remboursés.");
    expect(await money.locator(".field-error").textContent()).toBe("Plus que ce qui reste");
    await noEnglish(detail, ["Payments", "Deposit", "paid", "A card is saved", "Refund", "Back", "Booked via"]);
    await checkPage(page, "dialogs-fr-payments");
    expect(scriptErrors(errors)).toEqual([]);
  });
});
