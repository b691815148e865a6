import { maybeById, setText, show } from "../shared/dom";
import { giftCardProblem } from "./gift-card";
import { t } from "./i18n";

/**
 * The booking form's "Have a code?" (design.md §32): a promo code (`promoCode`, lowering the price
 * before the deposit: the payment step's amount and price already are the lowered ones) and a
 * package code (`packageCode`: its sessions pay the services it covers, nothing is charged), each
 * refusal in the page's language beside its field.
 */

const typed = (form: HTMLFormElement, id: string) => form.querySelector<HTMLInputElement>(`#${id}`)?.value.trim() ?? "";

/** The typed codes, or nothing to send. */
export function prepaidCodesOf(form: HTMLFormElement): { promoCode?: string; packageCode?: string } {
  const promo = typed(form, "promoCode");
  const pack = typed(form, "packageCode");
  return { ...(promo ? { promoCode: promo } : {}), ...(pack ? { packageCode: pack } : {}) };
}

type Key = Parameters<typeof t>[0];

/** The server's words for each refusal (src/domain/promo-codes.ts, src/services/bookings/package-pay.ts) -> the page's. */
const PROMO_REFUSALS: [string, Key][] = [
  ["No promo code has this code", "promo.unknown"],
  ["This promo code is valid from", "promo.notYet"],
  ["This promo code has expired", "promo.expired"],
  ["This promo code has been used up", "promo.usedUp"],
  ["This promo code has just been used up", "promo.usedUp"],
  ["This promo code does not apply", "promo.service"],
  ["This promo code is for a first visit", "promo.firstVisit"],
];

const PACKAGE_REFUSALS: [string, Key][] = [
  ["No package has this code", "package.unknown"],
  ["This package is no longer valid", "package.void"],
  ["This package has expired", "package.expired"],
  ["This package has no sessions left", "package.empty"],
  ["This package's last session has just been used", "package.empty"],
  ["This package has ", "package.empty"],
  ["This package does not cover", "package.service"],
  ["A package session cannot be combined", "package.combined"],
];

const wordsFor = (refusals: [string, Key][], other: Key) => (messages: string[]) => {
  const message = messages[0] ?? "";
  const known = refusals.find(([start]) => message.startsWith(start));
  return t(known ? known[1] : other);
};

export const promoCodeProblem = wordsFor(PROMO_REFUSALS, "promo.other");
export const packageCodeProblem = wordsFor(PACKAGE_REFUSALS, "package.other");

/** The payment step's line when a promo code lowered the price it shows. */
export function showPromoApplied(form: HTMLFormElement): void {
  const line = maybeById("pay-promo");
  if (!line) return;
  const applied = Boolean(prepaidCodesOf(form).promoCode);
  setText(line, applied ? t("promo.applied") : "");
  show(line, applied);
}

/** The confirmation's line of a booking a package paid (confirmed at once, nothing charged). */
export function showPackagePaid(form: HTMLFormElement, confirmed: boolean): void {
  const line = maybeById("confirmation-package");
  if (!line) return;
  const paid = confirmed && Boolean(prepaidCodesOf(form).packageCode);
  setText(line, paid ? t("package.covered") : "");
  show(line, paid);
}

/** A refusal beside its field: the codes' in the page's language (the server's words are English), others as sent. */
export function codeFieldProblem(key: string, messages: string[]): string {
  if (key === "giftCardCode") return giftCardProblem(messages);
  if (key === "promoCode") return promoCodeProblem(messages);
  if (key === "packageCode" || key === "usePackage") return packageCodeProblem(messages);
  return messages.join(" ");
}
