import type { BookingKey } from "../../shared/i18n/booking/en";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";
import { type Message, type MessageValues, translator, type Translate } from "../../shared/i18n/messages";

/**
 * The booking page's words in the browser (design.md §30). The page loads its own language's
 * catalog, already parsed, as a classic script before this bundle (`self.bookingMessages`,
 * scripts/build-client.ts): the bundle carries no catalog and no ICU parser. The language is the
 * page's `<html lang>`, which the server chose.
 */
type Catalog = Readonly<Record<BookingKey, Message>>;
declare global {
  var bookingMessages: Catalog | undefined;
}

let current: { locale: Locale; t: Translate<BookingKey> } | null = null;

function load() {
  if (!current) {
    const lang = typeof document === "undefined" ? DEFAULT_LOCALE : document.documentElement.lang;
    const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
    current = { locale, t: translator(locale, globalThis.bookingMessages ?? ({} as Catalog)) };
  }
  return current;
}

/** The page's language. */
export const pageLocale = (): Locale => load().locale;

/** `t(key, values)` in the page's language. */
export const t = (key: BookingKey, values?: MessageValues): string => load().t(key, values);
