import { instantToHumanLocal, instantToLocalString } from "../../domain/time";
import { MAIL_CATALOGS, type MailKey } from "../../shared/i18n/mail";
import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
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
