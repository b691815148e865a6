/**
 * The languages the product speaks (design.md §30) and how a customer's language is chosen.
 * Shared by the Worker and the browser code: no I/O, no DOM.
 */

export const SUPPORTED_LOCALES = ["en", "es", "fr", "de", "pt-BR", "it", "nl"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's own name, as the language switcher shows it (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  it: "Italiano",
  nl: "Nederlands",
};

/** A supported locale for a tag written in any case ("PT-br" -> "pt-BR"); null when unsupported. */
export function supportedLocale(tag: unknown): Locale | null {
  if (typeof tag !== "string") return null;
  const lower = tag.trim().toLowerCase();
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower) ?? null;
}

export function isLocale(tag: unknown): tag is Locale {
  return typeof tag === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(tag);
}

/**
 * The offered locale a language tag reaches: the exact tag, else its language alone among the
 * offered ones (`es-MX` -> `es`, `pt` or `pt-PT` -> `pt-BR`, `de-AT` -> `de`); null when none.
 */
function reach(tag: string, offered: readonly Locale[]): Locale | null {
  const exact = supportedLocale(tag);
  if (exact && offered.includes(exact)) return exact;
  const language = tag.split("-")[0]?.toLowerCase();
  if (!language) return null;
  return offered.find((l) => l.split("-")[0]?.toLowerCase() === language) ?? null;
}

type Weighted = { tag: string; q: number; order: number };

/** The `Accept-Language` entries by preference (RFC 9110: q-values, ties in written order). */
function parseAcceptLanguage(header: string): Weighted[] {
  const entries: Weighted[] = [];
  header.split(",").forEach((part, order) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag?.trim() ?? "";
    if (!tag || tag === "*" || !/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (Number.isFinite(q) && q > 0) entries.push({ tag, q: Math.min(q, 1), order });
  });
  return entries.sort((a, b) => b.q - a.q || a.order - b.order);
}

/** The best offered locale for an `Accept-Language` header; null when nothing offered matches. */
export function matchAcceptLanguage(header: string | null | undefined, offered: readonly Locale[]): Locale | null {
  if (!header || offered.length === 0) return null;
  for (const entry of parseAcceptLanguage(header.slice(0, 1000))) {
    const hit = reach(entry.tag, offered);
    if (hit) return hit;
  }
  return null;
}

/**
 * The booking page's language (design.md §30): `?lang=` (or the switcher, which sets it) when the
 * business offers it, else the best `Accept-Language` match among the offered, else the business's.
 */
export function chooseLocale(input: {
  requested?: string | null;
  acceptLanguage?: string | null;
  offered: readonly Locale[];
  businessLocale: Locale;
}): Locale {
  const offered = input.offered.length > 0 ? input.offered : [input.businessLocale];
  const requested = input.requested ? reach(input.requested, offered) : null;
  return requested ?? matchAcceptLanguage(input.acceptLanguage, offered) ?? input.businessLocale;
}

/** The offered list a business stores: supported, without repeats, the business locale always in it. */
export function normalizeBookingLanguages(list: readonly Locale[] | null | undefined, businessLocale: Locale): Locale[] {
  const out: Locale[] = [];
  for (const l of list ?? []) if (isLocale(l) && !out.includes(l)) out.push(l);
  if (!out.includes(businessLocale)) out.unshift(businessLocale);
  return out;
}
