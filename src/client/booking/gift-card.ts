import { formatMoney } from "../../shared/format";
import type { BookingLookup, PaymentStepData } from "../shared/api-types";
import { maybeById, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { publicApi } from "./api";
import { pageLocale, t } from "./i18n";
import { enc } from "./page";

/**
 * The booking form's gift card (design.md §32): the code sent as `giftCardCode`, the server's
 * refusal in the page's language, and what the card covered (the payment step's line, or the
 * confirmation of a booking it paid in full).
 */

/** The typed code, or nothing to send (the field is on the page only where bookings take payment). */
export function giftCardCodeOf(form: HTMLFormElement): { giftCardCode?: string } {
  const code = form.querySelector<HTMLInputElement>("#giftCardCode")?.value.trim() ?? "";
  return code ? { giftCardCode: code } : {};
}

/** The server's words for each refusal (src/domain/gift-cards.ts, src/services/bookings/gift-card-pay.ts) -> the page's. */
const REFUSALS: [string, Parameters<typeof t>[0]][] = [
  ["No gift card has this code", "giftCard.unknown"],
  ["This gift card has expired", "giftCard.expired"],
  ["This gift card is no longer valid", "giftCard.void"],
  ["This gift card has no balance left", "giftCard.empty"],
  ["This gift card is in another currency", "giftCard.currency"],
  ["Nothing is paid when booking this service", "giftCard.nothingDue"],
  ["This gift card's balance has just changed", "giftCard.changed"],
  ["A gift card can pay for a single service", "giftCard.visit"],
];

export function giftCardProblem(messages: string[]): string {
  const message = messages[0] ?? "";
  const known = REFUSALS.find(([start]) => message.startsWith(start));
  return t(known ? known[1] : "giftCard.other");
}

const money = (minor: number, currency: string) => formatMoney(minor, currency, pageLocale());

/** The payment step's line: what the gift card pays and what the card still pays. */
export function showGiftCardShare(p: PaymentStepData): void {
  const line = maybeById("pay-gift-card");
  if (!line) return;
  const gift = p.giftCardAmount ?? 0;
  setText(line, gift > 0 ? t("giftCard.split", { gift: money(gift, p.currency), card: money(p.cardAmount ?? p.amount, p.currency) }) : "");
  show(line, gift > 0);
}

/** A booking the gift card paid in full (confirmed, `payment: null`): the lookup says how much it took. */
export async function showGiftCardPaid(code: string, paidByGiftCard: boolean): Promise<void> {
  const line = maybeById("confirmation-gift-card");
  show(line, false);
  if (!line || !paidByGiftCard) return;
  const booking = dataOf(await publicApi<BookingLookup>("GET", `/api/public/booking/${enc(code)}`));
  const paid = booking?.payment?.gift_card_amount ?? 0;
  if (!booking?.payment || paid <= 0) return;
  setText(line, t("giftCard.full", { amount: money(paid, booking.payment.currency) }));
  show(line, true);
}
