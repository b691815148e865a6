import { amountLine, countdownText, feeTerms, type PayWords, payMoney, refundRule } from "../../shared/payment-text";
import type { BookingLookup, PaymentStepData } from "../shared/api-types";
import { byId, maybeById, setText, show, sleep } from "../shared/dom";
import { dataOf } from "../shared/http";
import { publicApi } from "./api";
import { pageLocale, t } from "./i18n";
import { enc, page } from "./page";
import { loadStripe, type StripeElement, type StripeLike } from "./stripe-js";
import { lookupLines, showItems, whenText } from "./visit";

/**
 * The payment step (design.md §21): after a create answers `pending` with a `payment`, or when a
 * customer comes back to a booking still held. Stripe.js is loaded only here; the countdown runs
 * on the server's clock (the answer's Date header); after Stripe confirms in the browser, the
 * booking is shown confirmed once the lookup says so (polling up to 30 s, then an e-mail follows).
 */

export type PaymentStart = {
  code: string;
  payment: PaymentStepData;
  summary: string;
  /** The server's clock when the payment answer was made (its Date header), to count down on it. */
  serverNow: number | null;
  onConfirmed(booking: BookingLookup): void;
  onRestart(): void;
};

const POLL_MS = 2_000;
const POLL_FOR_MS = 30_000;
const bookingPath = (code: string) => `/api/public/booking/${enc(code)}`;

let active: { stop(): void } | null = null;

export function serverClock(headers: Headers | null): number | null {
  const date = headers?.get("Date");
  const ms = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
}

export function startPayment(opts: PaymentStart): void {
  active?.stop();
  const p = opts.payment;
  const step = byId("step-payment");
  const button = byId("pay-button", HTMLButtonElement);
  const error = byId("pay-error");
  const status = byId("pay-status");
  const agree = byId("pay-fees-agree", HTMLInputElement);
  const offset = opts.serverNow === null ? 0 : opts.serverNow - Date.now();
  const expiresAt = Date.parse(p.expiresAt);
  const secret = p.clientSecret ?? p.setupClientSecret;
  let element: StripeElement | null = null;
  let stripe: StripeLike | null = null;
  let elements: ReturnType<StripeLike["elements"]> | null = null;
  let ready = false;
  let done = false;
  let warned = false;

  const facts = { ...p, currency: p.currency };
  setText(byId("pay-summary"), opts.summary);
  const words: PayWords = { t, locale: pageLocale() };
  setText(byId("pay-amount"), amountLine(facts, words));
  setText(byId("pay-refund-rule"), refundRule(facts, page.timezone, words));
  setText(byId("pay-fees-text"), feeTerms(facts, page.timezone, words));
  show(byId("pay-fees"), p.fees !== null);
  agree.checked = false;
  setText(button, p.clientSecret ? t("pay.payAmount", { amount: payMoney(p.amount, p.currency, words.locale) }) : t("pay.saveCard"));
  show(button, true);
  show(byId("pay-expired"), false);
  show(error, false);
  setText(status, t("pay.loading"));
  show(step, true);
  step.focus();

  function fail(message: string) {
    setText(error, message);
    show(error, true);
  }

  function refreshButton() {
    button.disabled = !ready || done || (p.fees !== null && !agree.checked);
  }

  const timer = window.setInterval(tick, 1000);
  function tick() {
    const left = expiresAt - (Date.now() + offset);
    setText(byId("pay-countdown"), t("pay.timeLeft", { time: countdownText(left) }));
    if (!warned && left <= 60_000 && left > 0) {
      warned = true;
      setText(byId("pay-countdown-alert"), t("pay.oneMinute"));
    }
    if (left <= 0 && !done) expire();
  }

  function stop() {
    window.clearInterval(timer);
    element?.destroy();
    element = null;
  }

  function expire() {
    stop();
    done = true;
    show(button, false);
    show(byId("pay-fees"), false);
    show(error, false);
    setText(status, "");
    setText(byId("pay-countdown"), t("pay.timeLeft", { time: countdownText(0) }));
    show(byId("pay-expired"), true);
    byId("pay-restart").focus();
  }

  active = { stop };
  tick();
  agree.onchange = refreshButton;
  byId("pay-restart").onclick = () => {
    show(step, false);
    opts.onRestart();
  };

  button.onclick = async () => {
    if (!stripe || !elements || done) return;
    show(error, false);
    button.disabled = true;
    setText(status, t("pay.processing"));
    const confirmParams = { return_url: `${location.origin}/book?slug=${enc(page.slug)}&code=${enc(opts.code)}` };
    const result = p.clientSecret
      ? await stripe.confirmPayment({ elements, redirect: "if_required", confirmParams })
      : await stripe.confirmSetup({ elements, redirect: "if_required", confirmParams });
    if (done) return;
    if (result.error) {
      // Declined or incomplete: the hold keeps running, the customer may try again.
      setText(status, "");
      fail(result.error.message ?? t("pay.failed"));
      refreshButton();
      return;
    }
    done = true;
    stop();
    show(button, false);
    show(byId("pay-fees"), false);
    await waitForConfirmation(opts.code, opts.onConfirmed);
  };

  void (async () => {
    if (!secret || !p.publishableKey) {
      setText(status, "");
      return fail(t("pay.unavailable"));
    }
    stripe = await loadStripe(page.stripeJs, p.publishableKey, p.stripeAccount);
    if (done) return;
    if (!stripe) {
      setText(status, "");
      return fail(t("pay.formFailed"));
    }
    elements = stripe.elements({ clientSecret: secret });
    element = elements.create("payment");
    element.mount(byId("payment-element"));
    ready = true;
    setText(status, "");
    refreshButton();
  })();
}

/** After Stripe said yes in the browser: the booking is confirmed when our webhook has applied the event. */
export async function waitForConfirmation(code: string, onConfirmed: (b: BookingLookup) => void): Promise<void> {
  const status = byId("pay-status");
  show(byId("step-payment"), true);
  setText(status, t("pay.received"));
  const until = Date.now() + POLL_FOR_MS;
  while (Date.now() < until) {
    const booking = dataOf(await publicApi<BookingLookup>("GET", bookingPath(code)));
    if (booking?.status === "confirmed") {
      show(byId("step-payment"), false);
      onConfirmed(booking);
      return;
    }
    if (booking?.status === "cancelled") {
      setText(status, t("pay.tooLate"));
      return;
    }
    await sleep(POLL_MS);
  }
  setText(status, t("pay.finishing"));
}

/** The confirmation panel for a booking confirmed by its payment (what the lookup says). */
export function showConfirmed(b: BookingLookup): void {
  const form = maybeById("booking-form");
  if (form) form.hidden = true;
  show(byId("step-payment"), false);
  setText(byId("confirmation-code"), b.confirmation_code);
  const when = whenText(b.start_datetime, b.end_datetime, b.timezone);
  setText(byId("confirmation-summary"), `${t("summary.slot", { service: b.service_name, staff: b.staff_name, when })}.`);
  // design.md §26: a visit confirmed by its payment lists its items as a booked one does.
  showItems(byId("confirmation-items"), lookupLines(b));
  const box = byId("confirmation");
  show(box, true);
  box.focus();
}

/** Stripe brought the customer back here after a bank's check: `/book?...&code=...&redirect_status=...`. */
export function returnedFromPayment(): boolean {
  const params = new URLSearchParams(location.search);
  return Boolean(params.get("code") && params.get("redirect_status"));
}

/** Back from a bank's check (3-D Secure) that left the page: Stripe returns to `/book?...&code=...&redirect_status=...`. */
export function resumeAfterRedirect(): void {
  if (!returnedFromPayment()) return;
  const code = new URLSearchParams(location.search).get("code") ?? "";
  const form = maybeById("booking-form");
  if (form) form.hidden = true;
  void waitForConfirmation(code, showConfirmed);
}

/** A held booking the customer comes back to (manage by code): its payment step again, while the hold lasts. */
export async function resumePayment(code: string, summary: string, onConfirmed: (b: BookingLookup) => void, onRestart: () => void) {
  const answer = await publicApi<PaymentStepData>("GET", `${bookingPath(code)}/payment`);
  const payment = dataOf(answer);
  if (!payment) return answer;
  startPayment({ code, payment, summary, serverNow: serverClock(answer.headers), onConfirmed, onRestart });
  return answer;
}
