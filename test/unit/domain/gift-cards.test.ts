import { describe, expect, it } from "vitest";
import {
  deliveryDateProblem,
  deliveryInstant,
  expiryAfterMonths,
  giftCardRefusal,
  giftCardState,
  purchaseAmountProblem,
  splitDue,
} from "../../../src/domain/gift-cards";
import { GIFT_CARD_DEFAULTS } from "../../../src/shared/gift-cards";

const NOW = Date.parse("2031-05-01T12:00:00Z");

describe("gift-card rules (design.md §32)", () => {
  it("sells amounts within the business's range, never below Stripe's minimum charge", () => {
    const s = { ...GIFT_CARD_DEFAULTS, minAmount: 10, maxAmount: 20000 };
    expect(purchaseAmountProblem(5000, s, "EUR")).toBeNull();
    expect(purchaseAmountProblem(20000, s, "EUR")).toBeNull();
    expect(purchaseAmountProblem(20001, s, "EUR")).toBe("The largest gift card is 200.00 EUR");
    // The business allows 0.10, Stripe charges at least 0.50 EUR.
    expect(purchaseAmountProblem(49, s, "EUR")).toBe("The smallest gift card is 0.50 EUR");
    expect(purchaseAmountProblem(50, s, "EUR")).toBeNull();
  });

  it("delivers from today to 90 days ahead, in the business's own calendar", () => {
    // 2031-05-01T12:00Z is still 1 May in New York and already 2 May in Auckland.
    expect(deliveryDateProblem("America/New_York", NOW, "2031-05-01")).toBeNull();
    expect(deliveryDateProblem("Pacific/Auckland", NOW, "2031-05-01")).toBe("Choose today or a later date");
    expect(deliveryDateProblem("America/New_York", NOW, "2031-07-30")).toBeNull();
    expect(deliveryDateProblem("America/New_York", NOW, "2031-07-31")).toBe("Choose a date at most 90 days ahead");
    expect(deliveryDateProblem("America/New_York", NOW, "2031-02-30")).toBe("Use a date YYYY-MM-DD");
  });

  it("sends the recipient's e-mail at 09:00 business-local on the date, or at once when that has passed", () => {
    expect(new Date(deliveryInstant("America/New_York", "2031-05-10", NOW)).toISOString()).toBe("2031-05-10T13:00:00.000Z");
    expect(new Date(deliveryInstant("Europe/Berlin", "2031-12-24", NOW)).toISOString()).toBe("2031-12-24T08:00:00.000Z");
    // Today: 12:00Z is 08:00 in New York (before 09:00: at 09:00) and 14:00 in Berlin (after: at once).
    expect(new Date(deliveryInstant("America/New_York", "2031-05-01", NOW)).toISOString()).toBe("2031-05-01T13:00:00.000Z");
    expect(deliveryInstant("Europe/Berlin", "2031-05-01", NOW)).toBe(NOW);
    expect(deliveryInstant("Europe/Berlin", null, NOW)).toBe(NOW);
  });

  it("expires whole calendar months later, the day clamped to the month's end", () => {
    expect(expiryAfterMonths(NOW, 60).toISOString()).toBe("2036-05-01T12:00:00.000Z");
    expect(expiryAfterMonths(Date.parse("2031-01-31T10:00:00Z"), 1).toISOString()).toBe("2031-02-28T10:00:00.000Z");
    expect(expiryAfterMonths(Date.parse("2031-08-31T10:00:00Z"), 6).toISOString()).toBe("2032-02-29T10:00:00.000Z");
  });

  it("says what a card can do now: void and expired cards are spent by nobody", () => {
    const card = { status: "active", balance: 500, expiresAt: "2031-06-01T00:00:00.000Z" };
    expect(giftCardState(card, NOW)).toBe("active");
    expect(giftCardState({ ...card, balance: 0 }, NOW)).toBe("empty");
    expect(giftCardState(card, Date.parse("2031-06-01T00:00:00Z"))).toBe("expired");
    expect(giftCardState({ ...card, status: "void" }, NOW)).toBe("void");
    expect(giftCardState({ ...card, status: "pending" }, NOW)).toBe("pending");
  });
});

describe("paying at booking with a gift card (design.md §32)", () => {
  it("takes the amount due from the balance first and leaves the rest to the card", () => {
    expect(splitDue(4000, 10000, "EUR")).toEqual({ giftCardAmount: 4000, cardAmount: 0 });
    expect(splitDue(4000, 2500, "EUR")).toEqual({ giftCardAmount: 2500, cardAmount: 1500 });
    expect(splitDue(4000, 0, "EUR")).toEqual({ giftCardAmount: 0, cardAmount: 4000 });
    expect(splitDue(0, 2500, "EUR")).toEqual({ giftCardAmount: 0, cardAmount: 0 });
  });

  it("covers less when the rest would be below Stripe's minimum charge, so the card pays the minimum", () => {
    // 39.80 of 40.00 would leave 0.20: the card pays 0.50 and the gift card 39.50.
    expect(splitDue(4000, 3980, "EUR")).toEqual({ giftCardAmount: 3950, cardAmount: 50 });
    expect(splitDue(4000, 3950, "EUR")).toEqual({ giftCardAmount: 3950, cardAmount: 50 });
    expect(splitDue(4000, 3940, "EUR")).toEqual({ giftCardAmount: 3940, cardAmount: 60 });
    // GBP's minimum is 0.30.
    expect(splitDue(1000, 990, "GBP")).toEqual({ giftCardAmount: 970, cardAmount: 30 });
  });

  it("says which reason a code cannot pay", () => {
    expect(giftCardRefusal("active")).toBeNull();
    expect(giftCardRefusal("unknown")).toBe("No gift card has this code");
    expect(giftCardRefusal("pending")).toBe("No gift card has this code");
    expect(giftCardRefusal("expired")).toBe("This gift card has expired");
    expect(giftCardRefusal("void")).toBe("This gift card is no longer valid");
    expect(giftCardRefusal("empty")).toBe("This gift card has no balance left");
  });
});
