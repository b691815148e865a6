import type { CatalogOf } from "../messages";
import type en from "./en";

const nl: CatalogOf<typeof en> = {
  "slot.label": "{time} bij {staff}",
  "summary.slot": "{service} bij {staff}, {when}",
  "summary.when": "{date}, {start}–{end} (tijdzone {timezone})",
  "manage.rowCode": "Code",
  "manage.rowBusiness": "Bedrijf",
  "manage.rowServices": "Behandelingen",
  "manage.rowService": "Behandeling",
  "manage.rowWith": "Bij",
  "manage.rowWhen": "Wanneer",
  "manage.rowStatus": "Status",
  "manage.enterCode": "Vul de boekingscode uit uw e-mail in.",
  "manage.notFound": "We vinden geen boeking met die code. Controleer de code en probeer het opnieuw.",
  "manage.payExpired": "De tijd om deze boeking te betalen is verstreken. Boek opnieuw.",
  "manage.moved": "Uw boeking is verzet naar {date}, {time}.",
  "manage.notReschedulable": "Deze boeking kan niet meer worden verzet.",
  "manage.cannotMoveNow": "Deze boeking kan nu niet online worden verzet.",
  "manage.confirmCancel": "Deze boeking annuleren? Dit kan niet ongedaan worden gemaakt.",
  "manage.alreadyCancelled": "Deze boeking was al geannuleerd.",
  "manage.cancelled": "Uw boeking is geannuleerd.",
  "manage.notCancellable": "Deze boeking kan niet meer worden geannuleerd.",
  "client.booking": "Bezig met boeken…",
  "client.chooseTimeFirst": "Kies eerst een tijd.",
  "client.phoneForTexts": "Vul het mobiele nummer voor de sms'jes in, of vink „Stuur mij sms'jes over deze boeking” uit.",
  "client.captchaFirst": "Rond eerst de controle af dat u geen robot bent.",
  "client.slotTaken": "Helaas, die tijd is net geboekt.",
  "client.slotTakenAt": "Helaas heeft iemand anders net {date} om {time} geboekt. Kies een andere tijd.",
  "client.paymentStart": "De betaling kon niet worden gestart, dus er is niets geboekt. Probeer het zo opnieuw.",
  "client.captchaFailed": "De controle dat u geen robot bent is mislukt. Doe hem opnieuw en bevestig daarna.",
  "client.tooManyHolds": "Er wachten vanaf hier nu te veel boekingen op betaling. Probeer het over een paar minuten opnieuw.",
  "calendar.loadingDays": "Vrije dagen laden…",
  "calendar.daysError": "De vrije dagen konden niet worden geladen.",
  "slots.loading": "Beschikbare tijden laden…",
  "slots.searching": "Eerste datum met vrije tijden zoeken…",
  "day.times": "{count, plural, one {# vrije tijd} other {# vrije tijden}} op {date}.",
  "day.first": "De eerste datum met vrije tijden is {date} ({count, plural, one {# vrije tijd} other {# vrije tijden}}).",
  "day.labelPast": "{date}, niet te boeken",
  "day.labelTimes": "{date}, {count, plural, one {# vrije tijd} other {# vrije tijden}}",
  "day.labelNone": "{date}, geen vrije tijden",
  "manage.status":
    "{status, select, confirmed {Bevestigd} pending {In afwachting} cancelled {Geannuleerd} completed {Afgerond} no_show {Niet verschenen} other {{status}}}",
  "manage.cannotMoveVisit":
    "{visit, select, yes {Dit bezoek} other {Deze behandeling}} kan niet online worden verzet. Neem contact op met het bedrijf.",
  "client.captchaLoad":
    "De controle dat u geen robot bent kon niet laden. Laad de pagina opnieuw of neem contact op met het bedrijf om te boeken.",
  "client.guestDisabled":
    "Dit bedrijf neemt alleen boekingen aan van klanten met een account. Neem contact op met het bedrijf om te boeken.",
  "day.next":
    "Op {chosen} is niets meer vrij. De volgende datum met vrije tijden: {date} ({count, plural, one {# vrije tijd} other {# vrije tijden}}).",
  "day.none":
    "Geen vrije tijden van {chosen} tot {through}. Probeer een andere behandeling of medewerker, of neem contact op met het bedrijf.",
  "day.visitNext":
    "Op {chosen} passen niet {services, plural, =2 {beide} other {alle #}} behandelingen. De volgende datum waarop ze passen: {date} ({count, plural, one {# vrije tijd} other {# vrije tijden}}).",
  "day.visitNone":
    "Van {chosen} tot {through} passen niet {services, plural, =2 {beide} other {alle #}} behandelingen. Probeer minder behandelingen of een andere medewerker, of neem contact op met het bedrijf.",
  "texts.hintRegion":
    "Voor sms'jes een mobiel nummer. We lezen het als een nummer uit {region}, tenzij het begint met + en een landcode; een nummer dat we niet kunnen lezen krijgt geen sms'jes.",
  "texts.hint": "Voor sms'jes een mobiel nummer dat begint met + en de landcode; een nummer dat we niet kunnen lezen krijgt geen sms'jes.",
  "texts.consent": "Stuur mij sms'jes over deze boeking",
  "texts.consentHint":
    "De bevestiging, elke wijziging en herinneringen, naar het nummer hierboven. Antwoord op elk moment STOP om geen sms'jes meer te krijgen.",
  "pay.heading": "Betaal om uw boeking te bevestigen",
  "pay.agree": "Ik ga akkoord met deze kosten en met het bewaren van mijn kaart daarvoor.",
  "pay.button": "Betalen",
  "pay.expired": "De tijd om te betalen is verstreken en deze tijd is vrijgegeven voor andere klanten. Er is niets afgeschreven.",
  "pay.restart": "Opnieuw een tijd kiezen",
};

export default nl;
