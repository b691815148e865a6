import type { FC } from "hono/jsx";

/**
 * The booking page's payment step (design.md §21), hidden until a create answers `pending` with
 * a `payment`: the amount, the refund rule with its local deadline, the fee terms of a card on
 * file, Stripe's Payment Element (loaded from STRIPE_JS_URL only on this step), a countdown of the
 * hold. Every value is written by the script with textContent (src/client/booking/payment.ts).
 */
// design.md §30: the step's words are the script's (filled in by `fillWords`, src/client/booking/i18n.ts): the
// step exists only once the script shows it, and the Worker carries fewer strings (its 600 KB budget).
export const PaymentStep: FC = () => (
  <section id="step-payment" class="payment-step" aria-labelledby="payment-heading" tabindex={-1} hidden>
    <h3 id="payment-heading">
      <span data-words="pay.heading"></span>
    </h3>
    <p id="pay-summary" class="summary"></p>
    <p id="pay-amount" class="pay-amount"></p>
    <p id="pay-promo" class="success" hidden></p>
    <p id="pay-gift-card" class="success" hidden></p>
    <p id="pay-refund-rule" class="muted"></p>
    <p id="pay-countdown" class="countdown" role="timer" aria-live="off"></p>
    <p id="pay-countdown-alert" class="visually-hidden" role="status" aria-live="polite"></p>
    <div id="pay-fees" class="fee-terms" hidden>
      <p id="pay-fees-text"></p>
      <label class="check">
        <input type="checkbox" id="pay-fees-agree" />
        <span data-words="pay.agree"></span>
      </label>
    </div>
    <div id="payment-element" class="payment-element"></div>
    <div id="pay-error" class="error" role="alert" hidden></div>
    <p id="pay-status" class="muted" role="status" aria-live="polite"></p>
    <button type="button" id="pay-button" class="primary" data-words="pay.button" disabled></button>
    <div id="pay-expired" class="notice" hidden>
      <p data-words="pay.expired"></p>
      <button type="button" id="pay-restart" data-words="pay.restart"></button>
    </div>
  </section>
);

/**
 * design.md §32: the gift card field, shown where a booking takes payment (a card pays the amount due
 * first; the rest by card). Sent as `giftCardCode`; the script shows what the card covers.
 */
export const GiftCardField: FC<{ label: string; hint: string }> = ({ label, hint }) => (
  <div class="field">
    <label for="giftCardCode">{label}</label>
    <input
      id="giftCardCode"
      name="giftCardCode"
      autocomplete="off"
      autocapitalize="characters"
      spellcheck={false}
      placeholder="GC-XXXX-XXXX"
      maxlength={40}
      aria-describedby="giftCardCode-hint giftCardCode-error"
    />
    <p id="giftCardCode-hint" class="field-hint">
      {hint}
    </p>
    <p id="giftCardCode-error" class="field-error" hidden></p>
  </div>
);
