import { formatMoney } from "../../shared/format";
import { type RenderedEmail, render } from "./templates";

/** E-mails about money (design.md §21): what was charged or refunded, and why, in plain words. */

export type PaymentEmailFacts = {
  businessName: string;
  customerName: string;
  serviceName: string;
  /** Tenant-local wall time in words, and its zone. */
  localStart: string;
  timezone: string;
  confirmationCode: string;
};

const footer = (f: PaymentEmailFacts) => `Sent on behalf of ${f.businessName}.`;

/** A payment that arrived after the held slot was released: it is refunded in full. */
export function latePaymentRefundedEmail(f: PaymentEmailFacts & { amount: number; currency: string }): RenderedEmail {
  const money = formatMoney(f.amount, f.currency);
  return render(
    "payment.late_refunded",
    `Your payment to ${f.businessName} is being refunded`,
    [
      `Hi ${f.customerName},`,
      `Your payment of ${money} for ${f.serviceName} on ${f.localStart} (${f.timezone}) reached us after the time to pay had run out, and the time was released for other customers.`,
      `We are refunding the full ${money} to your card. Depending on your bank it can take 5 to 10 days to appear.`,
      "You are welcome to book again.",
      `Reference: ${f.confirmationCode}`,
    ],
    footer(f),
  );
}

/** A fee charged to the card on file (no-show or late cancellation). */
export function feeChargedEmail(
  f: PaymentEmailFacts & { amount: number; currency: string; kind: "no_show_fee" | "late_cancel_fee" },
): RenderedEmail {
  const money = formatMoney(f.amount, f.currency);
  const why =
    f.kind === "no_show_fee"
      ? `You did not come to your appointment for ${f.serviceName} on ${f.localStart} (${f.timezone}).`
      : `You cancelled your appointment for ${f.serviceName} on ${f.localStart} (${f.timezone}) later than the cancellation policy allows.`;
  return render(
    `payment.${f.kind}_charged`,
    `${f.businessName} charged a ${f.kind === "no_show_fee" ? "no-show" : "late-cancellation"} fee of ${money}`,
    [
      `Hi ${f.customerName},`,
      why,
      `As agreed when you booked, ${f.businessName} has charged the fee of ${money} to the card you saved.`,
      `Reference: ${f.confirmationCode}`,
    ],
    footer(f),
  );
}

/**
 * The lines the cancellation e-mail adds about money: what is refunded, or that the deposit is
 * kept under the policy (quoted), and a late-cancellation fee that will be charged.
 */
export function cancellationMoneyLines(p: {
  refunded: number;
  kept: number;
  currency: string;
  policy: string;
  lateFee: { amount: number; chargeOn: string } | null;
}): string[] {
  const lines: string[] = [];
  if (p.refunded > 0) {
    lines.push(
      `We are refunding ${formatMoney(p.refunded, p.currency)} to your card. Depending on your bank it can take 5 to 10 days to appear.`,
    );
  }
  if (p.kept > 0) {
    const policy = p.policy.trim() ? ` The cancellation policy says: "${p.policy.trim()}"` : "";
    lines.push(
      `As the booking was cancelled inside the cancellation window, the ${formatMoney(p.kept, p.currency)} you paid is kept.${policy}`,
    );
  }
  if (p.lateFee) {
    lines.push(
      `A late-cancellation fee of ${formatMoney(p.lateFee.amount, p.currency)} will be charged to your saved card on ${p.lateFee.chargeOn} unless the business waives it.`,
    );
  }
  return lines;
}

/**
 * design.md §31: the owner hears of every change of the Stripe account their customers' money goes
 * to, whoever made it (a colleague, an API key), so a change they did not make does not go unseen.
 */
export function stripeAccountChangedEmail(p: {
  businessName: string;
  accountId: string | null;
  actor: { type: "user" | "api_key"; id: string };
}): RenderedEmail {
  const who = p.actor.type === "api_key" ? `one of your API keys (${p.actor.id})` : "a member of your team";
  return render(
    "tenant.stripe_account_changed",
    p.accountId ? `${p.businessName}: payments now go to Stripe account ${p.accountId}` : `${p.businessName}: Stripe disconnected`,
    [
      p.accountId
        ? `The Stripe account that receives the deposits, prepayments and fees of "${p.businessName}" is now ${p.accountId}.`
        : `"${p.businessName}" no longer has a Stripe account connected; customers are not asked to pay when they book.`,
      `The change was made by ${who}.`,
      "If you did not expect this, sign in, check Settings → Payments, and revoke any API key or membership you do not trust.",
    ],
    "This is an automatic security message from the booking platform.",
  );
}
