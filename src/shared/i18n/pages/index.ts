import { type Locale, matchAcceptLanguage, SUPPORTED_LOCALES } from "../locales";
import { type CatalogOf, type Translate, translator } from "../messages";
import de from "./de";
import en, { type PagesKey } from "./en";
import es from "./es";
import fr from "./fr";
import it from "./it";
import nl from "./nl";
import ptBR from "./pt-BR";

/** Every language's catalog of the small pages (reset password, short link). */
export const PAGES_CATALOGS: Record<Locale, CatalogOf<typeof en>> = { en, es, fr, de, "pt-BR": ptBR, it, nl };
export type { PagesKey } from "./en";

const translators = new Map<Locale, Translate<PagesKey>>();

/** The visitor's language for a page of no one business: Accept-Language among every supported locale, else English. */
export function pagesLanguage(acceptLanguage: string | null | undefined): { locale: Locale; t: Translate<PagesKey> } {
  const locale = matchAcceptLanguage(acceptLanguage, SUPPORTED_LOCALES) ?? "en";
  let t = translators.get(locale);
  if (!t) {
    t = translator(locale, PAGES_CATALOGS[locale]);
    translators.set(locale, t);
  }
  return { locale, t };
}
