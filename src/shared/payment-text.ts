import { clockTime, formatMoney, humanDate } from "./format";
import type { BookingScriptKey } from "./i18n/booking-script/en";
import type { Locale } from "./i18n/locales";
import type { Translate } from "./i18n/messages";

/**
 * The payment step's words (design.md §21), shared by the booking page and its tests: the amount
 * ("Deposit 12.00 EUR of 40.00 EUR"), the refund rule with its local deadline, the fee terms of a
 * card on file, the countdown. Pure: no DOM, no server imports. The words come in the page's language
 * (`PayWords`: the booking page's `t` and locale, design.md §30).
 */

export type PayWords = { t: Translate<BookingScriptKey>; locale: Locale };

export type StepFacts = {
  amount: number;
  currency: string;
  kind: "deposit" | "full" | null;
  price: number;
  /** Tenant-local `YYYY-MM-DDTHH:MM:SS` until which a cancellation is refunded in full. */
  refundableUntil: string;
  cancellationHours: number;
  fees: { noShowFeePercent: number; lateCancelFeePercent: number } | null;
};

const DIGITS: Record<string, number> = { JPY: 0, KRW: 0, HUF: 2, CLP: 0, VND: 0, ISK: 0, XOF: 0, XAF: 0, UGX: 0 };

/** Minor units as "12.00 EUR" (the code after the amount reads the same in every locale). */
export function amountWithCode(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = DIGITS[code] ?? 2;
  return `${(minor / 10 ** digits).toFixed(digits)} ${code}`;
}

/**
 * The amount in the page's language: English keeps "12.00 EUR" (the code after the amount reads the
 * same for every currency); other languages write money as their readers do ("12,00 €").
 */
export function payMoney(minor: number, currency: string, locale: Locale): string {
  return locale === "en" ? amountWithCode(minor, currency) : formatMoney(minor, currency.toUpperCase(), locale);
}

/** "Deposit 12.00 EUR of 40.00 EUR", "Payment 40.00 EUR", or the card-only line. */
export function amountLine(f: StepFacts, { t, locale }: PayWords): string {
  const amount = payMoney(f.amount, f.currency, locale);
  if (f.kind === "deposit") return t("pay.deposit", { amount, price: payMoney(f.price, f.currency, locale) });
  if (f.kind === "full") return t("pay.full", { amount });
  return t("pay.cardOnly");
}

/** The refund deadline, tenant-local: "Tue, May 13, 2031, 10:00 (Europe/Berlin time)". */
function deadline(f: StepFacts, timezone: string, { t, locale }: PayWords): string {
  return t("pay.deadline", { date: humanDate(f.refundableUntil, locale), time: clockTime(f.refundableUntil), timezone });
}

/** "Cancel by Tue, May 13, 2031, 10:00 (America/New_York time) and the deposit is refunded in full; ..." */
export function refundRule(f: StepFacts, timezone: string, words: PayWords): string {
  if (f.kind === null) return "";
  return words.t("pay.refundRule", { kind: f.kind, deadline: deadline(f, timezone, words) });
}

/** The fees a saved card may be charged, in plain words. */
export function feeTerms(f: StepFacts, timezone: string, words: PayWords): string {
  if (!f.fees) return "";
  const { t, locale } = words;
  const percent = (pct: number) => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(pct / 100);
  const fee = (pct: number) => payMoney(Math.round((f.price * pct) / 100), f.currency, locale);
  const sentences = [t("pay.saved")];
  const { noShowFeePercent: noShow, lateCancelFeePercent: late } = f.fees;
  if (noShow > 0) sentences.push(t("pay.noShowFee", { percent: percent(noShow), fee: fee(noShow) }));
  if (late > 0) sentences.push(t("pay.lateFee", { deadline: deadline(f, timezone, words), percent: percent(late), fee: fee(late) }));
  if (f.kind === "deposit") sentences.push(t("pay.depositCounts"));
  return sentences.join(" ");
}

/** "14:05" for 845 seconds left; never negative. */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
