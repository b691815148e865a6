import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import type { FC } from "hono/jsx";
import { type Config, smsConfig } from "../../config";
import { effectiveSmsLimit } from "../../domain/sms/limits";
import { regionName, regionOf } from "../../domain/sms/phone";
import type { PageTenant } from "../../services/pages/booking-page";

/**
 * The booking form's consent to texts (design.md §27): shown only while texts are configured and
 * the business sends some (confirmations or reminders, and a monthly limit above 0); unchecked by
 * default. The phone field then says in plain words how a number is read and that one we cannot
 * read gets no texts.
 */
export type TextsOffer = { region: string | null };

export function textsOffer(config: Config, t: PageTenant): TextsOffer | null {
  if (!smsConfig(config)) return null;
  if (!(t.smsConfirmations || t.smsReminders) || effectiveSmsLimit(t.plan, t.smsMonthlyLimit) <= 0) return null;
  const region = regionOf(t);
  return { region: region ? regionName(region) : null };
}

export const phoneHint = (offer: TextsOffer, t: Translate<BookingKey>) =>
  offer.region ? t("texts.hintRegion", { region: offer.region }) : t("texts.hint");

export const TextsConsent: FC<{ t: Translate<BookingKey> }> = ({ t }) => (
  <div class="field consent">
    <label class="check" for="smsOptIn">
      <input type="checkbox" id="smsOptIn" name="smsOptIn" aria-describedby="smsOptIn-hint smsOptIn-error" />
      <span>{t("texts.consent")}</span>
    </label>
    <p id="smsOptIn-hint" class="field-hint">
      {t("texts.consentHint")}
    </p>
    <p id="smsOptIn-error" class="field-error" hidden></p>
  </div>
);
