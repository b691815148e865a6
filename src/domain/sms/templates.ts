import { instantToHumanLocal } from "../time";
import { REPLY_WORDS, type SmsLocale } from "./keywords";
import { fitsSegments, MAX_SEGMENTS } from "./segments";

/**
 * Every text the platform sends (design.md §27), in ONE module: English templates with the
 * booking's language as a parameter (§30's translations plug in here: `TEXTS[locale]`). Each text
 * names the business, the local date and time and carries the short manage link; none is longer
 * than MAX_SEGMENTS segments: a text that would be is built again with the business name shortened
 * (nothing else is cut). Names reach a text without control characters (§31).
 */

export type SmsTemplate =
  | "confirmation"
  | "reminder"
  | "moved"
  | "cancelled"
  | "waitlist_offer"
  | "reply_confirmed"
  | "reply_cancelled"
  | "reply_unchanged"
  | "reply_no_booking"
  | "help";

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

/** `date` with the year ("Wed 12 Mar 2031"), `day` without (a reminder is at most a week ahead). */
type Parts = { date: string; day: string; time: string; link: string; yes: string; no: string; money: string };
/** A text after the "<business name>: " it opens with (dropped, and the text capitalised, when no name fits). */
type Catalog = Record<SmsTemplate, (p: Parts) => string>;

const EN: Catalog = {
  confirmation: (p) => `your booking on ${p.date} at ${p.time} is confirmed. Manage it: ${p.link}`,
  reminder: (p) => `reminder, ${p.day} at ${p.time}. ${p.link} Reply ${p.yes} to confirm or ${p.no} to cancel.`,
  moved: (p) => `your booking is moved to ${p.date} at ${p.time}. Manage it: ${p.link}`,
  cancelled: (p) => `your booking on ${p.date} at ${p.time} is cancelled. Details: ${p.link}`,
  waitlist_offer: (p) => `a time you asked for is free: ${p.date} at ${p.time}. Book it here: ${p.link}`,
  reply_confirmed: (p) => `thank you, your booking on ${p.date} at ${p.time} is confirmed.`,
  reply_cancelled: (p) => `your booking on ${p.date} at ${p.time} is cancelled as you asked.${p.money ? ` ${p.money}` : ""}`,
  reply_unchanged: (p) => `your booking on ${p.date} at ${p.time} can no longer be changed by text. Details: ${p.link}`,
  reply_no_booking: () => "no appointment is waiting for your answer. Manage bookings with the link in our texts. STOP: no more texts.",
  help: (p) =>
    `reply ${p.yes} or ${p.no} to our last reminder to confirm or cancel, STOP for no more texts. Manage bookings with the link in our texts.`,
};

/** One catalog per language; until §30's translations land, every language reads English with its own reply words. */
const TEXTS: Record<SmsLocale, Catalog> = { en: EN, es: EN, fr: EN, de: EN, "pt-BR": EN, it: EN, nl: EN };

const localeOf = (l: string | null | undefined): SmsLocale => (l && l in TEXTS ? (l as SmsLocale) : "en");

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
  const [date, time] = facts.startAt === undefined ? ["", ""] : instantToHumanLocal(facts.timezone, facts.startAt).split(", ");
  const day = date.replace(/ \d{4}$/, "");
  const text = TEXTS[lang][template]({ date, day, time, link: facts.link, money: facts.moneyLine ?? "", ...REPLY_WORDS[lang] });
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
