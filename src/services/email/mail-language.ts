import { instantToHumanLocal, instantToLocalString } from "../../domain/time";
import { MAIL_CATALOGS, type MailKey } from "../../shared/i18n/mail";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n/locales";
import { type Translate, translator } from "../../shared/i18n/messages";

/**
 * The words and dates of the e-mails about bookings in one language (design.md §30): the `mail`
 * catalog through intl-messageformat, dates through Intl for the locale in the business's zone.
 * English keeps the platform's own date form ("Wed 10 Mar 2027, 10:00").
 */

const translators = new Map<Locale, Translate<MailKey>>();

/** `t(key, values)` of the mail catalog in `locale` (built once per isolate and language). */
export function mailText(locale: Locale = DEFAULT_LOCALE): Translate<MailKey> {
  let t = translators.get(locale);
  if (!t) {
    t = translator(locale, MAIL_CATALOGS[locale]);
    translators.set(locale, t);
  }
  return t;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A weekday, date and 24-hour time in the zone, as the locale writes them ("Mi., 10. März 2027, 10:00"). */
export function humanDateTime(locale: Locale, timeZone: string, ms: number): string {
  if (locale === DEFAULT_LOCALE) return instantToHumanLocal(timeZone, ms);
  const key = `${locale}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(ms));
}

/** "HH:MM" in the zone (the same in every supported language). */
export const clockIn = (timeZone: string, ms: number) => instantToLocalString(timeZone, ms).slice(11, 16);

/** The local calendar day `YYYY-MM-DD` of an instant in the zone. */
export const dayIn = (timeZone: string, ms: number) => instantToLocalString(timeZone, ms).slice(0, 10);

/** "Hi Ana," or, without a name, "Hi there," in the e-mail's language. */
export const greeting = (t: Translate<MailKey>, name: string) => (name.trim() ? t("greeting.named", { name }) : t("greeting.anonymous"));

const EN_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const dayFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A calendar date `YYYY-MM-DD` (or an ISO instant's UTC date) in words without a weekday: English keeps
 * "31 March 2031", other languages write it as the locale does ("31. März 2031", "31 de marzo de 2031").
 */
export function dayInWords(locale: Locale, value: string): string {
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  if (!y || !m || !d) return value;
  if (locale === DEFAULT_LOCALE) return `${d} ${EN_MONTHS[m - 1]} ${y}`;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}

/** A stored locale this release knows (a row's `locale` column), else English. */
export const localeOr = (stored: string | null | undefined): Locale => (isLocale(stored) ? stored : DEFAULT_LOCALE);
