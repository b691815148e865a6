import { clockTime, humanDate } from "./format";

/**
 * The payment step's words (design.md §21), shared by the booking page and its tests: the amount
 * ("Deposit 12.00 EUR of 40.00 EUR"), the refund rule with its local deadline, the fee terms of a
 * card on file, the countdown. Pure: no DOM, no server imports.
 */

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

/** "Deposit 12.00 EUR of 40.00 EUR", "Payment 40.00 EUR", or the card-only line. */
export function amountLine(f: StepFacts): string {
  if (f.kind === "deposit") return `Deposit ${amountWithCode(f.amount, f.currency)} of ${amountWithCode(f.price, f.currency)}`;
  if (f.kind === "full") return `Payment ${amountWithCode(f.amount, f.currency)}`;
  return "Nothing is charged now: your card is saved for the fees below.";
}

/** "Cancel by Tue, May 13, 2031, 10:00 (America/New_York time) and the deposit is refunded in full; ..." */
export function refundRule(f: StepFacts, timezone: string): string {
  if (f.kind === null) return "";
  const deadline = `${humanDate(f.refundableUntil)}, ${clockTime(f.refundableUntil)} (${timezone} time)`;
  const what = f.kind === "deposit" ? "the deposit" : "the payment";
  return `Cancel by ${deadline} and ${what} is refunded in full. If you cancel later, ${what} is kept.`;
}

/** The fees a saved card may be charged, in plain words. */
export function feeTerms(f: StepFacts, timezone: string): string {
  if (!f.fees) return "";
  const parts: string[] = [];
  const fee = (pct: number) => amountWithCode(Math.round((f.price * pct) / 100), f.currency);
  if (f.fees.noShowFeePercent > 0) {
    parts.push(`If you do not come, ${f.fees.noShowFeePercent}% of the price (${fee(f.fees.noShowFeePercent)}) is charged to this card.`);
  }
  if (f.fees.lateCancelFeePercent > 0) {
    const deadline = `${humanDate(f.refundableUntil)}, ${clockTime(f.refundableUntil)} (${timezone} time)`;
    parts.push(
      `If you cancel after ${deadline}, ${f.fees.lateCancelFeePercent}% of the price (${fee(f.fees.lateCancelFeePercent)}) is charged 24 hours later unless the business waives it.`,
    );
  }
  const less = f.kind === "deposit" ? " A deposit you paid counts towards a fee." : "";
  return `Your card is saved with the business for this booking. ${parts.join(" ")}${less}`;
}

/** "14:05" for 845 seconds left; never negative. */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
