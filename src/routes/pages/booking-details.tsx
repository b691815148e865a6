import type { FC } from "hono/jsx";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { GiftCardField } from "./booking-payment";
import { ApplyCode, PriceQuote } from "./booking-price";
import { PhoneHint, TextsConsent, type TextsOffer } from "./booking-texts";
import { VisitItems } from "./booking-visit";
import { CaptchaSlot } from "./captcha-slot";

/**
 * The booking form's last step (design.md §11): the customer's details, the consent to texts
 * (§27), the codes that pay or lower the price (§32: promo code, package code, gift card), the bot
 * check (§31) and "Confirm booking".
 */
export const DetailsStep: FC<{
  t: Translate<BookingKey>;
  texts: TextsOffer | null;
  captcha: boolean;
  /** The business takes payment at booking: a gift card can pay the amount due. */
  payment: boolean;
}> = ({ t, texts, captcha, payment }) => (
  <fieldset id="step-details" hidden>
    <legend>{t("step.details")}</legend>
    <div class="summary">
      <p id="summary"></p>
      <VisitItems id="summary-items" label={t("details.visitItems")} />
    </div>
    <div class="grid-2">
      <div class="field">
        <label for="firstName">{t("field.firstName")}</label>
        <input id="firstName" name="firstName" autocomplete="given-name" maxlength={100} required aria-describedby="firstName-error" />
        <p id="firstName-error" class="field-error" hidden></p>
      </div>
      <div class="field">
        <label for="lastName">{t("field.lastName")}</label>
        <input id="lastName" name="lastName" autocomplete="family-name" maxlength={100} aria-describedby="lastName-error" />
        <p id="lastName-error" class="field-error" hidden></p>
      </div>
      <div class="field">
        <label for="email">{t("field.email")}</label>
        <input id="email" name="email" type="email" autocomplete="email" required aria-describedby="email-error" />
        <p id="email-error" class="field-error" hidden></p>
      </div>
      <div class="field">
        <label for="phone">{t("field.phone")}</label>
        <input
          id="phone"
          name="phone"
          type="tel"
          autocomplete="tel"
          maxlength={40}
          aria-describedby={texts ? "phone-hint phone-error" : "phone-error"}
        />
        {texts ? <PhoneHint offer={texts} /> : null}
        <p id="phone-error" class="field-error" hidden></p>
      </div>
    </div>
    {texts ? <TextsConsent /> : null}
    <div class="field">
      <label for="notes">{t("field.notes")}</label>
      <textarea id="notes" name="notes" rows={3} maxlength={2000} aria-describedby="notes-error"></textarea>
      <p id="notes-error" class="field-error" hidden></p>
    </div>
    <CodeFields t={t} />
    {payment ? <GiftCardField label={t("giftCard.label")} hint={t("giftCard.hint")} /> : null}
    {payment ? <ApplyCode field="giftCardCode" label={t("price.apply")} name={t("price.applyGiftCard")} /> : null}
    <PriceQuote heading={t("price.heading")} />
    {captcha ? <CaptchaSlot id="captcha" label={t("captcha.label")} /> : null}
    <div id="form-error" class="error" role="alert" hidden></div>
    <button type="submit" id="confirm-button" class="primary">
      {t("confirm.button")}
    </button>
  </fieldset>
);

/** A text field of a code (upper-cased as typed), with its hint and the place of its refusal in plain words. */
const CodeField: FC<{ id: string; label: string; hint: string; placeholder: string }> = ({ id, label, hint, placeholder }) => (
  <div class="field">
    <label for={id}>{label}</label>
    <input
      id={id}
      name={id}
      autocomplete="off"
      autocapitalize="characters"
      spellcheck={false}
      placeholder={placeholder}
      maxlength={40}
      aria-describedby={`${id}-hint ${id}-error`}
    />
    <p id={`${id}-hint`} class="field-hint">
      {hint}
    </p>
    <p id={`${id}-error`} class="field-error" hidden></p>
  </div>
);

/**
 * design.md §32: "Have a code?": a promo code (sent as `promoCode`; the payment step then shows the
 * lowered price and deposit) or a package code (`packageCode`: one session pays, nothing is charged).
 */
const CodeFields: FC<{ t: Translate<BookingKey> }> = ({ t }) => (
  <details class="codes" id="codes">
    <summary>{t("codes.summary")}</summary>
    <CodeField id="promoCode" label={t("codes.promoLabel")} hint={t("codes.promoHint")} placeholder="SPRING10" />
    <ApplyCode field="promoCode" label={t("price.apply")} name={t("price.applyPromo")} />
    <CodeField id="packageCode" label={t("codes.packageLabel")} hint={t("codes.packageHint")} placeholder="PK-XXXX-XXXX" />
  </details>
);
