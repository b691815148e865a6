import type { Context } from "hono";
import type { FC } from "hono/jsx";
import { instantToLocalString, isValidTimeZone } from "../../domain/time";
import type { AppEnv } from "../../env";
import type { PageTenant, PageTenantKey } from "../../services/pages/booking-page";
import { giftCardsOnSale } from "../../services/prepaid/gift-cards-on-sale";
import { currencyDigits, formatMoney, humanDate } from "../../shared/format";
import { GIFT_DELIVERY_MAX_DAYS, GIFT_MESSAGE_MAX, type GiftCardSettings } from "../../shared/gift-cards";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { addDays } from "../../shared/local-date";
import { ASSET_URLS } from "./asset-urls";
import type { PageLanguage } from "./booking-language";
import { BuyerFields, nothingOnSalePage, openSalePage, SaleField, SaleSteps, SaleSubmit, salePage } from "./sale-page";

/**
 * The gift-card page `/gift?slug=` (design.md §32): the amounts the business offers, buyer,
 * recipient, message and delivery date, then Stripe's Payment Element on the business's connected
 * account (src/client/gift/). A business that does not sell gift cards gets a 404 page in plain
 * words with the way to its booking page; unknown, inactive and suspended businesses answer as
 * the booking page does.
 */
export async function giftPageResponse(c: Context<AppEnv>, key: PageTenantKey) {
  const sale = await openSalePage(c, key, (config, data) => giftCardsOnSale(config, data.tenant));
  if ("closed" in sale) return sale.closed;
  const s = sale.open;
  const { t } = s.lang;
  const business = s.business;
  const settings = s.offer;
  if (!settings) {
    const words = {
      title: t("gift.off.title", { business }),
      heading: t("gift.off.heading"),
      body: t("gift.off.body", { business }),
      book: t("gift.off.book"),
    };
    return nothingOnSalePage(c, s, words, 404);
  }
  const tenant = s.data.tenant;
  const tz = isValidTimeZone(tenant.timezone) ? tenant.timezone : "UTC";
  const today = instantToLocalString(tz, c.var.services.now.getTime()).slice(0, 10);
  const lastDay = addDays(today, GIFT_DELIVERY_MAX_DAYS);
  return salePage(c, s, {
    title: t("gift.title", { business }),
    bodyClass: "booking gift",
    data: {
      timezone: tz,
      currency: tenant.currency.toUpperCase(),
      today,
      "last-day": lastDay,
      min: String(settings.minAmount),
      max: String(settings.maxAmount),
    },
    script: ASSET_URLS.giftJs,
    bookLabel: t("gift.bookInstead"),
    children: (
      <GiftForm t={t} lang={s.lang} tenant={tenant} settings={settings} today={today} lastDay={lastDay} captcha={s.siteKey !== null} />
    ),
  });
}

/** A minor-unit amount as the number field shows it (major units: 25 or 12.50). */
const majorUnits = (minor: number, currency: string) => {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits).replace(/\.0+$/, "");
};

const GiftForm: FC<{
  t: Translate<BookingKey>;
  lang: PageLanguage;
  tenant: PageTenant;
  settings: GiftCardSettings;
  today: string;
  lastDay: string;
  captcha: boolean;
}> = ({ t, lang, tenant, settings, today, lastDay, captcha }) => {
  const currency = tenant.currency.toUpperCase();
  const money = (minor: number) => formatMoney(minor, currency, lang.locale);
  const step = (1 / 10 ** currencyDigits(currency)).toFixed(currencyDigits(currency));
  return (
    <section id="gift" class="card" aria-labelledby="gift-heading">
      <h2 id="gift-heading">{t("gift.heading")}</h2>
      <p>{t("gift.lede")}</p>
      <form id="gift-form" class="steps" novalidate>
        <fieldset id="gift-amount" aria-describedby="amount-error">
          <legend>{t("gift.amount")}</legend>
          <div class="choices amounts">
            {settings.presets.map((p) => (
              <label class="choice">
                <input type="radio" name="amount" value={String(p)} />
                <span class="choice-body">
                  <span class="choice-title">{money(p)}</span>
                </span>
              </label>
            ))}
            <label class="choice">
              <input type="radio" name="amount" value="other" id="amount-other" />
              <span class="choice-body">
                <span class="choice-title">{t("gift.other")}</span>
              </span>
            </label>
          </div>
          <div class="field" id="custom-amount-field" hidden>
            <label for="custom-amount">{t("gift.otherLabel", { currency })}</label>
            <input
              id="custom-amount"
              name="customAmount"
              type="number"
              inputmode="decimal"
              min={majorUnits(settings.minAmount, currency)}
              max={majorUnits(settings.maxAmount, currency)}
              step={step}
              aria-describedby="custom-amount-hint amount-error"
            />
            <p id="custom-amount-hint" class="field-hint">
              {t("gift.range", { min: money(settings.minAmount), max: money(settings.maxAmount) })}
            </p>
          </div>
          <p id="amount-error" class="field-error" hidden></p>
        </fieldset>
        <fieldset>
          <legend>{t("gift.to")}</legend>
          <div class="grid-2">
            <SaleField id="recipient-name" label={t("gift.recipientName")} autocomplete="off" maxlength={200} />
            <SaleField id="recipient-email" label={t("gift.recipientEmail")} type="email" autocomplete="off" />
          </div>
          <div class="field">
            <label for="message">{t("gift.message")}</label>
            <textarea
              id="message"
              name="message"
              rows={3}
              maxlength={GIFT_MESSAGE_MAX}
              aria-describedby="message-hint message-error"
            ></textarea>
            <p id="message-hint" class="field-hint">
              {t("gift.messageHint", { max: GIFT_MESSAGE_MAX })}
            </p>
            <p id="message-error" class="field-error" hidden></p>
          </div>
          <div class="field">
            <label for="delivery-date">{t("gift.date")}</label>
            <input
              id="delivery-date"
              name="deliveryDate"
              type="date"
              value={today}
              min={today}
              max={lastDay}
              required
              aria-describedby="delivery-date-hint delivery-date-error"
            />
            <p id="delivery-date-hint" class="field-hint">
              {t("gift.dateHint", { last: humanDate(lastDay, lang.locale) })}
            </p>
            <p id="delivery-date-error" class="field-error" hidden></p>
          </div>
        </fieldset>
        <BuyerFields legend={t("gift.from")} name={t("gift.buyerName")} email={t("gift.buyerEmail")} />
        <SaleSubmit t={t} prefix="gift" captcha={captcha} />
      </form>
      <SaleSteps prefix="gift" payHeading={t("gift.payHeading")} doneHeading={t("gift.doneHeading")} />
    </section>
  );
};
