import type { Locale } from "../locales";
import type { CatalogOf } from "../messages";
import de from "./de";
import en from "./en";
import es from "./es";
import fr from "./fr";
import it from "./it";
import nl from "./nl";
import ptBR from "./pt-BR";

/** Every language's e-mail and calendar-event catalog (the Worker renders e-mails at send time). */
export const MAIL_CATALOGS: Record<Locale, CatalogOf<typeof en>> = { en, es, fr, de, "pt-BR": ptBR, it, nl };
export type { MailKey } from "./en";
