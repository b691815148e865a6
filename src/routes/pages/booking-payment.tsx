import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import type { FC } from "hono/jsx";

/**
 * The booking page's payment step (design.md §21), hidden until a create answers `pending` with
 * a `payment`: the amount, the refund rule with its local deadline, the fee terms of a card on
 * file, Stripe's Payment Element (loaded from STRIPE_JS_URL only on this step), a countdown of the
 * hold. Every value is written by the script with textContent (src/client/booking/payment.ts).
 */
export const PaymentStep: FC<{ t: Translate<BookingKey> }> = ({ t }) => (
  <section id="step-payment" class="payment-step" aria-labelledby="payment-heading" tabindex={-1} hidden>
    <h3 id="payment-heading">{t("pay.heading")}</h3>
    <p id="pay-summary" class="summary"></p>
    <p id="pay-amount" class="pay-amount"></p>
    <p id="pay-refund-rule" class="muted"></p>
    <p id="pay-countdown" class="countdown" role="timer" aria-live="off"></p>
    <p id="pay-countdown-alert" class="visually-hidden" role="status" aria-live="polite"></p>
    <div id="pay-fees" class="fee-terms" hidden>
      <p id="pay-fees-text"></p>
      <label class="check">
        <input type="checkbox" id="pay-fees-agree" />
        <span>{t("pay.agree")}</span>
      </label>
    </div>
    <div id="payment-element" class="payment-element"></div>
    <div id="pay-error" class="error" role="alert" hidden></div>
    <p id="pay-status" class="muted" role="status" aria-live="polite"></p>
    <button type="button" id="pay-button" class="primary" disabled>
      {t("pay.button")}
    </button>
    <div id="pay-expired" class="notice" hidden>
      <p>{t("pay.expired")}</p>
      <button type="button" id="pay-restart">
        {t("pay.restart")}
      </button>
    </div>
  </section>
);
