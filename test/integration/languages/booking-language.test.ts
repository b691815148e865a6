import { describe, expect, it } from "vitest";
import { post } from "../../helpers/api";
import { book, cronAt, customerEmail, parseIcs, salon, sentTo } from "../notifications/support";

// design.md §30: a booking remembers the language it was made in; every later e-mail about it
// (the confirmation when sent, the reminder from the cron) speaks it and names it in Content-Language.

const NOW = "2031-05-01T12:00:00Z";
const START = "2031-05-03T09:00:00";
const START_MS = Date.parse("2031-05-03T13:00:00Z");

async function bookIn(s: Awaited<ReturnType<typeof salon>>, locale: string | undefined) {
  const email = customerEmail();
  const res = await post(
    `/api/public/${s.tenant.slug}/bookings`,
    {
      serviceId: s.service.id,
      staffProfileId: s.staff.id,
      startDatetime: START,
      customer: { firstName: "Ana", lastName: "Ruiz", email },
      ...(locale ? { locale } : {}),
    },
    { now: NOW },
  );
  expect(res.status).toBe(201);
  return { id: res.body.data.id as string, code: res.body.data.confirmationCode as string, email };
}

describe("the booking's language across its e-mails", () => {
  it("a booking made in German gets its confirmation and, from the cron, its reminder in German", async () => {
    const s = await salon({ tenant: { locale: "en", bookingLanguages: ["en", "de"] } });
    const b = await bookIn(s, "de");
    await cronAt(NOW, s.tenant.id);
    const [confirmation] = await sentTo(b.email);
    expect(confirmation.subject).toBe(`Buchung bestätigt: Cut bei Business ${s.tenant.slug}`);
    expect(confirmation.text).toContain("Hallo Ana Ruiz, Ihre Buchung bei");
    expect((confirmation as unknown as { headers: Record<string, string> }).headers).toEqual({ "Content-Language": "de" });

    await cronAt(new Date(START_MS - 24 * 3_600_000), s.tenant.id);
    const reminder = (await sentTo(b.email)).find((e) => e.subject.startsWith("Erinnerung:"));
    expect(reminder?.subject).toBe(`Erinnerung: Cut bei Business ${s.tenant.slug}, Sa., 3. Mai 2031, 09:00`);
    expect(reminder?.text).toContain("Ihr Termin ist morgen");
    expect((reminder as unknown as { headers: Record<string, string> }).headers).toEqual({ "Content-Language": "de" });
    expect(parseIcs(reminder!.attachments![0].content).summary).toBe(`Cut bei Sam, Business ${s.tenant.slug}`);
  });

  it("a booking without a language takes the business's, in Spanish with its plural forms", async () => {
    const s = await salon({ tenant: { locale: "es" }, reminderHours: [2] });
    const b = await bookIn(s, undefined);
    await cronAt(new Date(START_MS - 2 * 3_600_000), s.tenant.id);
    const mails = await sentTo(b.email);
    expect(mails.map((m) => m.subject)).toContain(`Reserva confirmada: Cut en Business ${s.tenant.slug}`);
    const reminder = mails.find((m) => m.subject.startsWith("Recordatorio:"));
    expect(reminder?.text).toContain("Su cita es dentro de 2 horas");
  });

  it("an English booking's e-mails stay English and say so", async () => {
    const s = await salon();
    const b = await book(s, START, NOW);
    await cronAt(NOW, s.tenant.id);
    const [mail] = await sentTo(b.email);
    expect(mail.subject).toBe(`Booking confirmed: Cut at Business ${s.tenant.slug}`);
    expect((mail as unknown as { headers: Record<string, string> }).headers).toEqual({ "Content-Language": "en" });
  });
});
