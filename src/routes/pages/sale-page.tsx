import type { Context } from "hono";
import type { Child, FC } from "hono/jsx";
import type { Config } from "../../config";
import type { AppEnv } from "../../env";
import { turnstileSiteKey } from "../../services/captcha";
import { type BookingPageData, loadBookingPage, type PageTenantKey } from "../../services/pages/booking-page";
import type { BookingKey } from "../../shared/i18n/booking";
import type { Translate } from "../../shared/i18n/messages";
import { bookingMessagesUrl } from "./asset-urls";
import { LanguageSwitcher, type PageLanguage, pageLanguage } from "./booking-language";
import { CaptchaSlot } from "./captcha-slot";
import { Document, MessagePage, renderPage } from "./layout";
import { newNonce, setPageHeaders } from "./security";
import { themeCss } from "./theme";

type OpenPage = Extract<BookingPageData, { state: "open" }>;

/** A sale page of an open business, ready to render: what it sells now (null: nothing), the bot check, the words. */
export type SaleSetting<S> = {
  data: OpenPage;
  offer: S | null;
  siteKey: string | null;
  nonce: string;
  lang: PageLanguage;
  theme: string;
  business: string;
  bookUrl: string;
};

/**
 * The start every page that sells online shares (design.md §32): the booking page's one read, what
 * the business sells now (`onSale`), the page's headers (Stripe's and the bot check's hosts allowed
 * only while there is something to buy, as on the booking page's payment step, design.md §21), its
 * language, and the answers of a business that is not open (`closed`).
 */
export async function openSalePage<S>(
  c: Context<AppEnv>,
  key: PageTenantKey,
  onSale: (config: Config, data: OpenPage) => S | null,
): Promise<{ closed: Response } | { open: SaleSetting<S> }> {
  const config = c.var.services.config;
  const data = await loadBookingPage(c.var.services.db, key);
  const offer = data.state === "open" ? onSale(config, data) : null;
  const siteKey = data.state === "open" && offer !== null ? turnstileSiteKey(config, data.tenant) : null;
  const nonce = newNonce();
  setPageHeaders(c, {
    nonce,
    frameable: true,
    stripeJsUrl: offer !== null ? config.STRIPE_JS_URL : undefined,
    turnstileJsUrl: siteKey ? config.TURNSTILE_JS_URL : undefined,
  });
  const lang = pageLanguage(c, data.state === "unknown" ? null : data.tenant);
  const closed = await closedSalePage(c, data, lang, nonce);
  if (closed || data.state !== "open") return { closed: closed ?? (await c.notFound()) };
  const theme = themeCss(data.tenant.templateAccent, data.tenant.widgetColor);
  const bookUrl = `/book?slug=${encodeURIComponent(data.tenant.slug)}&lang=${lang.locale}`;
  return { open: { data, offer, siteKey, nonce, lang, theme, business: data.tenant.businessName, bookUrl } };
}

/** Nothing on sale: a plain page with the way to the booking page. */
export async function nothingOnSalePage(
  c: Context<AppEnv>,
  s: SaleSetting<unknown>,
  words: { title: string; heading: string; body: string; book: string },
  status: 200 | 404,
) {
  const page = (
    <MessagePage
      title={words.title}
      heading={words.heading}
      nonce={s.nonce}
      themeCss={s.theme}
      lang={s.lang.locale}
      skipLabel={s.lang.t("page.skip")}
    >
      <p>{words.body}</p>
      <p>
        <a href={s.bookUrl}>{words.book}</a>
      </p>
    </MessagePage>
  );
  return c.html(await renderPage(page), status);
}

/**
 * A sale page: the business's name, the way to its booking page and the language switcher above the
 * page's form; the body carries what the shared script reads (src/client/sale/shop.ts) and `data`.
 */
export async function salePage(
  c: Context<AppEnv>,
  s: SaleSetting<unknown>,
  p: { title: string; bodyClass: string; data?: Record<string, string>; script: string; bookLabel: string; children: Child },
) {
  const config = c.var.services.config;
  const slug = s.data.tenant.slug;
  const page = (
    <Document
      title={p.title}
      lang={s.lang.locale}
      skipLabel={s.lang.t("page.skip")}
      nonce={s.nonce}
      themeCss={s.theme}
      bodyClass={p.bodyClass}
      data={{
        slug,
        ...p.data,
        "stripe-js": config.STRIPE_JS_URL,
        ...(s.siteKey ? { "turnstile-site-key": s.siteKey, "turnstile-js": config.TURNSTILE_JS_URL } : {}),
      }}
      scripts={[bookingMessagesUrl(s.lang.locale), p.script]}
    >
      <header class="brand">
        <div class="wrap">
          <h1>{s.business}</h1>
          <p class="lede">
            <a href={s.bookUrl}>{p.bookLabel}</a>
          </p>
          <LanguageSwitcher lang={s.lang} keep={{ slug }} />
        </div>
      </header>
      <main id="main" class="wrap">
        {p.children}
      </main>
    </Document>
  );
  return c.html(await renderPage(page), 200);
}

/** The booking page's 404: the business is unknown or inactive (its sale pages answer it too). */
export async function businessNotFoundPage(c: Context<AppEnv>, lang: PageLanguage, nonce: string) {
  const { t } = lang;
  const page = (
    <MessagePage title={t("notFound.title")} heading={t("notFound.heading")} nonce={nonce} lang={lang.locale} skipLabel={t("page.skip")}>
      <p>{t("notFound.body")}</p>
    </MessagePage>
  );
  return c.html(await renderPage(page), 404);
}

/**
 * The pages that sell online beside /book (gift cards, packages; design.md §32) answer an unknown
 * or inactive business with the booking page's 404 and a suspended one with its 503. Null when the
 * business is open and the page renders itself.
 */
export async function closedSalePage(c: Context<AppEnv>, data: BookingPageData, lang: PageLanguage, nonce: string) {
  const { t } = lang;
  const words = { lang: lang.locale, skipLabel: t("page.skip") };
  if (data.state !== "open" && data.state !== "suspended") return businessNotFoundPage(c, lang, nonce);
  if (data.state === "suspended") {
    const business = data.tenant.businessName;
    const theme = themeCss(data.tenant.templateAccent, data.tenant.widgetColor);
    const page = (
      <MessagePage title={t("suspended.title", { business })} heading={t("suspended.heading")} nonce={nonce} themeCss={theme} {...words}>
        <p>{t("suspended.body", { business })}</p>
      </MessagePage>
    );
    return c.html(await renderPage(page), 503);
  }
  return null;
}

/** One required text field with its error line (the script fills `<id>-error`). */
export const SaleField: FC<{ id: string; label: string; type?: string; autocomplete: string; maxlength?: number }> = (p) => (
  <div class="field">
    <label for={p.id}>{p.label}</label>
    <input
      id={p.id}
      name={p.id}
      type={p.type ?? "text"}
      autocomplete={p.autocomplete}
      maxlength={p.maxlength}
      required
      aria-describedby={`${p.id}-error`}
    />
    <p id={`${p.id}-error`} class="field-error" hidden></p>
  </div>
);

/** The booking page's ways to what the business sells online: gift cards, packages (design.md §32). */
export const SaleLinks: FC<{ t: Translate<BookingKey>; giftUrl: string | null; packagesUrl: string | null }> = ({
  t,
  giftUrl,
  packagesUrl,
}) => (
  <>
    {giftUrl ? (
      <p class="gift-link">
        <a href={giftUrl}>{t("gift.link")}</a>
      </p>
    ) : null}
    {packagesUrl ? (
      <p class="gift-link">
        <a href={packagesUrl}>{t("packages.link")}</a>
      </p>
    ) : null}
  </>
);

/** The buyer's name and e-mail (both required). */
export const BuyerFields: FC<{ legend: string; name: string; email: string }> = (p) => (
  <fieldset>
    <legend>{p.legend}</legend>
    <div class="grid-2">
      <SaleField id="buyer-name" label={p.name} autocomplete="name" maxlength={200} />
      <SaleField id="buyer-email" label={p.email} type="email" autocomplete="email" />
    </div>
  </fieldset>
);

/** The form's end: the bot check's slot, the form's error line and its Continue button. */
export const SaleSubmit: FC<{ t: Translate<BookingKey>; prefix: string; captcha: boolean }> = ({ t, prefix, captcha }) => (
  <>
    {captcha ? <CaptchaSlot id="captcha" label={t("captcha.label")} /> : null}
    <div id="form-error" class="error" role="alert" hidden></div>
    <button type="submit" id={`${prefix}-continue`} class="primary">
      {t("gift.continue")}
    </button>
  </>
);

/** After the form: the payment step (Stripe's Payment Element, src/client/sale/payment-step.ts) and the finished state. */
export const SaleSteps: FC<{ prefix: string; payHeading: string; doneHeading: string }> = ({ prefix, payHeading, doneHeading }) => (
  <>
    <section id={`${prefix}-payment`} class="payment-step" aria-labelledby={`${prefix}-payment-heading`} tabindex={-1} hidden>
      <h3 id={`${prefix}-payment-heading`}>{payHeading}</h3>
      <p id={`${prefix}-summary`} class="summary"></p>
      <div id="payment-element" class="payment-element"></div>
      <div id="pay-error" class="error" role="alert" hidden></div>
      <p id="pay-status" class="muted" role="status" aria-live="polite"></p>
      <button type="button" id="pay-button" class="primary" disabled></button>
    </section>
    <section id={`${prefix}-done`} class="confirmation" tabindex={-1} aria-labelledby={`${prefix}-done-heading`} hidden>
      <h3 id={`${prefix}-done-heading`}>{doneHeading}</h3>
      <p id={`${prefix}-done-text`}></p>
    </section>
  </>
);
