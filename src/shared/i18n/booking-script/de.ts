import type { CatalogOf } from "../messages";
import type en from "./en";

const de: CatalogOf<typeof en> = {
  "slot.label": "{time} bei {staff}",
  "summary.slot": "{service} bei {staff}, {when}",
  "summary.when": "{date}, {start}–{end} (Zeitzone {timezone})",
  "manage.rowCode": "Code",
  "manage.rowBusiness": "Unternehmen",
  "manage.rowServices": "Leistungen",
  "manage.rowService": "Leistung",
  "manage.rowWith": "Bei",
  "manage.rowWhen": "Wann",
  "manage.rowStatus": "Status",
  "manage.enterCode": "Geben Sie den Buchungscode aus Ihrer E-Mail ein.",
  "manage.notFound": "Zu diesem Code haben wir keine Buchung gefunden. Bitte prüfen Sie den Code und versuchen Sie es erneut.",
  "manage.payExpired": "Die Zeit zum Bezahlen dieser Buchung ist abgelaufen. Bitte buchen Sie erneut.",
  "manage.moved": "Ihre Buchung wurde auf {date}, {time} verschoben.",
  "manage.notReschedulable": "Diese Buchung kann nicht mehr verschoben werden.",
  "manage.cannotMoveNow": "Diese Buchung kann gerade nicht online verschoben werden.",
  "manage.confirmCancel": "Diese Buchung stornieren? Das lässt sich nicht rückgängig machen.",
  "manage.alreadyCancelled": "Diese Buchung war bereits storniert.",
  "manage.cancelled": "Ihre Buchung wurde storniert.",
  "manage.notCancellable": "Diese Buchung kann nicht mehr storniert werden.",
  "client.booking": "Wird gebucht…",
  "client.chooseTimeFirst": "Bitte wählen Sie zuerst eine Uhrzeit.",
  "client.captchaFirst": "Bitte schließen Sie zuerst die Prüfung ab, dass Sie kein Roboter sind.",
  "client.slotTaken": "Leider wurde diese Zeit gerade vergeben.",
  "client.slotTakenAt": "Leider hat gerade jemand anderes {date}, {time} gebucht. Bitte wählen Sie eine andere Zeit.",
  "calendar.loadingDays": "Freie Tage werden geladen…",
  "calendar.daysError": "Die freien Tage konnten nicht geladen werden.",
  "slots.loading": "Freie Zeiten werden geladen…",
  "slots.searching": "Der erste Tag mit freien Zeiten wird gesucht…",
  "day.times": "{count, plural, one {# freie Zeit} other {# freie Zeiten}} am {date}.",
  "day.first": "Der erste Tag mit freien Zeiten ist {date} ({count, plural, one {# freie Zeit} other {# freie Zeiten}}).",
  "day.labelPast": "{date}, nicht buchbar",
  "day.labelTimes": "{date}, {count, plural, one {# freie Zeit} other {# freie Zeiten}}",
  "day.labelNone": "{date}, keine freien Zeiten",
  "manage.status":
    "{status, select, confirmed {Bestätigt} pending {Ausstehend} cancelled {Storniert} completed {Erledigt} no_show {Nicht erschienen} other {{status}}}",
  "manage.cannotMoveVisit":
    "{visit, select, yes {Dieser Besuch} other {Diese Leistung}} kann nicht online verschoben werden. Bitte wenden Sie sich an das Unternehmen.",
  "client.captchaLoad":
    "Die Prüfung, dass Sie kein Roboter sind, konnte nicht geladen werden. Bitte laden Sie die Seite neu oder buchen Sie direkt beim Unternehmen.",
  "client.phoneForTexts":
    "Geben Sie die Mobilnummer für die SMS ein oder entfernen Sie das Häkchen bei „Per SMS über diese Buchung informieren“.",
  "client.paymentStart":
    "Die Zahlung konnte nicht gestartet werden, daher wurde nichts gebucht. Bitte versuchen Sie es gleich noch einmal.",
  "client.captchaFailed":
    "Die Prüfung, dass Sie kein Roboter sind, war nicht erfolgreich. Bitte wiederholen Sie sie und bestätigen Sie dann.",
  "client.tooManyHolds":
    "Von hier aus warten gerade zu viele Buchungen auf ihre Zahlung. Bitte versuchen Sie es in ein paar Minuten erneut.",
  "client.guestDisabled":
    "Dieses Unternehmen nimmt nur Buchungen von Kunden mit Konto an. Bitte wenden Sie sich zum Buchen direkt an das Unternehmen.",
  "day.next":
    "Am {chosen} ist nichts mehr frei. Hier der nächste Tag mit freien Zeiten: {date} ({count, plural, one {# freie Zeit} other {# freie Zeiten}}).",
  "day.none":
    "Vom {chosen} bis {through} ist nichts frei. Bitte wählen Sie eine andere Leistung oder einen anderen Mitarbeiter, oder wenden Sie sich an das Unternehmen.",
  "day.visitNext":
    "Am {chosen} passen nicht {services, plural, =2 {beide} other {alle #}} Leistungen. Hier der nächste Tag, an dem sie passen: {date} ({count, plural, one {# freie Zeit} other {# freie Zeiten}}).",
  "day.visitNone":
    "Vom {chosen} bis {through} passen nicht {services, plural, =2 {beide} other {alle #}} Leistungen. Bitte wählen Sie weniger Leistungen oder einen anderen Mitarbeiter, oder wenden Sie sich an das Unternehmen.",
  "texts.hintRegion":
    "Für SMS eine Mobilnummer. Wir lesen sie als Nummer aus {region}, sofern sie nicht mit + und einer Ländervorwahl beginnt; an eine Nummer, die wir nicht lesen können, senden wir keine SMS.",
  "texts.hint": "Für SMS eine Mobilnummer mit + und Ländervorwahl; an eine Nummer, die wir nicht lesen können, senden wir keine SMS.",
  "texts.consent": "Per SMS über diese Buchung informieren",
  "texts.consentHint":
    "Die Bestätigung, jede Änderung und Erinnerungen an die oben angegebene Nummer. Antworten Sie jederzeit STOP, um keine SMS mehr zu erhalten.",
  "pay.heading": "Bezahlen Sie, um Ihre Buchung zu bestätigen",
  "pay.agree": "Ich bin mit diesen Gebühren einverstanden und damit, dass meine Karte dafür gespeichert wird.",
  "pay.button": "Bezahlen",
  "pay.expired": "Die Zeit zum Bezahlen ist abgelaufen und der Termin wurde für andere Kunden freigegeben. Es wurde nichts abgebucht.",
  "pay.restart": "Erneut eine Zeit wählen",
  "gift.pay": "{amount} bezahlen",
  "gift.summary": "Ein Gutschein über {amount} für {name} ({email}), versendet {when, select, today {heute} other {am {date}}}.",
  "gift.done":
    "{name} erhält den Gutschein {when, select, today {heute} other {am {date}}} per E-Mail. Ihre Quittung ist unterwegs an {email}.",
  "gift.doneReturn": "Ihre Zahlung ist eingegangen. Der Gutschein wird am gewählten Tag versendet, Ihre Quittung ist unterwegs.",
  "gift.loading": "Das Zahlungsformular wird geladen…",
  "gift.processing": "Ihre Zahlung wird verarbeitet…",
  "gift.payFailed": "Die Zahlung ist nicht durchgegangen. Bitte versuchen Sie es erneut.",
  "gift.loadFailed": "Das Zahlungsformular konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und laden Sie die Seite neu.",
  "gift.unavailable": "Online-Zahlung ist bei diesem Unternehmen gerade nicht möglich. Es wurde nichts abgebucht.",
  "gift.chooseAmount": "Wählen Sie einen Betrag.",
  "gift.amountRange": "Wählen Sie einen Betrag zwischen {min} und {max}.",
  "gift.dateRange": "Wählen Sie einen Tag zwischen heute und dem {last}.",
  "gift.required": "Bitte füllen Sie dieses Feld aus.",
  "gift.emailInvalid": "Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.",
  "gift.notSold": "Dieses Unternehmen verkauft keine Gutscheine mehr online. Es wurde nichts abgebucht.",
  "gift.failed": "Bei uns ist etwas schiefgelaufen. Es wurde nichts abgebucht. Bitte versuchen Sie es erneut.",
  "gift.offline": "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  "gift.busy": "Gerade gibt es zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
  "gift.returnFailed": "Die Zahlung ist nicht durchgegangen, es wurde also nichts abgebucht. Bitte füllen Sie das Formular erneut aus.",
  "giftCard.unknown": "Zu diesem Code gibt es keinen Gutschein. Prüfen Sie den Code und versuchen Sie es erneut.",
  "giftCard.expired": "Dieser Gutschein ist abgelaufen.",
  "giftCard.void": "Dieser Gutschein ist nicht mehr gültig.",
  "giftCard.empty": "Auf diesem Gutschein ist kein Guthaben mehr.",
  "giftCard.currency": "Dieser Gutschein lautet auf eine andere Währung und kann hier nicht zahlen.",
  "giftCard.nothingDue": "Bei der Buchung dieser Leistung wird nichts bezahlt. Bringen Sie Ihren Gutschein zum Termin mit.",
  "giftCard.changed": "Das Guthaben dieses Gutscheins hat sich gerade geändert. Prüfen Sie es und versuchen Sie es erneut.",
  "giftCard.visit": "Ein Gutschein zahlt jeweils eine Leistung. Buchen Sie die Leistungen einzeln, um ihn zu nutzen.",
  "giftCard.other": "Dieser Gutschein kann diese Buchung nicht bezahlen.",
  "giftCard.split": "Ihr Gutschein zahlt {gift}, Ihre Karte zahlt {card}.",
  "giftCard.full": "Vollständig mit Ihrem Gutschein bezahlt: {amount}.",
};

export default de;
