// The payment step of the pages that sell online (gift cards, packages; design.md §32): Stripe's
// Payment Element (shared with the booking page), the Pay button, a declined card said in Stripe's
// words and retried, then the page's finished state. Its words are the sale pages' shared ones
// (the `gift.*` payment keys of the booking-script catalog, worded for any purchase).
import { formatMoney } from "../../shared/format";
import { pageLocale, t } from "../booking/i18n";
import { type MountedPayment, mountPaymentElement } from "../booking/payment-element";
import type { SalePaymentData } from "../shared/api-types";
import { byId, setText, show } from "../shared/dom";

export type PaymentStepStart = {
  /** The section that holds the element, the `pay-*` lines and the `pay-button`. */
  step: HTMLElement;
  payment: SalePaymentData;
  stripeJs: string;
  /** Where Stripe sends the buyer back after a bank's check that left the page. */
  returnUrl: string;
  onPaid: () => void;
};

export function startPaymentStep(opts: PaymentStepStart): void {
  const button = byId("pay-button", HTMLButtonElement);
  const status = byId("pay-status");
  const error = byId("pay-error");
  let mounted: MountedPayment | null = null;
  setText(button, t("gift.pay", { amount: formatMoney(opts.payment.amount, opts.payment.currency.toUpperCase(), pageLocale()) }));
  setText(status, t("gift.loading"));
  show(opts.step, true);
  opts.step.focus();
  const fail = (message: string) => {
    setText(error, message);
    show(error, true);
  };

  button.onclick = async () => {
    if (!mounted) return;
    show(error, false);
    button.disabled = true;
    setText(status, t("gift.processing"));
    const result = await mounted.confirm(opts.returnUrl);
    setText(status, "");
    if (!result.ok) {
      fail(result.message ?? t("gift.payFailed"));
      button.disabled = false;
      return;
    }
    mounted.destroy();
    show(opts.step, false);
    opts.onPaid();
  };

  void (async () => {
    const outcome = await mountPaymentElement({
      stripeJs: opts.stripeJs,
      publishableKey: opts.payment.publishableKey,
      stripeAccount: opts.payment.stripeAccount,
      clientSecret: opts.payment.clientSecret,
      mode: "payment",
      container: byId("payment-element"),
    });
    setText(status, "");
    if (outcome === "unavailable") return fail(t("gift.unavailable"));
    if (outcome === "load_failed") return fail(t("gift.loadFailed"));
    mounted = outcome;
    button.disabled = false;
  })();
}
