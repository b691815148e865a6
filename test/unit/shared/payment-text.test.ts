import { describe, expect, it } from "vitest";
import deScript from "../../../src/shared/i18n/booking-script/de";
import enScript from "../../../src/shared/i18n/booking-script/en";
import esScript from "../../../src/shared/i18n/booking-script/es";
import { translator } from "../../../src/shared/i18n/messages";
import {
  amountLine,
  amountWithCode,
  countdownText,
  feeTerms,
  type PayWords,
  refundRule,
  type StepFacts,
} from "../../../src/shared/payment-text";

const deposit: StepFacts = {
  amount: 1200,
  currency: "EUR",
  kind: "deposit",
  price: 4000,
  refundableUntil: "2031-05-13T10:00:00",
  cancellationHours: 24,
  fees: null,
};

// The page's words as the booking page passes them (src/client/booking/i18n.ts), per language.
const en: PayWords = { t: translator("en", enScript), locale: "en" };
const de: PayWords = { t: translator("de", deScript), locale: "de" };
const es: PayWords = { t: translator("es", esScript), locale: "es" };
const cardOnly = { ...deposit, kind: null, amount: 0, fees: { noShowFeePercent: 50, lateCancelFeePercent: 30 } } as const;

describe("payment step words", () => {
  it("states the amount as design.md §21 writes it", () => {
    expect(amountLine(deposit, en)).toBe("Deposit 12.00 EUR of 40.00 EUR");
    expect(amountLine({ ...deposit, kind: "full", amount: 4000 }, en)).toBe("Payment 40.00 EUR");
    expect(amountWithCode(500, "jpy")).toBe("500 JPY");
  });

  it("states the refund rule with the local deadline", () => {
    expect(refundRule(deposit, "Europe/Berlin", en)).toBe(
      "Cancel by Tue, May 13, 2031, 10:00 (Europe/Berlin time) and the deposit is refunded in full. If you cancel later, the deposit is kept.",
    );
    expect(refundRule({ ...deposit, kind: null }, "UTC", en)).toBe("");
  });

  it("states the fees of a card on file", () => {
    const text = feeTerms(cardOnly, "UTC", en);
    expect(text).toContain("50% of the price (20.00 EUR)");
    expect(text).toContain("30% of the price (12.00 EUR) is charged 24 hours later unless the business waives it");
  });

  it("speaks German: money, dates and percentages as a German reader writes them (design.md §30)", () => {
    expect(amountLine(deposit, de)).toBe("Anzahlung 12,00\u00a0€ von 40,00\u00a0€");
    expect(refundRule(deposit, "Europe/Berlin", de)).toBe(
      "Wenn Sie bis Di., 13. Mai 2031, 10:00 (Zeitzone Europe/Berlin) stornieren, erstatten wir die Anzahlung vollständig. Bei einer späteren Stornierung wird die Anzahlung einbehalten.",
    );
    const fees = feeTerms(cardOnly, "Europe/Berlin", de);
    expect(fees).toContain("Wenn Sie nicht kommen, werden 50\u00a0% des Preises (20,00\u00a0€) von dieser Karte abgebucht.");
    expect(fees.startsWith("Ihre Karte wird für diese Buchung beim Unternehmen hinterlegt.")).toBe(true);
  });

  it("speaks Spanish, the full payment and the card-only line included", () => {
    expect(amountLine({ ...deposit, kind: "full", amount: 4000 }, es)).toBe("Pago de 40,00\u00a0€");
    expect(amountLine(cardOnly, es)).toBe("Ahora no se cobra nada: su tarjeta se guarda para los cargos indicados abajo.");
    expect(refundRule({ ...deposit, kind: "full" }, "Europe/Madrid", es)).toContain("le devolvemos el pago completo");
    expect(feeTerms(cardOnly, "Europe/Madrid", es)).toContain("el 30\u00a0% del precio (12,00\u00a0€) 24 horas más tarde");
  });

  it("counts down in minutes and seconds, never below zero", () => {
    expect(countdownText(845_000)).toBe("14:05");
    expect(countdownText(59_001)).toBe("1:00");
    expect(countdownText(-5)).toBe("0:00");
  });
});
