import type { Context } from "hono";
import type { FC } from "hono/jsx";
import type { AppEnv } from "../../env";
import { BOOKING_CATALOGS, type BookingKey } from "../../shared/i18n/booking";
import {
  chooseLocale,
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  type Locale,
  normalizeBookingLanguages,
  SUPPORTED_LOCALES,
} from "../../shared/i18n/locales";
import { type Translate, translator } from "../../shared/i18n/messages";

/**
 * The booking page's language (design.md §30): `?lang=` (the switcher sets it) when the business
 * offers it, else the best `Accept-Language` match among the offered, else the business's locale.
 * The answer varies with Accept-Language, so caches keep one copy per language.
 */
export type PageLanguage = { locale: Locale; offered: Locale[]; t: Translate<BookingKey> };

const translators = new Map<Locale, Translate<BookingKey>>();

export function bookingText(locale: Locale): Translate<BookingKey> {
  let t = translators.get(locale);
  if (!t) {
    t = translator(locale, BOOKING_CATALOGS[locale]);
    translators.set(locale, t);
  }
  return t;
}

export function pageLanguage(c: Context<AppEnv>, tenant: { locale: Locale; bookingLanguages: Locale[] | null } | null): PageLanguage {
  // No business (an unknown address): every language is on offer, English the fallback.
  const businessLocale = tenant?.locale ?? DEFAULT_LOCALE;
  const offered = tenant ? normalizeBookingLanguages(tenant.bookingLanguages, businessLocale) : [...SUPPORTED_LOCALES];
  const locale = chooseLocale({
    requested: c.req.query("lang"),
    acceptLanguage: c.req.header("Accept-Language"),
    offered,
    businessLocale,
  });
  c.header("Vary", "Accept-Language", { append: true });
  return { locale, offered, t: bookingText(locale) };
}

/**
 * The language switcher: a plain GET form (no script needed) that reloads the page with `?lang=`,
 * keeping the page's other parameters. Shown only when the business offers more than one language.
 */
export const LanguageSwitcher: FC<{ lang: PageLanguage; keep: Record<string, string> }> = ({ lang, keep }) =>
  lang.offered.length < 2 ? null : (
    <form class="language-switcher" method="get" action="">
      {Object.entries(keep).map(([name, value]) => (value ? <input type="hidden" name={name} value={value} /> : null))}
      <label for="lang">{lang.t("page.language")}</label>
      <select id="lang" name="lang">
        {lang.offered.map((l) => (
          <option value={l} lang={l} selected={l === lang.locale}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <button type="submit">{lang.t("page.languageChange")}</button>
    </form>
  );
