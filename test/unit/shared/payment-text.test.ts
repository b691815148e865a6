import { describe, expect, it } from "vitest";
import { amountLine, amountWithCode, countdownText, feeTerms, refundRule, type StepFacts } from "../../../src/shared/payment-text";

const deposit: StepFacts = {
  amount: 1200,
  currency: "EUR",
  kind: "deposit",
  price: 4000,
  refundableUntil: "2031-05-13T10:00:00",
  cancellationHours: 24,
  fees: null,
};

describe("payment step words", () => {
  it("states the amount as design.md §21 writes it", () => {
    expect(amountLine(deposit)).toBe("Deposit 12.00 EUR of 40.00 EUR");
    expect(amountLine({ ...deposit, kind: "full", amount: 4000 })).toBe("Payment 40.00 EUR");
    expect(amountWithCode(500, "jpy")).toBe("500 JPY");
  });

  it("states the refund rule with the local deadline", () => {
    expect(refundRule(deposit, "Europe/Berlin")).toBe(
      "Cancel by Tue, May 13, 2031, 10:00 (Europe/Berlin time) and the deposit is refunded in full. If you cancel later, the deposit is kept.",
    );
    expect(refundRule({ ...deposit, kind: null }, "UTC")).toBe("");
  });

  it("states the fees of a card on file", () => {
    const text = feeTerms({ ...deposit, kind: null, amount: 0, fees: { noShowFeePercent: 50, lateCancelFeePercent: 30 } }, "UTC");
    expect(text).toContain("50% of the price (20.00 EUR)");
    expect(text).toContain("30% of the price (12.00 EUR) is charged 24 hours later unless the business waives it");
  });

  it("counts down in minutes and seconds, never below zero", () => {
    expect(countdownText(845_000)).toBe("14:05");
    expect(countdownText(59_001)).toBe("1:00");
    expect(countdownText(-5)).toBe("0:00");
  });
});
