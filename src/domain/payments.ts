/**
 * Payment rules of design.md §21, pure (no I/O): what a booking owes at booking time, whether a
 * card is kept on file, what a cancellation refunds, what a fee comes to, when a hold ends.
 * Amounts are integer minor units.
 */

/** design.md §21: the payment statuses and kinds (the `payments` table's columns take these values). */
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "refunded", "partially_refunded", "cancelled"] as const;
export const PAYMENT_KINDS = [
  "deposit",
  "full",
  "no_show_fee",
  "late_cancel_fee",
  // design.md §32: prepaid money sold (money taken), and a gift card spent on a booking (not money taken).
  "gift_card_sale",
  "package_sale",
  "gift_card_redemption",
] as const;

export type DueKind = "deposit" | "full";
export type AmountDue = { amount: number; kind: DueKind };

/**
 * Stripe's minimum charge per currency, in the currency's minor units (Stripe's published table;
 * currencies not listed use 50). A charge below it is refused by Stripe.
 */
const STRIPE_MINIMUM: Record<string, number> = {
  USD: 50,
  EUR: 50,
  GBP: 30,
  AUD: 50,
  CAD: 50,
  CHF: 50,
  NZD: 50,
  SGD: 50,
  BRL: 50,
  INR: 50,
  AED: 200,
  BGN: 100,
  CZK: 1500,
  DKK: 250,
  HKD: 400,
  HUF: 17500,
  JPY: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  PLN: 200,
  RON: 200,
  SEK: 300,
  THB: 1000,
};

export function stripeMinimum(currency: string): number {
  return STRIPE_MINIMUM[currency.toUpperCase()] ?? 50;
}

/**
 * What the customer pays when booking: the service's `depositPercent` share of the price (rounded
 * to the minor unit) when it is above 0, else the full price; nothing when that is 0. A share
 * below Stripe's minimum is raised to it, capped at the price; a price below the minimum takes no
 * payment. The kind is `full` whenever the whole price is taken.
 */
export function amountDue(price: number, depositPercent: number, currency: string): AmountDue | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  const minimum = stripeMinimum(currency);
  if (price < minimum) return null;
  const percent = Math.min(Math.max(depositPercent, 0), 100);
  let amount = percent > 0 ? Math.round((price * percent) / 100) : price;
  if (amount <= 0) return null;
  if (amount < minimum) amount = Math.min(minimum, price);
  return { amount, kind: amount >= price ? "full" : "deposit" };
}

/**
 * design.md §26: a visit owes the sum of its items' shares (each its service's `depositPercent` of
 * its price, or its full price), with the minimum-charge rule applied to the sum as one charge.
 */
export function visitAmountDue(items: readonly { price: number; depositPercent: number }[], currency: string): AmountDue | null {
  const price = items.reduce((sum, i) => sum + Math.max(i.price, 0), 0);
  if (price <= 0) return null;
  const minimum = stripeMinimum(currency);
  if (price < minimum) return null;
  let amount = 0;
  for (const i of items) {
    if (i.price <= 0) continue;
    const percent = Math.min(Math.max(i.depositPercent, 0), 100);
    amount += percent > 0 ? Math.round((i.price * percent) / 100) : i.price;
  }
  if (amount <= 0) return null;
  if (amount < minimum) amount = Math.min(minimum, price);
  return { amount, kind: amount >= price ? "full" : "deposit" };
}

export type FeeTerms = { noShowFeePercent: number; lateCancelFeePercent: number };

/** A card is kept on file when a fee could be charged and the booking is not fully prepaid. */
export function needsCardOnFile(fees: FeeTerms, due: AmountDue | null): boolean {
  return (fees.noShowFeePercent > 0 || fees.lateCancelFeePercent > 0) && due?.kind !== "full";
}

/**
 * A fee: `percent` of the price less what the business already keeps of this booking (a deposit
 * not refunded). Below Stripe's minimum it is not charged at all (raising it would charge more
 * than the customer agreed to).
 */
export function feeAmount(price: number, percent: number, kept: number, currency: string): number {
  const p = Math.min(Math.max(percent, 0), 100);
  const fee = Math.round((price * p) / 100) - Math.max(kept, 0);
  return fee >= stripeMinimum(currency) ? fee : 0;
}

export const HOUR_MS = 3_600_000;

/**
 * The last instant a customer may cancel and get everything back: `cancellationHours` of real
 * elapsed time before the start (a DST change in between does not move it by an hour).
 */
export function refundDeadline(startAt: number, cancellationHours: number): number {
  return startAt - Math.max(cancellationHours, 0) * HOUR_MS;
}

export type Canceller = "customer" | "business";

/**
 * design.md §21: the business cancelling refunds in full; a customer cancelling at or before the
 * deadline gets everything back, after it the payment is kept (and a late-cancel fee may apply).
 * `deadlineAt` is the booking's own refund deadline (design.md §31: fixed when it was made, kept
 * through moves), so moving a booking and then cancelling refunds no more than cancelling would have.
 */
export function cancellationRefund(by: Canceller, deadlineAt: number, nowMs: number): "full" | "keep" {
  if (by === "business") return "full";
  return nowMs <= deadlineAt ? "full" : "keep";
}

/** The late-cancellation fee is charged this long after the cancellation, unless waived first. */
export const LATE_FEE_DELAY_MS = 24 * HOUR_MS;

export function holdExpiresAt(nowMs: number, holdMinutes: number): number {
  return nowMs + holdMinutes * 60_000;
}
