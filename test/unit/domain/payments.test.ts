import { describe, expect, it } from "vitest";
import { amountDue, cancellationRefund, feeAmount, holdExpiresAt, needsCardOnFile, refundDeadline } from "../../../src/domain/payments";

// design.md §21's rules, pure.

describe("amountDue", () => {
  it("takes the deposit share rounded to the minor unit, else the full price, else nothing", () => {
    expect(amountDue(3333, 25, "EUR")).toEqual({ amount: 833, kind: "deposit" });
    expect(amountDue(4000, 0, "EUR")).toEqual({ amount: 4000, kind: "full" });
    expect(amountDue(4000, 100, "EUR")).toEqual({ amount: 4000, kind: "full" });
    expect(amountDue(0, 30, "EUR")).toBeNull();
  });

  it("raises a share below Stripe's minimum to it, capped at the price; a price below it takes nothing", () => {
    expect(amountDue(1000, 2, "USD")).toEqual({ amount: 50, kind: "deposit" });
    expect(amountDue(60, 10, "USD")).toEqual({ amount: 50, kind: "deposit" });
    expect(amountDue(49, 0, "USD")).toBeNull();
    expect(amountDue(1000, 2, "GBP")).toEqual({ amount: 30, kind: "deposit" });
    expect(amountDue(200, 1, "JPY")).toEqual({ amount: 50, kind: "deposit" });
  });
});

describe("card on file and fees", () => {
  it("keeps a card when a fee could apply and the booking is not fully prepaid", () => {
    const fees = { noShowFeePercent: 50, lateCancelFeePercent: 0 };
    expect(needsCardOnFile(fees, null)).toBe(true);
    expect(needsCardOnFile(fees, { amount: 1000, kind: "deposit" })).toBe(true);
    expect(needsCardOnFile(fees, { amount: 4000, kind: "full" })).toBe(false);
    expect(needsCardOnFile({ noShowFeePercent: 0, lateCancelFeePercent: 0 }, null)).toBe(false);
  });

  it("charges the percent of the price less what is kept, and nothing below Stripe's minimum", () => {
    expect(feeAmount(4000, 50, 0, "EUR")).toBe(2000);
    expect(feeAmount(4000, 50, 1200, "EUR")).toBe(800);
    expect(feeAmount(4000, 30, 1200, "EUR")).toBe(0);
    expect(feeAmount(4000, 1, 0, "EUR")).toBe(0);
  });
});

describe("the cancellation window", () => {
  const start = Date.parse("2031-03-30T10:00:00Z");
  it("refunds a customer at or before the deadline (real hours before the start), keeps after it", () => {
    const deadline = refundDeadline(start, 24);
    expect(deadline).toBe(Date.parse("2031-03-29T10:00:00Z"));
    expect(cancellationRefund("customer", deadline, Date.parse("2031-03-29T10:00:00Z"))).toBe("full");
    expect(cancellationRefund("customer", deadline, Date.parse("2031-03-29T10:00:00.001Z"))).toBe("keep");
    expect(cancellationRefund("customer", refundDeadline(start, 0), start)).toBe("full");
  });

  it("always refunds when the business cancels", () => {
    expect(cancellationRefund("business", refundDeadline(start, 24), start - 1)).toBe("full");
  });
});

describe("holds", () => {
  it("end after the configured minutes", () => {
    expect(holdExpiresAt(Date.parse("2031-05-01T12:00:00Z"), 15)).toBe(Date.parse("2031-05-01T12:15:00Z"));
  });
});
