import { instantToHumanLocal } from "../time";
import { SMS_TEXTS, type SmsTemplate } from "./catalogs";
import { REPLY_WORDS, type SmsLocale } from "./keywords";
import { fitsSegments, MAX_SEGMENTS } from "./segments";

/**
 * Every text the platform sends (design.md §27), in ONE module, in the booking's language (§30; the
 * words of each language in ./catalogs.ts). Each text
 * names the business, the local date and time and carries the short manage link; none is longer
 * than MAX_SEGMENTS segments: a text that would be is built again with the business name shortened
 * (nothing else is cut). Names reach a text without control characters (§31).
 */

export type { SmsTemplate } from "./catalogs";

/** What a text about one appointment says. `startAt` is an instant; it is shown in `timezone`. */
export type SmsFacts = {
  businessName: string;
  timezone: string;
  /** Absent for the texts about no appointment in particular (help, no booking found). */
  startAt?: number;
  /** `{PUBLIC_BASE_URL}/b/<code>`, or for a waitlist offer the link that opens that time. */
  link: string;
  /** The reply about a cancellation: what happens to the money, one short sentence ("" = nothing). */
  moneyLine?: string;
};

const localeOf = (l: string | null | undefined): SmsLocale => (l && l in SMS_TEXTS ? (l as SmsLocale) : "en");

/**
 * The date with and without its year, and the time, as the language writes them (design.md §30):
 * English keeps "Wed 12 Mar 2031"; the others come from Intl ("mié, 12 mar 2031", "Mi., 12. März 2031").
 */
function dateParts(lang: SmsLocale, timezone: string, startAt: number | undefined): { date: string; day: string; time: string } {
  if (startAt === undefined) return { date: "", day: "", time: "" };
  const [date = "", time = ""] = instantToHumanLocal(timezone, startAt).split(", ");
  if (lang === "en") return { date, day: date.replace(/ \d{4}$/, ""), time };
  const at = new Date(startAt);
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { timeZone: timezone, ...options }).format(at);
  return {
    date: format({ weekday: "short", day: "numeric", month: "short", year: "numeric" }),
    day: format({ weekday: "short", day: "numeric", month: "short" }),
    time,
  };
}

/** Control characters (U+0000–U+001F, U+007F) removed, runs of spaces made one (design.md §31). */
export function cleanName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const visible = name.replace(/[\u0000-\u001f\u007f]+/g, " ");
  return visible.replace(/\s+/g, " ").trim();
}

const SHORTENED = "...";
/** A name cut shorter than this says nothing any more: the text goes without it. */
const MIN_NAME = 6;

/** `name` cut to `chars` characters (whole code points) with a mark that it was cut. */
function shorten(name: string, chars: number): string {
  const cps = Array.from(name);
  return cps.length <= chars ? name : `${cps.slice(0, chars).join("").trimEnd()}${SHORTENED}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The text of `template` for `facts` in `locale`, within MAX_SEGMENTS: "<business name>: <text>",
 * the name shortened one character at a time until it fits, and left out when even its first
 * MIN_NAME characters do not (a name outside GSM-7 makes the whole text UCS-2, whose two segments
 * hold 134 characters).
 */
export function smsText(template: SmsTemplate, facts: SmsFacts, locale?: string | null): string {
  const lang = localeOf(locale);
  const parts = dateParts(lang, facts.timezone, facts.startAt);
  const text = SMS_TEXTS[lang][template]({ ...parts, link: facts.link, money: facts.moneyLine ?? "", ...REPLY_WORDS[lang] });
  const name = cleanName(facts.businessName);
  const length = Array.from(name).length;
  for (let chars = length; chars >= Math.min(length, MIN_NAME) && chars > 0; chars--) {
    const whole = `${shorten(name, chars)}: ${text}`;
    if (fitsSegments(whole, MAX_SEGMENTS)) return whole;
  }
  return capitalised(text);
}

/** The offer of a freed time to a waiting customer (design.md §28), ready for the waitlist. */
export const waitlistOfferText = (facts: SmsFacts, locale?: string | null) => smsText("waitlist_offer", facts, locale);
