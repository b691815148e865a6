import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * Phone numbers for texts (design.md §27): normalised to E.164 with libphonenumber-js (its `min`
 * metadata: lengths per country, no digit patterns, the smallest build that knows every country),
 * the business's country as the region of a number typed without `+`. A number that does not
 * parse is kept as the customer typed it and gets no texts; `phoneProblem` says why in words.
 */

export type PhoneResult = { ok: true; e164: string } | { ok: false; problem: "empty" | "unreadable" | "no_region" };

/** The business's country as a region code: its 2-letter code, else a 2-letter `country` text; null = none known. */
export function regionOf(t: { countryCode?: string | null; country?: string | null }): CountryCode | null {
  for (const raw of [t.countryCode, t.country]) {
    const code = (raw ?? "").trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code) && isSupportedCountry(code)) return code as CountryCode;
  }
  return null;
}

export function normalizePhone(typed: string | null | undefined, region: CountryCode | null): PhoneResult {
  const text = (typed ?? "").trim();
  if (!/\d/.test(text)) return { ok: false, problem: "empty" };
  // Without `+` (or 00) a number means nothing until we know whose country's plan it follows.
  const international = /^(\+|00)/.test(text);
  if (!international && !region) return { ok: false, problem: "no_region" };
  const parsed = parsePhoneNumberFromString(international ? text.replace(/^00/, "+") : text, region ?? undefined);
  if (!parsed?.isValid()) return { ok: false, problem: "unreadable" };
  return { ok: true, e164: parsed.number };
}

/** E.164 or null. */
export const e164Of = (typed: string | null | undefined, region: CountryCode | null): string | null => {
  const r = normalizePhone(typed, region);
  return r.ok ? r.e164 : null;
};

/** The region's name in English ("United States"), or its code when the runtime has no names. */
export function regionName(region: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** Why a typed number gets no texts, in words for the owner; null when it can be texted. */
export function phoneProblem(typed: string | null | undefined, region: CountryCode | null): string | null {
  const r = normalizePhone(typed, region);
  if (r.ok) return null;
  if (r.problem === "empty") return "No phone number was given.";
  if (r.problem === "no_region")
    return `"${(typed ?? "").trim()}" has no country code, and the business has no country set to read it by. Texts need the number with + and the country code.`;
  return `"${(typed ?? "").trim()}" is not a phone number that can be read${region ? ` as a number of ${regionName(region)}` : ""} (numbers of other countries need + and the country code).`;
}
