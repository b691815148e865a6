import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  type BookingMailFacts,
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingNoticeEmail,
  bookingReminderEmail,
} from "../../../../src/services/email/booking-templates";
import { bookingIcs, type CustomerMailFacts, mailSettings } from "../../../../src/services/notifications/booking-render";

// 2031-03-12 10:00 in Madrid/Berlin (UTC+1 in March before the change).
const START = Date.UTC(2031, 2, 12, 9, 0);
const END = Date.UTC(2031, 2, 12, 9, 45);

function facts(locale: BookingMailFacts["locale"]): BookingMailFacts {
  return {
    businessName: "Salón Lucía",
    accent: "#7c3aed",
    customerName: "Ana Ruiz",
    serviceName: "Corte",
    staffName: "Marta",
    startAt: START,
    endAt: END,
    timezone: "Europe/Madrid",
    confirmationCode: "BK-ABC123",
    manageUrl: "https://book.example/book?slug=lucia&code=BK-ABC123",
    locale,
  };
}

describe("booking e-mails in the booking's language (design.md §30)", () => {
  it("writes the Spanish confirmation with Spanish dates and names its language", () => {
    const mail = bookingConfirmedEmail(facts("es"));
    expect(mail.subject).toBe("Reserva confirmada: Corte en Salón Lucía");
    expect(mail.language).toBe("es");
    expect(mail.text).toContain("Hola, Ana Ruiz: su reserva en Salón Lucía está confirmada.");
    expect(mail.text).toContain("Cuándo: mié, 12 mar 2031, 10:00\u201310:45 (hora de Europe/Madrid)");
    expect(mail.text).toContain("Código de confirmación: BK-ABC123");
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("O abra este enlace:");
  });

  it("writes the German cancellation with German dates", () => {
    const mail = bookingCancelledEmail({ ...facts("de"), timezone: "Europe/Berlin" });
    expect(mail.subject).toBe("Buchung storniert: Corte bei Salón Lucía");
    expect(mail.language).toBe("de");
    expect(mail.text).toContain(
      "Ihre Buchung bei Salón Lucía für Corte am Mi., 12. März 2031, 10:00 (Zeitzone Europe/Berlin) wurde storniert.",
    );
    expect(mail.text).toContain("Buchung ansehen: https://book.example/");
  });

  it("says the reminder's offset with each language's plural forms, for 1 and 2", () => {
    const heading = (locale: BookingMailFacts["locale"], hours: number) => bookingReminderEmail({ ...facts(locale), hours }).html;
    expect(heading("de", 1)).toContain("Ihr Termin ist in 1 Stunde");
    expect(heading("de", 2)).toContain("Ihr Termin ist in 2 Stunden");
    expect(heading("de", 48)).toContain("Ihr Termin ist in 2 Tagen");
    expect(heading("de", 24)).toContain("Ihr Termin ist morgen");
    expect(heading("es", 1)).toContain("Su cita es dentro de 1 hora");
    expect(heading("es", 2)).toContain("Su cita es dentro de 2 horas");
    expect(heading("es", 72)).toContain("Su cita es dentro de 3 días");
    expect(bookingReminderEmail({ ...facts("es"), hours: 24 }).subject).toBe("Recordatorio: Corte en Salón Lucía, mié, 12 mar 2031, 10:00");
  });

  it("keeps English e-mails as they were when the booking has no language", () => {
    const mail = bookingConfirmedEmail({
      ...facts(undefined),
      timezone: "America/New_York",
      startAt: Date.UTC(2031, 2, 12, 14),
      endAt: Date.UTC(2031, 2, 12, 15),
    });
    expect(mail.subject).toBe("Booking confirmed: Corte at Salón Lucía");
    expect(mail.language).toBe("en");
    expect(mail.text).toContain("When: Wed 12 Mar 2031, 10:00\u201311:00 (America/New_York time)");
  });

  it("writes the notice to the business in the business's language, the customer named in the subject", () => {
    const mail = bookingNoticeEmail("created", {
      ...facts(undefined),
      locale: "de",
      customer: { name: "Ana Ruiz", email: "ana@example.test", phone: "" },
      notes: "",
    });
    expect(mail.subject).toBe("Neue Buchung: Ana Ruiz, Corte, Mi., 12. März 2031, 10:00");
    expect(mail.text).toContain("Kunde: Ana Ruiz");
    const anonymous = bookingNoticeEmail("cancelled", { ...facts(undefined), locale: "es", customer: null, notes: "" });
    expect(anonymous.subject).toBe("Reserva cancelada: Corte, mié, 12 mar 2031, 10:00");
  });

  it("names the calendar event in the booking's language", () => {
    const f: CustomerMailFacts = {
      bookingId: "bkg_1",
      slug: "lucia",
      businessName: "Salón Lucía",
      accent: "#7c3aed",
      location: "",
      timezone: "Europe/Berlin",
      serviceName: "Corte",
      staffName: "Marta",
      confirmationCode: "BK-ABC123",
      startAt: START,
      endAt: END,
      sequence: 0,
      customer: { firstName: "Ana", lastName: "Ruiz", email: "ana@example.test" },
      locale: "de",
    };
    const settings = mailSettings({ PUBLIC_BASE_URL: "https://book.example", EMAIL_FROM: "Bookings <no-reply@book.example>" });
    const ics = bookingIcs("REQUEST", f, settings, START - 86_400_000);
    const text = new TextDecoder().decode(Uint8Array.from(atob(ics.content), (c) => c.charCodeAt(0)));
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent");
    expect(event?.getFirstPropertyValue("summary")).toBe("Corte bei Marta, Salón Lucía");
    expect(String(event?.getFirstPropertyValue("description"))).toContain("Buchungscode: BK-ABC123");
  });
});
