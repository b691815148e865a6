import { WaitlistButton, WaitlistManage, WaitlistPanel } from "./booking-waitlist";
import type { Context } from "hono";
import type { FC } from "hono/jsx";
import { isConfirmationCode, normalizeConfirmationCode } from "../../domain/confirmation-code";
import { instantToLocalString, isValidTimeZone } from "../../domain/time";
import type { AppEnv } from "../../env";
import { loadBookingPage, type PageService, type PageStaff, type PageTenant, type PageTenantKey } from "../../services/pages/booking-page";
import { turnstileSiteKey } from "../../services/captcha";
import { giftCardsOnSale } from "../../services/prepaid/gift-cards-on-sale";
import { packagesOnSaleOf } from "../../services/prepaid/packages-on-sale";
import { aiAvailable } from "../ai/provider";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { ASSET_URLS, bookingMessagesUrl } from "./asset-urls";
import { LanguageSwitcher, type PageLanguage, pageLanguage } from "./booking-language";
import { AskPanel } from "./booking-ask";
import { type TextsOffer, textsOffer } from "./booking-texts";
import { MonthCalendar, weekStartFor } from "./booking-calendar";
import { PaymentStep } from "./booking-payment";
import { businessNotFoundPage, SaleLinks } from "./sale-page";
import { DetailsStep } from "./booking-details";
import { AccountPanel, accountLede } from "./customer-sign-in";
import { ManageSection } from "./booking-manage";
import { Confirmation, ServiceStep, StaffStep } from "./booking-steps";
import { Document, MessagePage, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";
import { themeCss } from "./theme";

/**
 * The public booking page (design.md §11): server-rendered catalog (one round trip), then
 * the booking script (src/client/booking/) drives availability, booking and "manage a booking" through the public API.
 * Unknown or inactive tenant: 404 page. Suspended: 503 page without any script, so no calendar.
 */
export async function bookingPageResponse(c: Context<AppEnv>, key: PageTenantKey, opts: { onUnknown?: () => Promise<Response> } = {}) {
  const data = await loadBookingPage(c.var.services.db, key);
  if (data.state === "unknown" && opts.onUnknown) return opts.onUnknown();
  const nonce = newNonce();
  // design.md §31: a business with bot protection gets Turnstile on its page (and the widget's view of it).
  const siteKey = data.state === "open" ? turnstileSiteKey(c.var.services.config, data.tenant) : null;
  // Booking pages, including their error states, may be framed: the widget's inline mode does.
  // They alone allow Stripe's hosts (design.md §21: the payment step), and Turnstile's when it is on.
  setPageHeaders(c, {
    nonce,
    frameable: true,
    stripeJsUrl: c.var.services.config.STRIPE_JS_URL,
    turnstileJsUrl: siteKey ? c.var.services.config.TURNSTILE_JS_URL : undefined,
  });
  // design.md §30: an unknown business has no languages of its own: the visitor's, among all.
  const lang = pageLanguage(c, data.state === "unknown" ? null : data.tenant);
  const { t } = lang;
  const words = { lang: lang.locale, skipLabel: t("page.skip") };
  if (data.state === "unknown" || data.state === "inactive") return businessNotFoundPage(c, lang, nonce);
  if (data.state === "domain_not_ready") {
    // design.md §23: the claim is not verified yet, so the page names no business.
    const page =
      data.domainStatus === "pending" ? (
        <MessagePage title="Being set up" heading="This address is being set up" nonce={nonce}>
          <p>A booking page will appear here once this domain is verified and secured.</p>
          <p>That usually takes a few minutes after its DNS records are in place. Please try again later.</p>
        </MessagePage>
      ) : (
        <MessagePage title="Not set up" heading="This address is not set up" nonce={nonce}>
          <p>This domain is not connected to a booking page.</p>
        </MessagePage>
      );
    return c.html(await renderPage(page), 404);
  }
  const theme = themeCss(data.tenant.templateAccent, data.tenant.widgetColor);
  if (data.state === "suspended") {
    const page = (
      <MessagePage
        title={t("suspended.title", { business: data.tenant.businessName })}
        heading={t("suspended.heading")}
        nonce={nonce}
        themeCss={theme}
        {...words}
      >
        <p>{t("suspended.body", { business: data.tenant.businessName })}</p>
        <p>{t("suspended.existing")}</p>
      </MessagePage>
    );
    return c.html(await renderPage(page), 503);
  }
  const tz = isValidTimeZone(data.tenant.timezone) ? data.tenant.timezone : "UTC";
  const today = instantToLocalString(tz, c.var.services.now.getTime()).slice(0, 10);
  const source = c.req.query("via") === "widget" ? "widget" : "online";
  const weekStart = weekStartFor(data.tenant.countryCode);
  // design.md §17: the e-mails' manage link (`&code=`) opens that booking; a malformed code is ignored.
  const asked = normalizeConfirmationCode(c.req.query("code") ?? "");
  const code = isConfirmationCode(asked) ? asked : "";
  // Issue #21: the Ask panel only when a model is configured and the business has it on (no I/O).
  const ask = data.tenant.aiAssistantEnabled && data.services.length > 0 && aiAvailable(c);
  const texts = textsOffer(c.var.services.config, data.tenant);
  // design.md §32: the way to the gift-card page, when the business sells them.
  const giftUrl = giftCardsOnSale(c.var.services.config, data.tenant)
    ? `/gift?slug=${encodeURIComponent(data.tenant.slug)}&lang=${lang.locale}`
    : null;
  const packagesUrl =
    packagesOnSaleOf(c.var.services.config, data.tenant, data.packages).length > 0
      ? `/packages?slug=${encodeURIComponent(data.tenant.slug)}&lang=${lang.locale}`
      : null;
  const page = (
    <Document
      title={t("page.title", { business: data.tenant.businessName })}
      {...words}
      nonce={nonce}
      themeCss={theme}
      bodyClass="booking"
      data={{
        slug: data.tenant.slug,
        timezone: tz,
        currency: data.tenant.currency,
        today,
        source,
        code,
        locale: lang.locale,
        "week-start": String(weekStart),
        "stripe-js": c.var.services.config.STRIPE_JS_URL,
        ...(siteKey ? { "turnstile-site-key": siteKey, "turnstile-js": c.var.services.config.TURNSTILE_JS_URL } : {}),
      }}
      scripts={[bookingMessagesUrl(lang.locale), ASSET_URLS.bookingJs]}
    >
      <BookingPage
        lang={lang}
        via={source === "widget" ? "widget" : ""}
        tenant={data.tenant}
        services={data.services}
        staff={data.staff}
        timezone={tz}
        weekStart={weekStart}
        code={code}
        ask={ask}
        texts={texts}
        captcha={siteKey !== null}
        giftUrl={giftUrl}
        packagesUrl={packagesUrl}
      />
    </Document>
  );
  return c.html(await renderPage(page), 200);
}

/** Stands for a value inside a translated sentence, so the page can set the value in bold where the language puts it. */
const MARK = "\u0000";
const Emphasised: FC<{ text: string; value: string }> = ({ text, value }) => {
  const [before, after] = text.split(MARK);
  return (
    <>
      {before}
      <strong>{value}</strong>
      {after ?? ""}
    </>
  );
};

const BookingPage: FC<{
  lang: PageLanguage;
  /** `widget` when the widget opened the page: the language switcher keeps it. */
  via: string;
  tenant: PageTenant;
  services: PageService[];
  staff: PageStaff[];
  timezone: string;
  weekStart: 0 | 1;
  code: string;
  /** Whether to show the Ask panel (issue #21): a model is configured and the business has it on. */
  ask: boolean;
  /** The consent to texts (design.md §27), when the business sends any; how phone numbers are read. */
  texts: TextsOffer | null;
  /** Bot protection (design.md §31): where the Turnstile check renders before "Confirm booking". */
  captcha: boolean;
  /** The gift-card page (design.md §32), when the business sells gift cards. */
  giftUrl: string | null;
  /** The package shop (design.md §32), when the business sells packages online. */
  packagesUrl: string | null;
}> = ({ lang, via, tenant, services, staff, timezone, weekStart, code, ask, texts, captcha, giftUrl, packagesUrl }) => {
  const t: Translate<BookingKey> = lang.t;
  const locale = lang.locale;
  const place = [tenant.addressLine1, tenant.city, tenant.country].filter((s) => s.trim() !== "").join(", ");
  return (
    <>
      <header class="brand">
        <div class="wrap">
          <h1>{tenant.businessName}</h1>
          {tenant.description ? <p class="lede">{tenant.description}</p> : null}
          {place ? <p class="muted">{place}</p> : null}
          <SaleLinks t={t} giftUrl={giftUrl} packagesUrl={packagesUrl} />
          <LanguageSwitcher lang={lang} keep={{ slug: tenant.slug, via, code }} />
        </div>
      </header>
      <main id="main" class="wrap">
        <div id="notice" class="notice" role="status" aria-live="polite" hidden></div>
        {ask ? <AskPanel t={t} /> : null}
        <section id="book" class="card" aria-labelledby="book-heading">
          <h2 id="book-heading">{t("book.heading")}</h2>
          <p class="tz-label" id="tz-label">
            <Emphasised text={t("book.timezone", { timezone: MARK })} value={timezone} />
          </p>
          {services.length === 0 ? null : <AccountPanel t={t} lede={accountLede(t, tenant)} />}
          {services.length === 0 ? (
            <p>{t("book.noServices")}</p>
          ) : (
            <form id="booking-form" class="steps">
              <ServiceStep services={services} currency={tenant.currency} t={t} locale={locale} />
              <StaffStep staff={staff} t={t} />
              <fieldset id="step-date">
                <legend>{t("step.date")}</legend>
                <MonthCalendar prefix="cal" label={t("date.label")} weekStart={weekStart} t={t} locale={locale} />
              </fieldset>
              <fieldset id="step-slot">
                <legend>{t("step.slot")}</legend>
                <p id="slot-status" class="muted" role="status" aria-live="polite">
                  {t("slot.chooseService")}
                </p>
                <div id="slot-error" class="error" role="alert" hidden></div>
                <div id="slots" class="slots"></div>
                <WaitlistButton t={t} />
              </fieldset>
              <DetailsStep t={t} texts={texts} captcha={captcha} payment={tenant.requirePayment} />
            </form>
          )}
          <WaitlistPanel captcha={captcha} t={t} />
          <PaymentStep />
          <Confirmation t={t} />
        </section>

        <WaitlistManage t={t} />
        <ManageSection t={t} code={code} staff={staff} weekStart={weekStart} locale={locale} />
      </main>
      <footer class="wrap muted small">
        <p>
          {t("footer.timezone", { timezone })}
          {tenant.cancellationPolicy ? ` ${tenant.cancellationPolicy}` : ""}
        </p>
      </footer>
    </>
  );
};
