// The gift-card page's script (/assets/gift-<hash>.js, design.md §32): the form, the purchase through
// the public API, then Stripe's Payment Element (shared with the booking page's payment step) and the
// finished state. Every value is written as text; the words are the booking page's catalogs.
import { publicApi } from "../booking/api";
import { botCheck } from "../booking/captcha";
import { fillWords, pageLocale, t } from "../booking/i18n";
import type { GiftCardPurchased } from "../shared/api-types";
import { byId, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { formErrorLine, redirectOutcome, showRefusal } from "../sale/form";
import { startPaymentStep } from "../sale/payment-step";
import { FIELD_OF_PATH, type GiftOrder, money, readOrder, whenValues, wireAmountChoice } from "./form";
import { giftPage } from "./page";

const form = byId("gift-form", HTMLFormElement);
const continueButton = byId("gift-continue", HTMLButtonElement);
const enc = encodeURIComponent;
const showFormError = formErrorLine();
const captcha = giftPage.turnstileSiteKey
  ? botCheck(giftPage.turnstileSiteKey, giftPage.turnstileJs, byId("captcha"), () => showFormError(t("client.captchaLoad")))
  : null;

fillWords();
wireAmountChoice();
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
  showRefusal(answer, FIELD_OF_PATH, t("gift.notSold"), showFormError);
});

/** The card is pending until Stripe confirms: the Payment Element, then the finished state. */
function startPaying(order: GiftOrder, bought: GiftCardPurchased) {
  const when = whenValues(order.deliveryDate);
  form.hidden = true;
  setText(
    byId("gift-summary"),
    t("gift.summary", { amount: money(order.amount), name: order.recipient.name, email: order.recipient.email, ...when }),
  );
  startPaymentStep({
    step: byId("gift-payment"),
    payment: bought.payment,
    stripeJs: giftPage.stripeJs,
    returnUrl: `${location.origin}/gift?slug=${enc(giftPage.slug)}`,
    onPaid: () => finished(t("gift.done", { name: order.recipient.name, email: order.buyer.email, ...when })),
  });
}

function finished(text: string) {
  form.hidden = true;
  const done = byId("gift-done");
  setText(byId("gift-done-text"), text);
  show(done, true);
  done.focus();
}

/** Back from a bank's check (3-D Secure) that left the page. */
function resumeAfterRedirect() {
  const outcome = redirectOutcome();
  if (outcome === "paid") finished(t("gift.doneReturn"));
  else if (outcome === "failed") showFormError(t("gift.returnFailed"));
}
