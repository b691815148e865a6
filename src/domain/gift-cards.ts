import type { GiftCardSettings } from "../shared/gift-cards";
import { GIFT_DELIVERY_MAX_DAYS } from "../shared/gift-cards";
import { stripeMinimum } from "./payments";
import { addDays, dayZone, formatLocalDate, type LocalDate, localDateOf, parseLocalDate, wallToInstant } from "./time";

/** Pure rules of gift cards (design.md §32). */

/** Why an amount cannot be bought, or null. Never below Stripe's minimum charge for the currency. */
export function purchaseAmountProblem(amount: number, s: GiftCardSettings, currency: string): string | null {
  const min = Math.max(s.minAmount, stripeMinimum(currency));
  if (amount < min) return `The smallest gift card is ${(min / 100).toFixed(2)} ${currency.toUpperCase()}`;
  if (amount > s.maxAmount) return `The largest gift card is ${(s.maxAmount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return null;
}

/** Why a delivery date cannot be chosen (today ... today + 90 days in the business's zone), or null. */
export function deliveryDateProblem(timeZone: string, nowMs: number, date: string): string | null {
  const d = parseLocalDate(date);
  if (!d) return "Use a date YYYY-MM-DD";
  const today = localDateOf(timeZone, nowMs);
  const key = formatLocalDate(d);
  if (key < formatLocalDate(today)) return "Choose today or a later date";
  if (key > formatLocalDate(addDays(today, GIFT_DELIVERY_MAX_DAYS))) return `Choose a date at most ${GIFT_DELIVERY_MAX_DAYS} days ahead`;
  return null;
}

/** The recipient's e-mail hour on the delivery date, business-local. */
export const DELIVERY_HOUR = 9;

/**
 * When the recipient's e-mail goes out: 09:00 business-local on the delivery date, or at once when
 * that has passed (a card for today bought in the afternoon, or paid later than planned).
 */
export function deliveryInstant(timeZone: string, date: string | null, nowMs: number): number {
  const d: LocalDate | null = date ? parseLocalDate(date) : null;
  if (!d) return nowMs;
  const zone = dayZone(timeZone, d);
  const at = wallToInstant(zone, zone.wallStartMs + DELIVERY_HOUR * 3_600_000, "clamp");
  return Number.isFinite(at) && at > nowMs ? at : nowMs;
}

/** A card's expiry: `months` calendar months after `fromMs` (UTC), the day clamped to the month's last. */
export function expiryAfterMonths(fromMs: number, months: number): Date {
  const from = new Date(fromMs);
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target;
}

export type GiftCardState = "pending" | "active" | "void" | "expired" | "empty";

/** What a card can do now: a void or expired card is spent by nobody; an empty one has nothing left. */
export function giftCardState(card: { status: string; balance: number; expiresAt: string | null }, nowMs: number): GiftCardState {
  if (card.status === "void") return "void";
  if (card.status === "pending") return "pending";
  if (card.expiresAt && Date.parse(card.expiresAt) <= nowMs) return "expired";
  if (card.balance <= 0) return "empty";
  return "active";
}

/** How the amount due at booking is paid: from the gift card first, the rest by card (design.md §32). */
export type DueSplit = { giftCardAmount: number; cardAmount: number };

/**
 * The gift card covers as much of `due` as its `balance` allows; a rest that Stripe could not
 * charge (above 0, below its minimum for the currency) is raised to that minimum by taking less
 * from the card, so the card never leaves an uncollectable few cents.
 */
export function splitDue(due: number, balance: number, currency: string): DueSplit {
  if (due <= 0) return { giftCardAmount: 0, cardAmount: 0 };
  let giftCardAmount = Math.min(Math.max(balance, 0), due);
  const rest = due - giftCardAmount;
  const minimum = stripeMinimum(currency);
  if (rest > 0 && rest < minimum) giftCardAmount = Math.max(0, due - minimum);
  return { giftCardAmount, cardAmount: due - giftCardAmount };
}

/** Why a card cannot pay at booking, as the customer is told in `fieldErrors.giftCardCode`; null when it can. */
export function giftCardRefusal(state: GiftCardState | "unknown"): string | null {
  switch (state) {
    case "active":
      return null;
    case "expired":
      return "This gift card has expired";
    case "void":
      return "This gift card is no longer valid";
    case "empty":
      return "This gift card has no balance left";
    default:
      return "No gift card has this code";
  }
}
