import type { Context } from "hono";
import type { FC } from "hono/jsx";
import type { AppEnv } from "../../env";
import { turnstileSiteKey } from "../../services/captcha";
import { loadBookingPage, type PagePackage, type PageService, type PageTenantKey } from "../../services/pages/booking-page";
import { packagesOnSaleOf } from "../../services/prepaid/packages-on-sale";
import { formatMoney } from "../../shared/format";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { ASSET_URLS, bookingMessagesUrl } from "./asset-urls";
import { LanguageSwitcher, type PageLanguage, pageLanguage } from "./booking-language";
import { CaptchaSlot } from "./captcha-slot";
import { AccountPanel } from "./customer-sign-in";
import { Document, MessagePage, renderPage } from "./layout";
import { closedSalePage, SaleField } from "./sale-page";
import { newNonce, setPageHeaders } from "./security";
import { themeCss } from "./theme";

/**
 * The package shop `/packages?slug=` (design.md §32): the packages of sessions the business sells
 * online, the buyer's name and e-mail, then Stripe's Payment Element on the business's connected
 * account (src/client/packages/); the code is e-mailed once Stripe confirms. Nothing on sale is a
 * plain page with the way to the booking page; unknown, inactive and suspended businesses answer
 * as the booking page does. One libSQL read (the booking page's, which carries the packages).
 */
export async function packagesPageResponse(c: Context<AppEnv>, key: PageTenantKey) {
  const config = c.var.services.config;
  const data = await loadBookingPage(c.var.services.db, key);
  const offers = data.state === "open" ? packagesOnSaleOf(config, data.tenant, data.packages) : [];
  const siteKey = data.state === "open" && offers.length > 0 ? turnstileSiteKey(config, data.tenant) : null;
  const nonce = newNonce();
  // Pays like the gift-card page, so Stripe's hosts are allowed only when there is something to buy.
  setPageHeaders(c, {
    nonce,
    frameable: true,
    stripeJsUrl: offers.length > 0 ? config.STRIPE_JS_URL : undefined,
    turnstileJsUrl: siteKey ? config.TURNSTILE_JS_URL : undefined,
  });
  const lang = pageLanguage(c, data.state === "unknown" ? null : data.tenant);
  const { t } = lang;
  const closed = await closedSalePage(c, data, lang, nonce);
  if (closed || data.state !== "open") return closed ?? c.notFound();
  const words = { lang: lang.locale, skipLabel: t("page.skip") };
  const theme = themeCss(data.tenant.templateAccent, data.tenant.widgetColor);
  const business = data.tenant.businessName;
  const bookUrl = `/book?slug=${encodeURIComponent(data.tenant.slug)}&lang=${lang.locale}`;
  if (offers.length === 0) {
    const page = (
      <MessagePage title={t("packages.title", { business })} heading={t("packages.heading")} nonce={nonce} themeCss={theme} {...words}>
        <p>{t("packages.empty", { business })}</p>
        <p>
          <a href={bookUrl}>{t("packages.book")}</a>
        </p>
      </MessagePage>
    );
    return c.html(await renderPage(page), 200);
  }
  const page = (
    <Document
      title={t("packages.title", { business })}
      {...words}
      nonce={nonce}
      themeCss={theme}
      bodyClass="booking packages"
      data={{
        slug: data.tenant.slug,
        "stripe-js": config.STRIPE_JS_URL,
        ...(siteKey ? { "turnstile-site-key": siteKey, "turnstile-js": config.TURNSTILE_JS_URL } : {}),
      }}
      scripts={[bookingMessagesUrl(lang.locale), ASSET_URLS.packagesJs]}
    >
      <header class="brand">
        <div class="wrap">
          <h1>{business}</h1>
          <p class="lede">
            <a href={bookUrl}>{t("packages.book")}</a>
          </p>
          <LanguageSwitcher lang={lang} keep={{ slug: data.tenant.slug }} />
        </div>
      </header>
      <main id="main" class="wrap">
        <PackageForm t={t} lang={lang} offers={offers} services={data.services} captcha={siteKey !== null} />
      </main>
    </Document>
  );
  return c.html(await renderPage(page), 200);
}

/** The services a package pays for, by name in the page's language's list form; ones no longer bookable online are left out. */
function coveredServices(offer: PagePackage, services: PageService[], locale: string): string {
  const names = offer.serviceIds.flatMap((id) => services.find((s) => s.id === id)?.name ?? []);
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(names);
}

const PackageForm: FC<{
  t: Translate<BookingKey>;
  lang: PageLanguage;
  offers: PagePackage[];
  services: PageService[];
  captcha: boolean;
}> = ({ t, lang, offers, services, captcha }) => (
  <section id="packages" class="card" aria-labelledby="packages-heading">
    <h2 id="packages-heading">{t("packages.heading")}</h2>
    <p>{t("packages.lede")}</p>
    <AccountPanel t={t} lede={t("account.havePackage")} />
    <form id="package-form" class="steps" novalidate>
      <fieldset id="package" aria-describedby="package-error">
        <legend>{t("packages.choose")}</legend>
        <div class="choices">
          {offers.map((offer) => {
            const covers = coveredServices(offer, services, lang.locale);
            const price = formatMoney(offer.price, offer.currency.toUpperCase(), lang.locale);
            return (
              <label class="choice">
                <input
                  type="radio"
                  name="package"
                  value={offer.id}
                  data-name={offer.name}
                  data-sessions={String(offer.sessions)}
                  data-price={String(offer.price)}
                  data-currency={offer.currency.toUpperCase()}
                />
                <span class="choice-body">
                  <span class="choice-title">{offer.name}</span>
                  <span class="muted">{t("packages.offer", { sessions: offer.sessions, price })}</span>
                  {covers ? <span class="muted small">{t("packages.covers", { services: covers })}</span> : null}
                  <span class="muted small">{t("packages.validity", { days: offer.validityDays })}</span>
                </span>
              </label>
            );
          })}
        </div>
        <p id="package-error" class="field-error" hidden></p>
      </fieldset>
      <fieldset>
        <legend>{t("packages.you")}</legend>
        <div class="grid-2">
          <SaleField id="buyer-name" label={t("packages.buyerName")} autocomplete="name" maxlength={200} />
          <SaleField id="buyer-email" label={t("packages.buyerEmail")} type="email" autocomplete="email" />
        </div>
      </fieldset>
      {captcha ? <CaptchaSlot id="captcha" label={t("captcha.label")} /> : null}
      <div id="form-error" class="error" role="alert" hidden></div>
      <button type="submit" id="package-continue" class="primary">
        {t("gift.continue")}
      </button>
    </form>
    <section id="package-payment" class="payment-step" aria-labelledby="package-payment-heading" tabindex={-1} hidden>
      <h3 id="package-payment-heading">{t("packages.payHeading")}</h3>
      <p id="package-summary" class="summary"></p>
      <div id="payment-element" class="payment-element"></div>
      <div id="pay-error" class="error" role="alert" hidden></div>
      <p id="pay-status" class="muted" role="status" aria-live="polite"></p>
      <button type="button" id="pay-button" class="primary" disabled></button>
    </section>
    <section id="package-done" class="confirmation" tabindex={-1} aria-labelledby="package-done-heading" hidden>
      <h3 id="package-done-heading">{t("packages.doneHeading")}</h3>
      <p id="package-done-text"></p>
    </section>
  </section>
);
