import { DEFAULT_LOCALE, type Locale, matchAcceptLanguage, SUPPORTED_LOCALES, supportedLocale } from "./locales";

/**
 * The widget's own short states (design.md §30), shown before /widget/status answers and when it
 * cannot (no slug, an unknown business, the network): the only words the widget script carries, so
 * it stays small; everything the business's status decides comes from /widget/status in its words.
 */
export type WidgetStateWords = {
  loading: string;
  notSetUp: string;
  notAvailable: string;
  failed: string;
  unavailableButton: string;
};

export const WIDGET_STATE_WORDS: Record<Locale, WidgetStateWords> = {
  en: {
    loading: "Loading booking\u2026",
    notSetUp: "Online booking is not set up on this page.",
    notAvailable: "Online booking is not available.",
    failed: "Online booking could not be loaded. Please try again later.",
    unavailableButton: "Booking unavailable",
  },
  es: {
    loading: "Cargando reservas\u2026",
    notSetUp: "La reserva online no está configurada en esta página.",
    notAvailable: "La reserva online no está disponible.",
    failed: "No se ha podido cargar la reserva online. Inténtelo de nuevo más tarde.",
    unavailableButton: "Reservas no disponibles",
  },
  fr: {
    loading: "Chargement de la réservation\u2026",
    notSetUp: "La réservation en ligne n\u2019est pas configurée sur cette page.",
    notAvailable: "La réservation en ligne n\u2019est pas disponible.",
    failed: "La réservation en ligne n\u2019a pas pu être chargée. Veuillez réessayer plus tard.",
    unavailableButton: "Réservation indisponible",
  },
  de: {
    loading: "Buchung wird geladen\u2026",
    notSetUp: "Die Online-Buchung ist auf dieser Seite nicht eingerichtet.",
    notAvailable: "Die Online-Buchung ist nicht verfügbar.",
    failed: "Die Online-Buchung konnte nicht geladen werden. Bitte versuchen Sie es später erneut.",
    unavailableButton: "Buchung nicht möglich",
  },
  "pt-BR": {
    loading: "Carregando agendamento\u2026",
    notSetUp: "O agendamento online não está configurado nesta página.",
    notAvailable: "O agendamento online não está disponível.",
    failed: "Não foi possível carregar o agendamento online. Tente novamente mais tarde.",
    unavailableButton: "Agendamento indisponível",
  },
  it: {
    loading: "Caricamento prenotazione\u2026",
    notSetUp: "La prenotazione online non è configurata su questa pagina.",
    notAvailable: "La prenotazione online non è disponibile.",
    failed: "Non è stato possibile caricare la prenotazione online. Riprovi più tardi.",
    unavailableButton: "Prenotazione non disponibile",
  },
  nl: {
    loading: "Boeken wordt geladen\u2026",
    notSetUp: "Online boeken is niet ingesteld op deze pagina.",
    notAvailable: "Online boeken is niet beschikbaar.",
    failed: "Online boeken kon niet worden geladen. Probeer het later opnieuw.",
    unavailableButton: "Boeken niet mogelijk",
  },
};

/** The embed's `data-lang` when supported, else the visitor's browser languages, else English. */
export function widgetStateLocale(dataLang: string, browserLanguages: readonly string[]): Locale {
  return supportedLocale(dataLang) ?? matchAcceptLanguage(browserLanguages.join(","), SUPPORTED_LOCALES) ?? DEFAULT_LOCALE;
}
