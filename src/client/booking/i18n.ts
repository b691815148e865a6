import type { BookingKey as PageKey } from "../../shared/i18n/booking/en";
import type { BookingScriptKey } from "../../shared/i18n/booking-script/en";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";
import { type Message, type MessageValues, translator, type Translate } from "../../shared/i18n/messages";

/**
 * The booking page's words in the browser (design.md §30). The page loads its own language's
 * catalog, already parsed, as a classic script before this bundle (`self.bookingMessages`,
 * scripts/build-client.ts): the bundle carries no catalog and no ICU parser. The language is the
 * page's `<html lang>`, which the server chose.
 */
type BookingKey = PageKey | BookingScriptKey;
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

/**
 * Words the server leaves to the script (`data-words="<key>"`, arguments as `data-words-arg-<name>`):
 * parts only the script shows, so the Worker carries fewer strings.
 */
export function fillWords(root: ParentNode = document): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-words]"))) {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(el.dataset)) {
      if (name.startsWith("wordsArg") && value !== undefined) values[name.charAt(8).toLowerCase() + name.slice(9)] = value;
    }
    el.textContent = t(el.dataset.words as BookingKey, values);
  }
}

/** `t(key, values)` in the page's language. */
export const t = (key: BookingKey, values?: MessageValues): string => load().t(key, values);
