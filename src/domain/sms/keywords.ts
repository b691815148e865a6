/**
 * What a customer's reply to a text means (design.md §27), pure. The whole reply is the keyword:
 * it is trimmed, stripped of surrounding punctuation, Unicode-normalised (NFC) and upper-cased,
 * then compared; "No problem, see you" is not a cancellation, "no." is.
 *
 * Opt-out words are checked first, so CANCEL (one of Twilio's opt-out words) stops texts and never
 * cancels a booking. YES is Twilio's opt-in word too: from a number that opted out it opts back in
 * (Twilio itself answers STOP, START and HELP on its standard opt-out handling, so we do not).
 */

/** design.md §30's locales; each has its own words for the reminder's "Reply Y to confirm or N to cancel." */
export const SMS_LOCALES = ["en", "es", "fr", "de", "pt-BR", "it", "nl"] as const;
export type SmsLocale = (typeof SMS_LOCALES)[number];

/** The words a reminder in that language asks for (every language's words are understood in every reply). */
export const REPLY_WORDS: Record<SmsLocale, { yes: string; no: string }> = {
  en: { yes: "Y", no: "N" },
  es: { yes: "SI", no: "NO" },
  fr: { yes: "OUI", no: "NON" },
  de: { yes: "JA", no: "NEIN" },
  "pt-BR": { yes: "SIM", no: "NÃO" },
  it: { yes: "SI", no: "NO" },
  nl: { yes: "JA", no: "NEE" },
};

const CONFIRM = new Set(["Y", "YES", "SI", "SÍ", "OUI", "JA", "SIM"]);
// NAO: "NÃO" as phones without the tilde send it.
const CANCEL = new Set(["N", "NO", "NON", "NEIN", "NÃO", "NAO", "NEE", "X"]);
/** Twilio's standard opt-out words (design.md §27). */
export const OPT_OUT_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);
/** Twilio's opt-in words; YES counts only from a number that opted out. */
const OPT_IN = new Set(["START", "UNSTOP"]);
/** Twilio answers these itself on its standard opt-out handling: a help text of ours would be a second one. */
const CARRIER_HELP = new Set(["HELP", "INFO"]);

export type ReplyIntent = "confirm" | "cancel" | "opt_out" | "opt_in" | "carrier_help" | "other";

/** The reply as compared: trimmed of spaces and surrounding punctuation, NFC, upper case. */
export function normalizeReply(body: string): string {
  return body
    .normalize("NFC")
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "")
    .toUpperCase();
}

export function replyIntent(body: string, optedOut: boolean): ReplyIntent {
  const word = normalizeReply(body);
  if (OPT_OUT_WORDS.has(word)) return "opt_out";
  if (OPT_IN.has(word) || (optedOut && word === "YES")) return "opt_in";
  if (CARRIER_HELP.has(word)) return "carrier_help";
  if (CONFIRM.has(word)) return "confirm";
  if (CANCEL.has(word)) return "cancel";
  return "other";
}
