import { currencyDigits, formatMoney, humanDate } from "../../shared/format";
import { GIFT_MESSAGE_MAX } from "../../shared/gift-cards";
import { pageLocale, t } from "../booking/i18n";
import { fieldError, inputValue, requiredProblems, showProblems } from "../sale/form";
import { byId, queryAll, show } from "../shared/dom";
import { giftPage } from "./page";

/**
 * The gift-card form's fields: read, checked in the page's language before anything is sent (the
 * server checks the same rules again), errors shown next to each field. Amounts in minor units.
 */
export type GiftOrder = {
  amount: number;
  buyer: { name: string; email: string };
  recipient: { name: string; email: string };
  message?: string;
  deliveryDate: string;
};

/** Field ids by the API's field paths, so a server refusal lands next to its field. */
export const FIELD_OF_PATH: Record<string, string> = {
  amount: "amount",
  "buyer.name": "buyer-name",
  "buyer.email": "buyer-email",
  "recipient.name": "recipient-name",
  "recipient.email": "recipient-email",
  message: "message",
  deliveryDate: "delivery-date",
};

const value = inputValue;
export const money = (minor: number) => formatMoney(minor, giftPage.currency, pageLocale());

export function clearErrors(): void {
  for (const id of Object.values(FIELD_OF_PATH)) fieldError(id, null);
}

/** The chosen amount in minor units, NaN when none is chosen or the typed one cannot be read. */
function chosenAmount(): number {
  const picked = queryAll<HTMLInputElement>('input[name="amount"]').find((r) => r.checked);
  if (!picked) return Number.NaN;
  if (picked.value !== "other") return Number(picked.value);
  const typed = byId("custom-amount", HTMLInputElement).value.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(typed)) return Number.NaN;
  return Math.round(Number(typed) * 10 ** currencyDigits(giftPage.currency));
}

/** The order when every field is right; otherwise null, with each problem shown and the first one focused. */
export function readOrder(): GiftOrder | null {
  clearErrors();
  const problems: [string, string][] = [];
  const amount = chosenAmount();
  const range = { min: money(giftPage.min), max: money(giftPage.max) };
  if (Number.isNaN(amount)) {
    const other = byId("amount-other", HTMLInputElement).checked;
    problems.push(["amount", other ? t("gift.amountRange", range) : t("gift.chooseAmount")]);
  } else if (amount < giftPage.min || amount > giftPage.max) problems.push(["amount", t("gift.amountRange", range)]);
  problems.push(...requiredProblems(["recipient-name", "recipient-email", "buyer-name", "buyer-email"]));
  const date = value("delivery-date");
  if (!date || date < giftPage.today || date > giftPage.lastDay) {
    problems.push(["delivery-date", t("gift.dateRange", { last: humanDate(giftPage.lastDay, pageLocale()) })]);
  }
  const message = byId("message", HTMLTextAreaElement).value.trim();
  if (showProblems(problems, (id) => (id === "amount" ? firstAmountInput() : byId(id)))) return null;
  return {
    amount,
    recipient: { name: value("recipient-name"), email: value("recipient-email") },
    buyer: { name: value("buyer-name"), email: value("buyer-email") },
    ...(message ? { message: message.slice(0, GIFT_MESSAGE_MAX) } : {}),
    deliveryDate: date,
  };
}

function firstAmountInput(): HTMLElement {
  if (byId("amount-other", HTMLInputElement).checked) return byId("custom-amount");
  return queryAll<HTMLInputElement>('input[name="amount"]')[0] ?? byId("amount-other");
}

/** "Another amount" shows its field; a preset hides it. */
export function wireAmountChoice(): void {
  const field = byId("custom-amount-field");
  for (const radio of queryAll<HTMLInputElement>('input[name="amount"]')) {
    radio.addEventListener("change", () => {
      const other = radio.value === "other" && radio.checked;
      show(field, other);
      if (other) byId("custom-amount").focus();
    });
  }
}

/** "today" or the date in the page's language, for the summary and the finished state. */
export function whenValues(date: string) {
  return { when: date === giftPage.today ? "today" : "later", date: humanDate(date, pageLocale()) };
}
