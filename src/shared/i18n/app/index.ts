import type { Locale } from "../locales";
import type { CatalogOf } from "../messages";
import de from "./de";
import en from "./en";
import es from "./es";
import fr from "./fr";
import it from "./it";
import nl from "./nl";
import ptBR from "./pt-BR";

/**
 * Every language's owner-app catalog, for the build (one asset per language, scripts/build-client.ts).
 * The Worker imports only ./en (the frames' English words); the app's script loads its language's asset.
 */
export const APP_CATALOGS: Record<Locale, CatalogOf<typeof en>> = { en, es, fr, de, "pt-BR": ptBR, it, nl };
export type { AppKey } from "./en";
