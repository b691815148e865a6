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

/** The phone field's hint: its words are the script's (`data-words`, filled in by src/client/booking/i18n.ts). */
export const PhoneHint: FC<{ offer: TextsOffer }> = ({ offer }) =>
  offer.region ? (
    <p id="phone-hint" class="field-hint" data-words="texts.hintRegion" data-words-arg-region={offer.region}></p>
  ) : (
    <p id="phone-hint" class="field-hint" data-words="texts.hint"></p>
  );

export const TextsConsent: FC = () => (
  <div class="field consent">
    <label class="check" for="smsOptIn">
      <input type="checkbox" id="smsOptIn" name="smsOptIn" aria-describedby="smsOptIn-hint smsOptIn-error" />
      <span data-words="texts.consent"></span>
    </label>
    <p id="smsOptIn-hint" class="field-hint" data-words="texts.consentHint"></p>
    <p id="smsOptIn-error" class="field-error" hidden></p>
  </div>
);
