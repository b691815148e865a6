import { describe, expect, it } from "vitest";
import { BOOKING_SCRIPT_CATALOGS } from "../../../../src/shared/i18n/booking-script";
import { translator } from "../../../../src/shared/i18n/messages";

// design.md §30: the booking page's browser words (waitlist, Ask panel, visit, errors) in Spanish and
// German, with their plural forms for 1 and 2 and the selects that choose a whole sentence.
const de = translator("de", BOOKING_SCRIPT_CATALOGS.de);
const es = translator("es", BOOKING_SCRIPT_CATALOGS.es);

describe("the booking page's browser words", () => {
  it("counts the retry's seconds with the right plural in German and Spanish", () => {
    expect(de("error.retry", { seconds: 1 })).toBe("Gerade buchen sehr viele. Wir versuchen es in 1 Sekunde automatisch erneut.");
    expect(de("error.retry", { seconds: 2 })).toBe("Gerade buchen sehr viele. Wir versuchen es in 2 Sekunden automatisch erneut.");
    expect(es("error.retry", { seconds: 1 })).toContain("automáticamente en 1 segundo.");
    expect(es("error.retry", { seconds: 2 })).toContain("automáticamente en 2 segundos.");
  });

  it("writes the waitlist's sentences whole, with or without a staff member", () => {
    const date = "Mi., 4. Juni 2031";
    expect(de("waitlist.intro", { withStaff: "yes", service: "Haarschnitt", staff: "Kim", date })).toBe(
      "Am Mi., 4. Juni 2031 ist für Haarschnitt bei Kim nichts frei. Sagen Sie uns, wann Sie kommen könnten.",
    );
    expect(es("waitlist.intro", { withStaff: "no", service: "Corte", staff: "", date: "mié, 4 jun 2031" })).toBe(
      "No hay nada libre para Corte el mié, 4 jun 2031. Díganos cuándo podría venir.",
    );
    expect(de("waitlist.status", { status: "left" })).toBe("Sie haben die Warteliste verlassen.");
    expect(es("waitlist.status", { status: "ended" })).toContain("ya no está en la lista de espera");
  });

  it("notes a visit's added services and its limit, and totals it", () => {
    expect(de("visit.addedNote", { service: "Färben", n: 2, full: "no", max: 4 })).toBe(
      "Färben wurde als Leistung 2 zum Besuch hinzugefügt.",
    );
    expect(es("visit.addedNote", { service: "Tinte", n: 4, full: "yes", max: 4 })).toBe(
      "Tinte se ha añadido como servicio 4 de la visita. Una visita puede tener hasta 4 servicios.",
    );
    expect(de("visit.total", { amount: "85,00\u00a0€" })).toBe("Gesamt: 85,00\u00a0€");
  });

  it("words the Ask panel's offers by what the assistant named", () => {
    expect(de("ask.offer", { shape: "staffDay", service: "Haarschnitt", staff: "Kim", date: "Mi., 4. Juni 2031" })).toBe(
      "Haarschnitt bei Kim am Mi., 4. Juni 2031",
    );
    expect(es("ask.offer", { shape: "service", service: "Corte", staff: "", date: "" })).toBe("Corte");
    expect(es("ask.who", { role: "user" })).toBe("Usted");
  });
});
