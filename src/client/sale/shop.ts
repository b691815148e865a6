// The one sale flow of the pages that sell online (gift cards, packages; design.md §32): the form
// read and checked by the page, the purchase through the public API (bot check, the page's
// language), a refusal in plain words, then the payment step and the finished state, and the way
// back from a bank's check that left the page. Ids follow the page's prefix (`<prefix>-form`,
// `-continue`, `-payment`, `-summary`, `-done`, `-done-text`). Every value is written as text.
import { publicApi } from "../booking/api";
import { botCheck } from "../booking/captcha";
import { fillWords, pageLocale, t } from "../booking/i18n";
import type { SalePaymentData } from "../shared/api-types";
import { byId, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { bodyData } from "../shared/page-data";
import { formErrorLine, redirectOutcome, showRefusal } from "./form";
import { startPaymentStep } from "./payment-step";

export type SaleShop<Order, Bought extends { payment: SalePaymentData }> = {
  prefix: string;
  /** The public API's collection (`/api/public/<slug>/<resource>`) and the page's path (`/<path>?slug=`). */
  resource: string;
  path: string;
  /** Field ids by the API's field paths, so a server refusal lands next to its field. */
  fieldOfPath: Record<string, string>;
  /** The order when every field is right; otherwise null, each problem shown (see `showProblems`). */
  readOrder: () => Order | null;
  body: (order: Order) => Record<string, unknown>;
  /** What is being paid for, above the Payment Element. */
  summary: (order: Order, bought: Bought) => string;
  /** The finished state's words: after paying here, and back from a bank's check. */
  done: (order: Order) => string;
  doneReturn: () => string;
  /** What a 404 means on this page (the thing is no longer sold). */
  notSold: () => string;
};

/** What every sale page's server put on <body> (src/routes/pages/sale-page.tsx). */
export const saleBody = () => ({
  slug: bodyData("slug"),
  stripeJs: bodyData("stripe-js"),
  turnstileSiteKey: bodyData("turnstile-site-key"),
  turnstileJs: bodyData("turnstile-js"),
});

export function startSaleShop<Order, Bought extends { payment: SalePaymentData }>(shop: SaleShop<Order, Bought>): void {
  const page = saleBody();
  const form = byId(`${shop.prefix}-form`, HTMLFormElement);
  const continueButton = byId(`${shop.prefix}-continue`, HTMLButtonElement);
  const enc = encodeURIComponent;
  const showFormError = formErrorLine();
  const captcha = page.turnstileSiteKey
    ? botCheck(page.turnstileSiteKey, page.turnstileJs, byId("captcha"), () => showFormError(t("client.captchaLoad")))
    : null;

  const finished = (text: string) => {
    form.hidden = true;
    const done = byId(`${shop.prefix}-done`);
    setText(byId(`${shop.prefix}-done-text`), text);
    show(done, true);
    done.focus();
  };

  /** Pending until Stripe confirms: the Payment Element, then the finished state. */
  const startPaying = (order: Order, bought: Bought) => {
    form.hidden = true;
    setText(byId(`${shop.prefix}-summary`), shop.summary(order, bought));
    startPaymentStep({
      step: byId(`${shop.prefix}-payment`),
      payment: bought.payment,
      stripeJs: page.stripeJs,
      returnUrl: `${location.origin}${shop.path}?slug=${enc(page.slug)}`,
      onPaid: () => finished(shop.done(order)),
    });
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showFormError(null);
    const order = shop.readOrder();
    if (!order) return;
    const captchaToken = captcha?.token() ?? null;
    if (captcha && !captchaToken) return showFormError(t("client.captchaFirst"));
    continueButton.disabled = true;
    const answer = await publicApi<Bought>("POST", `/api/public/${enc(page.slug)}/${shop.resource}`, {
      ...shop.body(order),
      ...(captchaToken ? { captchaToken } : {}),
      // design.md §30: the e-mails of what was bought speak the page's language.
      locale: pageLocale(),
    });
    captcha?.reset();
    continueButton.disabled = false;
    const bought = dataOf(answer, 201);
    if (bought) return startPaying(order, bought);
    showRefusal(answer, shop.fieldOfPath, shop.notSold(), showFormError);
  });

  fillWords();
  // Back from a bank's check (3-D Secure) that left the page.
  const outcome = redirectOutcome();
  if (outcome === "paid") finished(shop.doneReturn());
  else if (outcome === "failed") showFormError(t("gift.returnFailed"));
}
