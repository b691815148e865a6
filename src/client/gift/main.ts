// The gift-card page's script (/assets/gift-<hash>.js, design.md §32): the form, the purchase through
// the public API, then Stripe's Payment Element (shared with the booking page's payment step) and the
// finished state. Every value is written as text; the words are the booking page's catalogs.
import { publicApi } from "../booking/api";
import { botCheck } from "../booking/captcha";
import { fillWords, pageLocale, t } from "../booking/i18n";
import { type MountedPayment, mountPaymentElement } from "../booking/payment-element";
import type { GiftCardPurchased } from "../shared/api-types";
import { byId, setText, show } from "../shared/dom";
import { dataOf, errorCode, errorDetails } from "../shared/http";
import { clearErrors, FIELD_OF_PATH, fieldError, type GiftOrder, money, readOrder, whenValues, wireAmountChoice } from "./form";
import { giftPage } from "./page";

const form = byId("gift-form", HTMLFormElement);
const continueButton = byId("gift-continue", HTMLButtonElement);
const formError = byId("form-error");
const enc = encodeURIComponent;
const captcha = giftPage.turnstileSiteKey
  ? botCheck(giftPage.turnstileSiteKey, giftPage.turnstileJs, byId("captcha"), () => showFormError(t("client.captchaLoad")))
  : null;

function showFormError(message: string | null) {
  setText(formError, message ?? "");
  show(formError, message !== null);
  if (message) formError.focus();
}

fillWords();
wireAmountChoice();
formError.tabIndex = -1;
resumeAfterRedirect();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showFormError(null);
  const order = readOrder();
  if (!order) return;
  const captchaToken = captcha?.token() ?? null;
  if (captcha && !captchaToken) return showFormError(t("client.captchaFirst"));
  continueButton.disabled = true;
  const answer = await publicApi<GiftCardPurchased>("POST", `/api/public/${enc(giftPage.slug)}/gift-cards`, {
    ...order,
    ...(captchaToken ? { captchaToken } : {}),
    // design.md §30: the card's e-mails speak the page's language.
    locale: pageLocale(),
  });
  captcha?.reset();
  continueButton.disabled = false;
  const bought = dataOf(answer, 201);
  if (bought) return startPaying(order, bought);
  const code = errorCode(answer);
  if (code === "invalid_request") {
    clearErrors();
    const fields = errorDetails(answer)?.fieldErrors ?? {};
    const paths = Object.keys(fields).filter((p) => p in FIELD_OF_PATH);
    for (const path of paths) fieldError(FIELD_OF_PATH[path], fields[path]?.[0] ?? t("gift.required"));
    if (paths.length > 0) return;
  }
  if (answer.status === 0) return showFormError(t("gift.offline"));
  if (answer.status === 404) return showFormError(t("gift.notSold"));
  if (answer.status === 429) return showFormError(t("gift.busy"));
  if (code === "captcha_failed") return showFormError(t("client.captchaFailed"));
  if (code === "payment_provider_error") return showFormError(t("client.paymentStart"));
  showFormError(t("gift.failed"));
});

/** The card is pending until Stripe confirms: the Payment Element, then the finished state. */
function startPaying(order: GiftOrder, bought: GiftCardPurchased) {
  const step = byId("gift-payment");
  const button = byId("pay-button", HTMLButtonElement);
  const status = byId("pay-status");
  const error = byId("pay-error");
  const when = whenValues(order.deliveryDate);
  let mounted: MountedPayment | null = null;
  form.hidden = true;
  setText(
    byId("gift-summary"),
    t("gift.summary", { amount: money(order.amount), name: order.recipient.name, email: order.recipient.email, ...when }),
  );
  setText(button, t("gift.pay", { amount: money(bought.payment.amount) }));
  setText(status, t("gift.loading"));
  show(step, true);
  step.focus();
  const fail = (message: string) => {
    setText(error, message);
    show(error, true);
  };

  button.onclick = async () => {
    if (!mounted) return;
    show(error, false);
    button.disabled = true;
    setText(status, t("gift.processing"));
    const result = await mounted.confirm(`${location.origin}/gift?slug=${enc(giftPage.slug)}`);
    setText(status, "");
    if (!result.ok) {
      fail(result.message ?? t("gift.payFailed"));
      button.disabled = false;
      return;
    }
    mounted.destroy();
    show(step, false);
    finished(t("gift.done", { name: order.recipient.name, email: order.buyer.email, ...when }));
  };

  void (async () => {
    const outcome = await mountPaymentElement({
      stripeJs: giftPage.stripeJs,
      publishableKey: bought.payment.publishableKey,
      stripeAccount: bought.payment.stripeAccount,
      clientSecret: bought.payment.clientSecret,
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

function finished(text: string) {
  form.hidden = true;
  const done = byId("gift-done");
  setText(byId("gift-done-text"), text);
  show(done, true);
  done.focus();
}

/** Back from a bank's check (3-D Secure) that left the page: Stripe returns with `redirect_status`. */
function resumeAfterRedirect() {
  const status = new URLSearchParams(location.search).get("redirect_status");
  if (status === "succeeded" || status === "processing") finished(t("gift.doneReturn"));
  else if (status) showFormError(t("gift.returnFailed"));
}
