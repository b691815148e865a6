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

type Parts = { name: string; date: string; time: string; link: string; yes: string; no: string; money: string };
type Catalog = Record<SmsTemplate, (p: Parts) => string>;

const EN: Catalog = {
  confirmation: (p) => `${p.name}: your booking on ${p.date} at ${p.time} is confirmed. Manage it: ${p.link}`,
  reminder: (p) =>
    `Reminder from ${p.name}: your booking is on ${p.date} at ${p.time}. Manage it: ${p.link} Reply ${p.yes} to confirm or ${p.no} to cancel.`,
  moved: (p) => `${p.name}: your booking is moved to ${p.date} at ${p.time}. Manage it: ${p.link}`,
  cancelled: (p) => `${p.name}: your booking on ${p.date} at ${p.time} is cancelled. Details: ${p.link}`,
  waitlist_offer: (p) => `${p.name}: a time you asked for is free: ${p.date} at ${p.time}. Book it here: ${p.link}`,
  reply_confirmed: (p) => `${p.name}: thank you, your booking on ${p.date} at ${p.time} is confirmed.`,
  reply_cancelled: (p) => `${p.name}: your booking on ${p.date} at ${p.time} is cancelled as you asked.${p.money ? ` ${p.money}` : ""}`,
  reply_unchanged: (p) => `${p.name}: your booking on ${p.date} at ${p.time} can no longer be changed by text. Details: ${p.link}`,
  reply_no_booking: (p) =>
    `${p.name}: we found no appointment waiting for your answer. To manage a booking, use the link in our texts. Reply STOP for no more texts.`,
  help: (p) =>
    `${p.name}: reply ${p.yes} to confirm or ${p.no} to cancel the appointment of our last reminder, or STOP for no more texts. Manage a booking with the link in our texts.`,
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

/** `name` cut to `chars` characters (whole code points) with a mark that it was cut. */
function shorten(name: string, chars: number): string {
  const cps = Array.from(name);
  return cps.length <= chars ? name : `${cps.slice(0, chars).join("").trimEnd()}${SHORTENED}`;
}

/**
 * The text of `template` for `facts` in `locale`, within MAX_SEGMENTS: the business name is
 * shortened, one character at a time, until it fits (a name made only of characters outside GSM-7
 * shortens faster by making the whole text GSM-7 again once it is gone).
 */
export function smsText(template: SmsTemplate, facts: SmsFacts, locale?: string | null): string {
  const lang = localeOf(locale);
  const [date, time] = facts.startAt === undefined ? ["", ""] : instantToHumanLocal(facts.timezone, facts.startAt).split(", ");
  const parts = { date, time, link: facts.link, money: facts.moneyLine ?? "", ...REPLY_WORDS[lang] };
  const render = (name: string) => TEXTS[lang][template]({ ...parts, name });
  const name = cleanName(facts.businessName) || "Your appointment";
  const full = render(name);
  if (fitsSegments(full, MAX_SEGMENTS)) return full;
  for (let chars = Array.from(name).length - 1; chars >= 1; chars--) {
    const text = render(shorten(name, chars));
    if (fitsSegments(text, MAX_SEGMENTS)) return text;
  }
  return render(shorten(name, 1));
}

/** The offer of a freed time to a waiting customer (design.md §28), ready for the waitlist. */
export const waitlistOfferText = (facts: SmsFacts, locale?: string | null) => smsText("waitlist_offer", facts, locale);
