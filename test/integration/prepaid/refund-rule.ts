import { expect } from "vitest";
import { type ApiResponse, post } from "../../helpers/api";
import { bookingOf, paymentSucceeded, paymentsOf, refundsOf } from "../payments/support";
import { counterCard, NOW } from "./counter";
import { giftCardRow } from "./support";

// design.md §32 with §21's refund rule, for a booking and a visit alike: paid 25.00 by a gift card
// and the rest by card, cancelled inside the refund window (the card's share refunded by Stripe, the
// gift card's given back first) and two hours before the start (everything paid is kept).

type Booked = { res: ApiResponse; paymentsOn: string };

/**
 * `book(start, giftCardCode)` creates the booking or visit and names the booking its payments hang on
 * (a visit's first item); `cardShare` is what the card pays besides the gift card's 25.00.
 */
export async function giftCardRefundRule(
  tenant: { ownerId: string; id: string },
  book: (start: string, giftCardCode: string) => Promise<Booked>,
  cardShare: number,
) {
  const paid = async (start: string) => {
    const card = await counterCard(tenant, 2500);
    const { res, paymentsOn } = await book(start, card.code);
    expect(res.status).toBe(201);
    const share = (await paymentsOf(paymentsOn)).find((p) => p.kind === "full");
    if (!share) throw new Error("no card share");
    expect((await paymentSucceeded(share, { booking_id: paymentsOn })).res.status).toBe(200);
    expect((await bookingOf(paymentsOn)).status).toBe("confirmed");
    return { card, paymentsOn, code: res.body.data.confirmationCode as string };
  };

  // Inside the refund window (the start is 13 days away, the business asks 24 hours).
  const early = await paid("2031-05-14T10:00:00");
  const refunded = await post(`/api/public/booking/${early.code}/cancel`, { reason: "Plans changed" }, { now: NOW });
  expect(refunded.status).toBe(200);
  expect(refunded.body.data.refund).toEqual({ amount: cardShare, currency: "EUR", status: "pending" });
  expect((await giftCardRow(early.card.id)).balance).toBe(2500);
  const earlyPayments = await paymentsOf(early.paymentsOn);
  expect(earlyPayments.find((p) => p.kind === "gift_card_redemption")).toMatchObject({ status: "refunded", refundedAmount: 2500 });
  const [refund] = await refundsOf(earlyPayments.find((p) => p.kind === "full")?.id ?? "");
  expect(refund).toMatchObject({ amount: cardShare, status: "pending" });

  // Two hours before the start (09:00 New York on the day): everything paid is kept.
  const late = await paid("2031-05-15T11:00:00");
  const kept = await post(`/api/public/booking/${late.code}/cancel`, {}, { now: "2031-05-15T13:00:00.000Z" });
  expect(kept.status).toBe(200);
  expect(kept.body.data.refund).toBeNull();
  expect((await giftCardRow(late.card.id)).balance).toBe(0);
  const latePayments = await paymentsOf(late.paymentsOn);
  expect(latePayments.find((p) => p.kind === "gift_card_redemption")).toMatchObject({ status: "succeeded", refundedAmount: 0 });
  expect(await refundsOf(latePayments.find((p) => p.kind === "full")?.id ?? "")).toEqual([]);
}
