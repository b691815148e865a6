import type { CatalogOf } from "../messages";
import type en from "./en";

/** The booking e-mails in Dutch (u). */
const nl: CatalogOf<typeof en> = {
  "layout.openLink": "Of open deze link:",
  "footer.customer": "Verstuurd namens {business}. Bewaar uw boekingscode: u hebt hem nodig om de boeking te wijzigen.",
  "footer.notice": "U ontvangt deze e-mail als meldingsadres van {business} of als geboekte medewerker.",
  "when.range": "{start}\u2013{end} (tijdzone {timezone})",
  "when.at": "{date} (tijdzone {timezone})",
  "item.when": "{time} bij {staff}",
  "row.service": "Behandeling",
  "row.with": "Bij",
  "row.when": "Wanneer",
  "row.where": "Waar",
  "row.code": "Boekingscode",
  "row.was": "Eerder",
  "row.wasWith": "{when} bij {staff}",
  "row.reason": "Reden",
  "row.customer": "Klant",
  "row.email": "E-mail",
  "row.phone": "Telefoon",
  "row.notes": "Opmerkingen",
  "calendar.invite": "Het bijgevoegde agendabestand (invite.ics) zet de afspraak in uw agenda of werkt hem daar bij.",
  "calendar.cancel": "Het bijgevoegde agendabestand (cancel.ics) haalt de afspraak uit uw agenda.",
  "confirmed.subject": "Boeking bevestigd: {service} bij {business}",
  "confirmed.heading": "Uw boeking is bevestigd",
  "confirmed.intro": "Beste {name}, uw boeking bij {business} is bevestigd.",
  "confirmed.button": "Uw boeking beheren of annuleren",
  "rescheduled.subject": "Boeking verzet: {service} bij {business}",
  "rescheduled.heading": "Uw boeking heeft een nieuwe tijd",
  "rescheduled.intro": "Beste {name}, uw boeking bij {business} heeft een nieuwe tijd.",
  "rescheduled.button": "Uw boeking beheren",
  "cancelled.subject": "Boeking geannuleerd: {service} bij {business}",
  "cancelled.heading": "Uw boeking is geannuleerd",
  "cancelled.intro": "Beste {name}, uw boeking bij {business} voor {service} op {date} (tijdzone {timezone}) is geannuleerd.",
  "cancelled.button": "Uw boeking bekijken",
  "reminder.subject": "Herinnering: {service} bij {business}, {date}",
  "reminder.headingTomorrow": "Uw afspraak is morgen",
  "reminder.headingDays": "Uw afspraak is over {days, plural, one {# dag} other {# dagen}}",
  "reminder.headingHours": "Uw afspraak is over {hours, plural, one {# uur} other {# uur}}",
  "reminder.intro": "Beste {name}, dit is een herinnering aan uw afspraak bij {business}.",
  "reminder.button": "Uw boeking verzetten of annuleren",
  "reminder.cantMake": "Kunt u niet komen? Verzet of annuleer de boeking, dan kan iemand anders die tijd gebruiken.",
  "notice.created.subject": "Nieuwe boeking: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.created.heading": "Nieuwe boeking",
  "notice.rescheduled.subject": "Boeking verzet: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.rescheduled.heading": "Er is een boeking verzet",
  "notice.cancelled.subject": "Boeking geannuleerd: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.cancelled.heading": "Er is een boeking geannuleerd",
  "ics.summary": "{service} bij {staff}, {business}",
  "ics.item": "{time}: {service} bij {staff}",
  "ics.code": "Boekingscode: {code}",
  "ics.manage": "Uw boeking beheren: {url}",
  "greeting.named": "Beste {name},",
  "greeting.anonymous": "Beste klant,",
  "footer.business": "Verstuurd namens {business}.",
  "waitlist.joined.subject": "U staat op de wachtlijst van {business}",
  "waitlist.joined.intro":
    "U staat op de wachtlijst van {business} voor {service} {count, plural, one {op dit tijdstip} other {op deze # tijdstippen}}:",
  "waitlist.joined.window": "{start}–{end}",
  "waitlist.joined.how": "Komt een van deze tijden vrij, dan mailen we u een link om die te boeken. Wie het eerst boekt, krijgt de tijd.",
  "waitlist.joined.leave": "Om de wachtlijst te verlaten: {url}",
  "waitlist.joined.footer": "Bewaar deze e-mail: met de link erin kunt u de wachtlijst verlaten.",
  "waitlist.offer.subject": "Er is een tijd vrij bij {business}: {when}",
  "waitlist.offer.intro": "Een tijd die u hebt gevraagd is vrij: {service} bij {staff}, {when}.",
  "waitlist.offer.book": "Hier boeken: {url}",
  "waitlist.offer.others":
    "We hebben ook een paar anderen op de wachtlijst bericht gestuurd; wie het eerst boekt, krijgt de tijd. Is die al weg, dan blijft u op de wachtlijst.",
  "waitlist.offer.footer":
    "U ontvangt dit bericht omdat u zich op de wachtlijst hebt gezet. Met de link in uw bevestigingsmail van de wachtlijst kunt u die verlaten.",
  "payment.reference": "Referentie: {code}",
  "payment.late.subject": "Uw betaling aan {business} wordt terugbetaald",
  "payment.late.intro":
    "Uw betaling van {amount} voor {service} op {date} ({timezone}) kwam binnen nadat de betaaltermijn was verlopen, en de tijd is vrijgegeven voor andere klanten.",
  "payment.late.refund":
    "We betalen het volledige bedrag van {amount} terug op uw kaart. Afhankelijk van uw bank kan het 5 tot 10 dagen duren voordat het zichtbaar is.",
  "payment.late.again": "U bent van harte welkom om opnieuw te boeken.",
  "payment.fee.subject":
    "{business} heeft {fee, select, no_show {no-showkosten} other {kosten voor late annulering}} van {amount} in rekening gebracht",
  "payment.fee.noShow": "U bent niet verschenen op uw afspraak voor {service} op {date} ({timezone}).",
  "payment.fee.late": "U hebt uw afspraak voor {service} op {date} ({timezone}) later geannuleerd dan de annuleringsvoorwaarden toestaan.",
  "payment.fee.charged":
    "Zoals bij het boeken afgesproken, heeft {business} de kosten van {amount} afgeschreven van de kaart die u hebt opgeslagen.",
  "payment.cancel.refund":
    "We betalen {amount} terug op uw kaart. Afhankelijk van uw bank kan het 5 tot 10 dagen duren voordat het zichtbaar is.",
  "payment.cancel.kept":
    "Omdat de boeking binnen de annuleringstermijn is geannuleerd, wordt de betaalde {amount} ingehouden.{hasPolicy, select, yes { De annuleringsvoorwaarden zeggen: “{policy}”} other {}}",
  "payment.cancel.lateFee":
    "Kosten voor late annulering van {amount} worden op {date} van uw opgeslagen kaart afgeschreven, tenzij het bedrijf ervan afziet.",
  "gift.recipient.subject": "Een cadeaukaart voor {business}",
  "gift.recipient.intro":
    "{hasBuyer, select, yes {{buyer} heeft u een cadeaukaart van {amount} voor {business} gestuurd.} other {U hebt een cadeaukaart van {amount} voor {business} ontvangen.}}",
  "gift.recipient.message": "“{message}”",
  "gift.recipient.code": "Uw code: {code}",
  "gift.recipient.use":
    "Vul hem in als u boekt ({url}); de prijs van een boeking gaat eerst van de kaart af. {expires, select, yes {Hij is geldig tot en met {expiry}.} other {Hij is geldig tot het tegoed op is.}}",
  "gift.recipient.safe": "Bewaar deze code goed: wie hem heeft, kan de kaart gebruiken.",
  "gift.receipt.subject": "Uw cadeaukaart voor {business}",
  "gift.receipt.thanks": "Bedankt: uw betaling van {amount} voor een cadeaukaart van {business} is gelukt.",
  "gift.receipt.delivery":
    "De kaart (eindigend op {last4}) gaat {today, select, yes {vandaag} other {op {delivery}}} naar {recipient} ({email}). {expires, select, yes {Hij is geldig tot en met {expiry}.} other {Hij is geldig tot het tegoed op is.}}",
  "gift.receipt.receipt": "Deze e-mail is uw betaalbewijs.",
  "reset.subject": "Stel uw wachtwoord opnieuw in",
  "reset.customer":
    "Iemand heeft gevraagd het wachtwoord van uw boekingsaccount opnieuw in te stellen. Was u dat, gebruik deze link dan binnen {minutes, plural, one {# minuut} other {# minuten}}:",
  "reset.member":
    "Iemand heeft gevraagd het wachtwoord opnieuw in te stellen waarmee u uw bedrijf op het boekingsplatform beheert. Was u dat, gebruik deze link dan binnen {minutes, plural, one {# minuut} other {# minuten}}:",
  "reset.notYou": "Was u dat niet, negeer deze e-mail dan; uw wachtwoord blijft hetzelfde.",
  "reset.footer": "Deze link kan maar één keer worden gebruikt.",
  "package.subject": "Uw pakket bij {business}",
  "package.paid": "Bedankt: uw betaling van {amount} voor ‘{package}’ is gelukt. Deze e-mail is uw betaalbewijs.",
  "package.issued": "{business} heeft u het pakket ‘{package}’ gegeven.",
  "package.code": "Uw pakketcode: {code}",
  "package.use":
    "Het bevat {sessions, plural, one {# behandeling} other {# behandelingen}}. Vul de code in wanneer u boekt ({url}), dan betaalt één behandeling uit het pakket de boeking. {expires, select, yes {U kunt het gebruiken tot {expiry}.} other {U kunt het gebruiken tot alle behandelingen op zijn.}}",
  "package.safe": "Bewaar deze code goed: wie hem heeft, kan de behandelingen gebruiken.",
};

export default nl;
