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

export const phoneHint = (t: TextsOffer) =>
  t.region
    ? `For texts, a mobile number. We read it as a ${t.region} number unless it starts with + and a country code; a number we cannot read gets no texts.`
    : "For texts, a mobile number starting with + and the country code; a number we cannot read gets no texts.";

export const TextsConsent: FC = () => (
  <div class="field consent">
    <label class="check" for="smsOptIn">
      <input type="checkbox" id="smsOptIn" name="smsOptIn" aria-describedby="smsOptIn-hint smsOptIn-error" />
      <span>Text me about this booking</span>
    </label>
    <p id="smsOptIn-hint" class="field-hint">
      The confirmation, any change and reminders, sent to the phone number above. Reply STOP at any time to get no more texts.
    </p>
    <p id="smsOptIn-error" class="field-error" hidden></p>
  </div>
);
