import { formatMoney } from "../../shared/format";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
import { greeting, mailText } from "./mail-language";
import { type RenderedEmail, render } from "./templates";

/**
 * E-mails about money (design.md §21): what was charged or refunded, and why, in plain words, in
 * the booking's language (§30; money through Intl for it, English keeps "€12.00").
 */

export type PaymentEmailFacts = {
  businessName: string;
  customerName: string;
  serviceName: string;
  /** Tenant-local wall time in words (in `locale`), and its zone. */
  localStart: string;
  timezone: string;
  confirmationCode: string;
  /** design.md §30: the booking's language (absent: facts of a fee job written before it, English). */
  locale?: Locale;
};

const wordsOf = (f: { locale?: Locale }) => {
  const locale = f.locale ?? DEFAULT_LOCALE;
  return { locale, t: mailText(locale) };
};

/** A payment that arrived after the held slot was released: it is refunded in full. */
export function latePaymentRefundedEmail(f: PaymentEmailFacts & { amount: number; currency: string }): RenderedEmail {
  const { locale, t } = wordsOf(f);
  const amount = formatMoney(f.amount, f.currency, locale);
  return render(
    "payment.late_refunded",
    t("payment.late.subject", { business: f.businessName }),
    [
      greeting(t, f.customerName),
      t("payment.late.intro", { amount, service: f.serviceName, date: f.localStart, timezone: f.timezone }),
      t("payment.late.refund", { amount }),
      t("payment.late.again"),
      t("payment.reference", { code: f.confirmationCode }),
    ],
    t("footer.business", { business: f.businessName }),
    locale,
  );
}

/** A fee charged to the card on file (no-show or late cancellation). */
export function feeChargedEmail(
  f: PaymentEmailFacts & { amount: number; currency: string; kind: "no_show_fee" | "late_cancel_fee" },
): RenderedEmail {
  const { locale, t } = wordsOf(f);
  const amount = formatMoney(f.amount, f.currency, locale);
  const when = { service: f.serviceName, date: f.localStart, timezone: f.timezone };
  return render(
    `payment.${f.kind}_charged`,
    t("payment.fee.subject", { business: f.businessName, fee: f.kind === "no_show_fee" ? "no_show" : "late_cancel", amount }),
    [
      greeting(t, f.customerName),
      f.kind === "no_show_fee" ? t("payment.fee.noShow", when) : t("payment.fee.late", when),
      t("payment.fee.charged", { business: f.businessName, amount }),
      t("payment.reference", { code: f.confirmationCode }),
    ],
    t("footer.business", { business: f.businessName }),
    locale,
  );
}

/**
 * The lines the cancellation e-mail adds about money, in the booking's language: what is refunded,
 * or that the deposit is kept under the policy (quoted), and a late-cancellation fee that will be
 * charged (`chargeOn` already in words in that language).
 */
export function cancellationMoneyLines(p: {
  refunded: number;
  kept: number;
  currency: string;
  policy: string;
  lateFee: { amount: number; chargeOn: string } | null;
  locale?: Locale;
}): string[] {
  const { locale, t } = wordsOf(p);
  const lines: string[] = [];
  if (p.refunded > 0) lines.push(t("payment.cancel.refund", { amount: formatMoney(p.refunded, p.currency, locale) }));
  if (p.kept > 0) {
    const policy = p.policy.trim();
    lines.push(t("payment.cancel.kept", { amount: formatMoney(p.kept, p.currency, locale), hasPolicy: policy ? "yes" : "no", policy }));
  }
  if (p.lateFee) {
    lines.push(t("payment.cancel.lateFee", { amount: formatMoney(p.lateFee.amount, p.currency, locale), date: p.lateFee.chargeOn }));
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
