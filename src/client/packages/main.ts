// The package shop's script (/assets/packages-<hash>.js, design.md §32): the chosen package and the
// buyer, the purchase through the public API, then the sale pages' payment step and the finished
// state (the code is e-mailed once Stripe confirms). Every value is written as text.
import { formatMoney } from "../../shared/format";
import { publicApi } from "../booking/api";
import { botCheck } from "../booking/captcha";
import { fillWords, pageLocale, t } from "../booking/i18n";
import { EMAIL, fieldError, formErrorLine, inputValue, redirectOutcome, showRefusal } from "../sale/form";
import { startPaymentStep } from "../sale/payment-step";
import { startBuyerAccount } from "./account";
import type { PackagePurchased } from "../shared/api-types";
import { byId, queryAll, setText, show } from "../shared/dom";
import { dataOf } from "../shared/http";
import { bodyData } from "../shared/page-data";

/** What the server put on <body> (src/routes/pages/packages.tsx). */
const shop = {
  slug: bodyData("slug"),
  stripeJs: bodyData("stripe-js"),
  turnstileSiteKey: bodyData("turnstile-site-key"),
  turnstileJs: bodyData("turnstile-js"),
};

/** Field ids by the API's field paths, so a server refusal lands next to its field. */
const FIELD_OF_PATH: Record<string, string> = { packageId: "package", "buyer.name": "buyer-name", "buyer.email": "buyer-email" };

type Order = { choice: HTMLInputElement; buyer: { name: string; email: string } };

const form = byId("package-form", HTMLFormElement);
const continueButton = byId("package-continue", HTMLButtonElement);
const enc = encodeURIComponent;
const showFormError = formErrorLine();
const captcha = shop.turnstileSiteKey
  ? botCheck(shop.turnstileSiteKey, shop.turnstileJs, byId("captcha"), () => showFormError(t("client.captchaLoad")))
  : null;

fillWords();
resumeAfterRedirect();
// Issue #43: a signed-in buyer's account holds the package it buys.
const accountToken = startBuyerAccount();

/** The order when every field is right; otherwise null, with each problem shown and the first one focused. */
function readOrder(): Order | null {
  for (const id of Object.values(FIELD_OF_PATH)) fieldError(id, null);
  const radios = queryAll<HTMLInputElement>('input[name="package"]');
  const choice = radios.find((r) => r.checked);
  const problems: [string, string][] = [];
  if (!choice) problems.push(["package", t("packages.chooseOne")]);
  for (const id of ["buyer-name", "buyer-email"]) {
    if (!inputValue(id)) problems.push([id, t("gift.required")]);
    else if (id === "buyer-email" && !EMAIL.test(inputValue(id))) problems.push([id, t("gift.emailInvalid")]);
  }
  for (const [id, text] of problems) fieldError(id, text);
  const first = problems[0]?.[0];
  if (first) {
    (first === "package" ? radios[0] : byId(first))?.focus();
    return null;
  }
  return choice ? { choice, buyer: { name: inputValue("buyer-name"), email: inputValue("buyer-email") } } : null;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showFormError(null);
  const order = readOrder();
  if (!order) return;
  const captchaToken = captcha?.token() ?? null;
  if (captcha && !captchaToken) return showFormError(t("client.captchaFirst"));
  continueButton.disabled = true;
  const token = accountToken();
  const answer = await publicApi<PackagePurchased>(
    "POST",
    `/api/public/${enc(shop.slug)}/packages`,
    {
      packageId: order.choice.value,
      buyer: order.buyer,
      ...(captchaToken ? { captchaToken } : {}),
      // design.md §30: the e-mail with the code speaks the page's language.
      locale: pageLocale(),
    },
    token,
  );
  captcha?.reset();
  continueButton.disabled = false;
  const bought = dataOf(answer, 201);
  if (bought) return startPaying(order, bought, Boolean(token));
  showRefusal(answer, FIELD_OF_PATH, t("packages.notSold"), showFormError);
});

/** The package is pending until Stripe confirms: the Payment Element, then the finished state. */
function startPaying(order: Order, bought: PackagePurchased, held: boolean) {
  const { name, sessions, currency } = order.choice.dataset;
  form.hidden = true;
  const price = formatMoney(bought.payment.amount, currency ?? bought.payment.currency.toUpperCase(), pageLocale());
  setText(byId("package-summary"), t("packages.summary", { name: name ?? "", sessions: Number(sessions), price }));
  startPaymentStep({
    step: byId("package-payment"),
    payment: bought.payment,
    stripeJs: shop.stripeJs,
    returnUrl: `${location.origin}/packages?slug=${enc(shop.slug)}`,
    onPaid: () => finished(t(held ? "account.packageKept" : "packages.done", { email: order.buyer.email })),
  });
}

function finished(text: string) {
  form.hidden = true;
  const done = byId("package-done");
  setText(byId("package-done-text"), text);
  show(done, true);
  done.focus();
}

/** Back from a bank's check (3-D Secure) that left the page. */
function resumeAfterRedirect() {
  const outcome = redirectOutcome();
  if (outcome === "paid") finished(t("packages.doneReturn"));
  else if (outcome === "failed") showFormError(t("gift.returnFailed"));
}
