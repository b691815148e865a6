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
 * Every language's booking-page catalog, for the Worker (server-rendered page) and the build (which
 * writes one asset per language for the browser). Browser code never imports this file: the page
 * loads only its own language's asset (scripts/build-client.ts).
 */
export const BOOKING_CATALOGS: Record<Locale, CatalogOf<typeof en>> = { en, es, fr, de, "pt-BR": ptBR, it, nl };
export type { BookingKey } from "./en";
