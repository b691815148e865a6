import type { CatalogOf } from "../messages";
import type en from "./en";

/** The booking e-mails in German (Sie). */
const de: CatalogOf<typeof en> = {
  "layout.openLink": "Oder öffnen Sie diesen Link:",
  "footer.customer": "Gesendet im Auftrag von {business}. Bewahren Sie Ihren Buchungscode auf: Sie brauchen ihn, um die Buchung zu ändern.",
  "footer.notice":
    "Sie erhalten diese E-Mail als Benachrichtigungsadresse von {business} oder als gebuchte Mitarbeiterin bzw. gebuchter Mitarbeiter.",
  "when.range": "{start}\u2013{end} (Zeitzone {timezone})",
  "when.at": "{date} (Zeitzone {timezone})",
  "item.when": "{time} bei {staff}",
  "row.service": "Leistung",
  "row.with": "Bei",
  "row.when": "Wann",
  "row.where": "Wo",
  "row.code": "Buchungscode",
  "row.was": "Bisher",
  "row.wasWith": "{when} bei {staff}",
  "row.reason": "Grund",
  "row.customer": "Kunde",
  "row.email": "E-Mail",
  "row.phone": "Telefon",
  "row.notes": "Hinweise",
  "calendar.invite": "Die angehängte Kalenderdatei (invite.ics) trägt den Termin in Ihren Kalender ein oder aktualisiert ihn dort.",
  "calendar.cancel": "Die angehängte Kalenderdatei (cancel.ics) entfernt den Termin aus Ihrem Kalender.",
  "confirmed.subject": "Buchung bestätigt: {service} bei {business}",
  "confirmed.heading": "Ihre Buchung ist bestätigt",
  "confirmed.intro": "Hallo {name}, Ihre Buchung bei {business} ist bestätigt.",
  "confirmed.button": "Buchung verwalten oder stornieren",
  "rescheduled.subject": "Buchung verschoben: {service} bei {business}",
  "rescheduled.heading": "Ihre Buchung hat eine neue Zeit",
  "rescheduled.intro": "Hallo {name}, Ihre Buchung bei {business} hat eine neue Zeit.",
  "rescheduled.button": "Buchung verwalten",
  "cancelled.subject": "Buchung storniert: {service} bei {business}",
  "cancelled.heading": "Ihre Buchung ist storniert",
  "cancelled.intro": "Hallo {name}, Ihre Buchung bei {business} für {service} am {date} (Zeitzone {timezone}) wurde storniert.",
  "cancelled.button": "Buchung ansehen",
  "reminder.subject": "Erinnerung: {service} bei {business}, {date}",
  "reminder.headingTomorrow": "Ihr Termin ist morgen",
  "reminder.headingDays": "Ihr Termin ist in {days, plural, one {# Tag} other {# Tagen}}",
  "reminder.headingHours": "Ihr Termin ist in {hours, plural, one {# Stunde} other {# Stunden}}",
  "reminder.intro": "Hallo {name}, wir möchten Sie an Ihren Termin bei {business} erinnern.",
  "reminder.button": "Buchung verschieben oder stornieren",
  "reminder.cantMake":
    "Sie können nicht kommen? Bitte verschieben oder stornieren Sie die Buchung, damit jemand anderes den Termin nutzen kann.",
  "notice.created.subject": "Neue Buchung: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.created.heading": "Neue Buchung",
  "notice.rescheduled.subject": "Buchung verschoben: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.rescheduled.heading": "Eine Buchung wurde verschoben",
  "notice.cancelled.subject": "Buchung storniert: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.cancelled.heading": "Eine Buchung wurde storniert",
  "ics.summary": "{service} bei {staff}, {business}",
  "ics.item": "{time}: {service} bei {staff}",
  "ics.code": "Buchungscode: {code}",
  "ics.manage": "Buchung verwalten: {url}",
  "greeting.named": "Hallo {name},",
  "greeting.anonymous": "Guten Tag,",
  "footer.business": "Gesendet im Auftrag von {business}.",
  "waitlist.joined.subject": "Sie stehen auf der Warteliste von {business}",
  "waitlist.joined.intro":
    "Sie stehen bei {business} auf der Warteliste für {service}, {count, plural, one {zu dieser Zeit} other {zu diesen # Zeiten}}:",
  "waitlist.joined.window": "{start}–{end}",
  "waitlist.joined.how":
    "Wird eine dieser Zeiten frei, schicken wir Ihnen per E-Mail einen Link zum Buchen. Wer zuerst bucht, erhält den Termin.",
  "waitlist.joined.leave": "Um die Warteliste zu verlassen: {url}",
  "waitlist.joined.footer": "Bewahren Sie diese E-Mail auf: Mit ihrem Link können Sie die Warteliste verlassen.",
  "waitlist.offer.subject": "Ein Termin bei {business} ist frei: {when}",
  "waitlist.offer.intro": "Eine von Ihnen gewünschte Zeit ist frei: {service} bei {staff}, {when}.",
  "waitlist.offer.book": "Hier buchen: {url}",
  "waitlist.offer.others":
    "Wir haben auch einige andere auf der Warteliste benachrichtigt; wer zuerst bucht, erhält den Termin. Ist er schon vergeben, bleiben Sie auf der Warteliste.",
  "waitlist.offer.footer":
    "Sie erhalten diese E-Mail, weil Sie sich auf die Warteliste gesetzt haben. Mit dem Link in Ihrer Bestätigung der Warteliste können Sie sie verlassen.",
  "payment.reference": "Referenz: {code}",
  "payment.late.subject": "Ihre Zahlung an {business} wird erstattet",
  "payment.late.intro":
    "Ihre Zahlung von {amount} für {service} am {date} ({timezone}) ist erst nach Ablauf der Zahlungsfrist eingegangen, und der Termin wurde für andere Kunden freigegeben.",
  "payment.late.refund":
    "Wir erstatten die vollen {amount} auf Ihre Karte. Je nach Bank kann es 5 bis 10 Tage dauern, bis der Betrag erscheint.",
  "payment.late.again": "Sie können gern erneut buchen.",
  "payment.fee.subject":
    "{business} hat eine {fee, select, no_show {Ausfallgebühr} other {Gebühr für kurzfristige Stornierung}} von {amount} berechnet",
  "payment.fee.noShow": "Sie sind nicht zu Ihrem Termin für {service} am {date} ({timezone}) erschienen.",
  "payment.fee.late":
    "Sie haben Ihren Termin für {service} am {date} ({timezone}) später storniert, als es die Stornierungsbedingungen erlauben.",
  "payment.fee.charged": "Wie bei der Buchung vereinbart, hat {business} die Gebühr von {amount} von Ihrer hinterlegten Karte abgebucht.",
  "payment.cancel.refund": "Wir erstatten {amount} auf Ihre Karte. Je nach Bank kann es 5 bis 10 Tage dauern, bis der Betrag erscheint.",
  "payment.cancel.kept":
    "Da die Buchung innerhalb der Stornierungsfrist storniert wurde, werden die gezahlten {amount} einbehalten.{hasPolicy, select, yes { In den Stornierungsbedingungen heißt es: „{policy}“} other {}}",
  "payment.cancel.lateFee":
    "Eine Gebühr für kurzfristige Stornierung von {amount} wird am {date} von Ihrer hinterlegten Karte abgebucht, sofern das Unternehmen nicht darauf verzichtet.",
  "gift.recipient.subject": "Ein Gutschein für {business}",
  "gift.recipient.intro":
    "{hasBuyer, select, yes {{buyer} hat Ihnen einen Gutschein über {amount} für {business} geschickt.} other {Sie haben einen Gutschein über {amount} für {business} erhalten.}}",
  "gift.recipient.message": "„{message}“",
  "gift.recipient.code": "Ihr Code: {code}",
  "gift.recipient.use":
    "Geben Sie ihn bei der Buchung ein ({url}); der Preis einer Buchung wird zuerst vom Gutschein abgezogen. {expires, select, yes {Er ist bis zum {expiry} gültig.} other {Er gilt, bis das Guthaben aufgebraucht ist.}}",
  "gift.recipient.safe": "Bewahren Sie diesen Code sicher auf: Wer ihn hat, kann den Gutschein einlösen.",
  "gift.receipt.subject": "Ihr Gutschein für {business}",
  "gift.receipt.thanks": "Vielen Dank: Ihre Zahlung von {amount} für einen Gutschein von {business} ist eingegangen.",
  "gift.receipt.delivery":
    "Der Gutschein (endet auf {last4}) geht {today, select, yes {heute} other {am {delivery}}} an {recipient} ({email}). {expires, select, yes {Er ist bis zum {expiry} gültig.} other {Er gilt, bis das Guthaben aufgebraucht ist.}}",
  "gift.receipt.receipt": "Diese E-Mail ist Ihre Quittung.",
  "reset.subject": "Passwort zurücksetzen",
  "reset.customer":
    "Jemand hat angefordert, das Passwort Ihres Buchungskontos zurückzusetzen. Wenn Sie das waren, verwenden Sie diesen Link innerhalb von {minutes, plural, one {# Minute} other {# Minuten}}:",
  "reset.member":
    "Jemand hat angefordert, das Passwort zurückzusetzen, mit dem Sie Ihr Unternehmen auf der Buchungsplattform verwalten. Wenn Sie das waren, verwenden Sie diesen Link innerhalb von {minutes, plural, one {# Minute} other {# Minuten}}:",
  "reset.notYou": "Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.",
  "reset.footer": "Dieser Link kann nur einmal verwendet werden.",
  "package.subject": "Ihr Paket bei {business}",
  "package.paid": "Vielen Dank: Ihre Zahlung von {amount} für „{package}“ ist eingegangen. Diese E-Mail ist Ihre Quittung.",
  "package.issued": "{business} hat Ihnen das Paket „{package}“ ausgestellt.",
  "package.code": "Ihr Paketcode: {code}",
  "package.use":
    "Es enthält {sessions, plural, one {# Termin} other {# Termine}}. Geben Sie den Code bei der Buchung ein ({url}), dann bezahlt ein Termin aus dem Paket die Buchung. {expires, select, yes {Es ist bis zum {expiry} gültig.} other {Es gilt, bis alle Termine genutzt sind.}}",
  "package.safe": "Bewahren Sie diesen Code sicher auf: Wer ihn hat, kann die Termine nutzen.",
};

export default de;
