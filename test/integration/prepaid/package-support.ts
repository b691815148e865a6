import { NOW } from "./counter";
import { soldEvent, soldPayment } from "./support";

// Packages sold online (design.md §32): the sale's payment and Stripe's signed events about it.

export { NOW, offered } from "./counter";

export const salePayment = (soldId: string) => soldPayment("package", soldId);

/** Stripe's signed event about a sold package's payment. */
export const saleEvent = (soldId: string, type = "payment_intent.succeeded", opts: { account?: string } = {}) =>
  soldEvent("package", soldId, { type, account: opts.account, at: new Date(NOW) });

export function packageCodeIn(text: string): string {
  const m = text.match(/PK-[0-9A-Z]{4}-[0-9A-Z]{4}/);
  if (!m) throw new Error("no package code in the e-mail");
  return m[0];
}
