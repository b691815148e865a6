import type { Context } from "hono";
import type { FC } from "hono/jsx";
import { instantToLocalString, isValidTimeZone } from "../../domain/time";
import type { AppEnv } from "../../env";
import { turnstileSiteKey } from "../../services/captcha";
import { loadBookingPage, type PageTenant, type PageTenantKey } from "../../services/pages/booking-page";
import { giftCardsOnSale } from "../../services/prepaid/gift-cards-on-sale";
import { currencyDigits, formatMoney, humanDate } from "../../shared/format";
import { GIFT_DELIVERY_MAX_DAYS, GIFT_MESSAGE_MAX, type GiftCardSettings } from "../../shared/gift-cards";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { addDays } from "../../shared/local-date";
import { ASSET_URLS, bookingMessagesUrl } from "./asset-urls";
import { LanguageSwitcher, type PageLanguage, pageLanguage } from "./booking-language";
import { CaptchaSlot } from "./captcha-slot";
import { closedSalePage, SaleField } from "./sale-page";
import { Document, MessagePage, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";
import { themeCss } from "./theme";

/**
 * The gift-card page `/gift?slug=` (design.md §32): the amounts the business offers, buyer,
 * recipient, message and delivery date, then Stripe's Payment Element on the business's connected
 * account (src/client/gift/). A business that does not sell gift cards gets a 404 page in plain
 * words with the way to its booking page; unknown, inactive and suspended businesses answer as
 * the booking page does.
 */
export async function giftPageResponse(c: Context<AppEnv>, key: PageTenantKey) {
  const config = c.var.services.config;
  const data = await loadBookingPage(c.var.services.db, key);
  const open = data.state === "open" ? data.tenant : null;
  const settings = open ? giftCardsOnSale(config, open) : null;
  const siteKey = open && settings ? turnstileSiteKey(config, open) : null;
  const nonce = newNonce();
  // The page pays like the booking page's payment step (design.md §21), so it alone besides it allows Stripe's hosts.
  setPageHeaders(c, {
    nonce,
    frameable: true,
    stripeJsUrl: settings ? config.STRIPE_JS_URL : undefined,
    turnstileJsUrl: siteKey ? config.TURNSTILE_JS_URL : undefined,
  });
  const lang = pageLanguage(c, data.state === "unknown" ? null : data.tenant);
  const { t } = lang;
  const words = { lang: lang.locale, skipLabel: t("page.skip") };
  const closed = await closedSalePage(c, data, lang, nonce);
  if (closed || data.state !== "open") return closed ?? c.notFound();
  const theme = themeCss(data.tenant.templateAccent, data.tenant.widgetColor);
  const business = data.tenant.businessName;
  const bookUrl = `/book?slug=${encodeURIComponent(data.tenant.slug)}&lang=${lang.locale}`;
  if (!settings) {
    const page = (
      <MessagePage title={t("gift.off.title", { business })} heading={t("gift.off.heading")} nonce={nonce} themeCss={theme} {...words}>
        <p>{t("gift.off.body", { business })}</p>
        <p>
          <a href={bookUrl}>{t("gift.off.book")}</a>
        </p>
      </MessagePage>
    );
    return c.html(await renderPage(page), 404);
  }
  const tz = isValidTimeZone(data.tenant.timezone) ? data.tenant.timezone : "UTC";
  const today = instantToLocalString(tz, c.var.services.now.getTime()).slice(0, 10);
  const lastDay = addDays(today, GIFT_DELIVERY_MAX_DAYS);
  const page = (
    <Document
      title={t("gift.title", { business })}
      {...words}
      nonce={nonce}
      themeCss={theme}
      bodyClass="booking gift"
      data={{
        slug: data.tenant.slug,
        timezone: tz,
        currency: data.tenant.currency.toUpperCase(),
        today,
        "last-day": lastDay,
        min: String(settings.minAmount),
        max: String(settings.maxAmount),
        "stripe-js": config.STRIPE_JS_URL,
        ...(siteKey ? { "turnstile-site-key": siteKey, "turnstile-js": config.TURNSTILE_JS_URL } : {}),
      }}
      scripts={[bookingMessagesUrl(lang.locale), ASSET_URLS.giftJs]}
    >
      <header class="brand">
        <div class="wrap">
          <h1>{business}</h1>
          <p class="lede">
            <a href={bookUrl}>{t("gift.bookInstead")}</a>
          </p>
          <LanguageSwitcher lang={lang} keep={{ slug: data.tenant.slug }} />
        </div>
      </header>
      <main id="main" class="wrap">
        <div id="notice" class="notice" role="status" aria-live="polite" hidden></div>
        <GiftForm t={t} lang={lang} tenant={data.tenant} settings={settings} today={today} lastDay={lastDay} captcha={siteKey !== null} />
      </main>
    </Document>
  );
  return c.html(await renderPage(page), 200);
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
        <fieldset>
          <legend>{t("gift.from")}</legend>
          <div class="grid-2">
            <SaleField id="buyer-name" label={t("gift.buyerName")} autocomplete="name" maxlength={200} />
            <SaleField id="buyer-email" label={t("gift.buyerEmail")} type="email" autocomplete="email" />
          </div>
        </fieldset>
        {captcha ? <CaptchaSlot id="captcha" label={t("captcha.label")} /> : null}
        <div id="form-error" class="error" role="alert" hidden></div>
        <button type="submit" id="gift-continue" class="primary">
          {t("gift.continue")}
        </button>
      </form>
      <section id="gift-payment" class="payment-step" aria-labelledby="gift-payment-heading" tabindex={-1} hidden>
        <h3 id="gift-payment-heading">{t("gift.payHeading")}</h3>
        <p id="gift-summary" class="summary"></p>
        <div id="payment-element" class="payment-element"></div>
        <div id="pay-error" class="error" role="alert" hidden></div>
        <p id="pay-status" class="muted" role="status" aria-live="polite"></p>
        <button type="button" id="pay-button" class="primary" disabled></button>
      </section>
      <section id="gift-done" class="confirmation" tabindex={-1} aria-labelledby="gift-done-heading" hidden>
        <h3 id="gift-done-heading">{t("gift.doneHeading")}</h3>
        <p id="gift-done-text"></p>
      </section>
    </section>
  );
};
