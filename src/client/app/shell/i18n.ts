import { IntlMessageFormat } from "intl-messageformat";
import type { AppKey } from "../../../shared/i18n/app/en";
import { DEFAULT_LOCALE, isLocale, type Locale, matchAcceptLanguage, SUPPORTED_LOCALES } from "../../../shared/i18n/locales";
import type { Message, MessageValues } from "../../../shared/i18n/messages";

/**
 * The owner app's words in the member's language (design.md §30, docs/decisions.md "Languages, owner
 * app"). The server renders data-free frames and does not know who is signed in, so the language is
 * what this browser last learnt for the member (`app.locale`, written from every page view's
 * `viewer.locale` and by the language picker), else the browser's own language. `loadWords()` imports
 * that language's parsed catalog (one small hashed module named by the frame's `data-words`) before
 * anything renders, fills the frame's `data-w` words and sets `<html lang>`.
 */
export const LOCALE_KEY = "app.locale";

type Catalog = Readonly<Record<AppKey, Message>>;

/** The server's title, read before any page script runs: a page that sets its own (a settings section) keeps it. */
const FRAME_TITLE = typeof document === "undefined" ? "" : document.title;

let locale: Locale = DEFAULT_LOCALE;
let messages: Partial<Catalog> = {};
const formats = new Map<AppKey, IntlMessageFormat>();

function storedLocale(): Locale | null {
  try {
    const v = localStorage.getItem(LOCALE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/** The language to start in: the member's as last seen here, else the browser's best match, else English. */
function startingLocale(): Locale {
  return storedLocale() ?? matchAcceptLanguage(navigator.languages.join(","), SUPPORTED_LOCALES) ?? DEFAULT_LOCALE;
}

/** Loads the language's words and puts them into the frame; English words stay if the file cannot load. */
export async function loadWords(): Promise<void> {
  locale = startingLocale();
  let urls: Record<string, string> = {};
  try {
    urls = JSON.parse(document.body.dataset.words ?? "{}") as Record<string, string>;
  } catch {
    urls = {};
  }
  for (const l of [locale, DEFAULT_LOCALE]) {
    try {
      setWords(l, ((await import(urls[l] ?? "")) as { default: Catalog }).default);
      break;
    } catch {
      // Not loaded (offline, an old tab after a deploy): try English, else the frame keeps its English words.
    }
  }
  document.documentElement.lang = locale;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>("[data-w]"))) {
    const key = el.dataset.w as AppKey;
    if (messages[key]) {
      const text = t(key);
      if (el.dataset.wAttr) el.setAttribute(el.dataset.wAttr, text);
      else el.textContent = text;
    }
  }
  const title = document.body.dataset.titleKey as AppKey | undefined;
  if (title && messages[title] && document.title === FRAME_TITLE) document.title = document.title.replace(/^[^·]*·/, `${t(title)} ·`);
  document.documentElement.classList.add("words");
}

/** Uses these words from now on (the loaded asset; unit tests give the English source). */
export function setWords(l: Locale, catalog: Partial<Catalog>): void {
  locale = l;
  messages = catalog;
  formats.clear();
}

/** The app's language (dates, times and money are formatted for it). */
export const appLocale = (): Locale => locale;

/**
 * English keeps the app's existing US forms ("Tue, Mar 11, 2031"); other languages their own
 * (`Intl` for the locale).
 */
export const intlLocale = (): string => (locale === "en" ? "en-US" : locale);

/** `t(key, values)` in the app's language; a key its catalog lacks is left to English by the caller's frame. */
export function t(key: AppKey, values?: MessageValues): string {
  let format = formats.get(key);
  if (!format) {
    const message = messages[key];
    if (message === undefined) return key;
    format = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true });
    formats.set(key, format);
  }
  return String(format.format(values));
}

/**
 * What a page view says the member's language is (their own, else the business's). When it is not
 * the language this page started in (changed on another device, or the first page after signing in
 * on a browser with another language), it is remembered and the page reloads in it once.
 */
export function followLocale(viewer: { locale: Locale | null }, business: { locale: Locale }): void {
  const wanted = viewer.locale ?? business.locale;
  if (!isLocale(wanted)) return;
  rememberLocale(wanted);
  // Only when it was remembered: a browser without storage would otherwise reload forever.
  if (wanted !== locale && storedLocale() === wanted) location.reload();
}

export function rememberLocale(l: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, l);
  } catch {
    // Private mode without storage: the view's language still wins on the next page.
  }
}
