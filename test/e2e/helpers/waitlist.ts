import type { Page } from "playwright-core";
import { expect } from "vitest";
import { schema } from "../../../src/db/client";
import { newId } from "../../../src/lib/ids";
import { type createBookableTenant, e2eDb, uniq } from "./db";

// The booking page's waitlist (design.md §28) in the browser: a day with nothing free, and the panel's time windows.

/** `day` fully booked 09:00-17:00 New York (EDT, UTC-4): eight one-hour bookings, so the waitlist is offered. Their codes by hour. */
export async function fullDay(tenant: Awaited<ReturnType<typeof createBookableTenant>>, day: string, currency = "USD") {
  const t = new Date().toISOString();
  const codes = new Map<number, string>();
  const rows = Array.from({ length: 8 }, (_, i) => {
    const hour = 9 + i;
    const code = `BK-${uniq().slice(0, 6).toUpperCase()}`;
    codes.set(hour, code);
    const startAt = Date.parse(`${day}T${String(hour + 4).padStart(2, "0")}:00:00Z`);
    return {
      id: newId("bkg"),
      tenantId: tenant.id,
      serviceId: tenant.serviceId,
      staffId: tenant.staffId,
      startAt,
      endAt: startAt + 3_600_000,
      status: "confirmed" as const,
      confirmationCode: code,
      currency,
      totalAmount: 4500,
      createdAt: t,
      updatedAt: t,
    };
  });
  await e2eDb.insert(schema.bookings).values(rows);
  return codes;
}

/** The panel's labels the steps below use, in the booking page's English and German. */
const WINDOW_WORDS = {
  en: { date: "Date", from: "From", to: "To", add: "Add another time", remove: "Remove time 2" },
  de: { date: "Datum", from: "Von", to: "Bis", add: "Weiteren Zeitraum hinzufügen", remove: "Zeitraum 2 entfernen" },
};

/** In the open waitlist panel: the date it was opened on, one 10:00-12:00 window, and a second window added and removed again. */
export async function addAndRemoveWindow(page: Page, day: string, lang: keyof typeof WINDOW_WORDS) {
  const words = WINDOW_WORDS[lang];
  const panel = page.locator("#waitlist");
  expect(await panel.getByLabel(words.date, { exact: true }).inputValue()).toBe(day);
  await panel.getByLabel(words.from, { exact: true }).fill("10:00");
  await panel.getByLabel(words.to, { exact: true }).fill("12:00");
  await page.getByRole("button", { name: words.add }).click();
  expect(await page.locator("li.window").count()).toBe(2);
  await page.getByRole("button", { name: words.remove }).click();
  expect(await page.locator("li.window").count()).toBe(1);
}
