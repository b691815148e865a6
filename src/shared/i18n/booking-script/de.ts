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
  "error.offline": "Der Buchungsdienst ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  "error.busy": "Gerade gibt es zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es erneut.",
  "error.closed": "Dieses Unternehmen nimmt gerade keine Online-Buchungen an. Bitte versuchen Sie es später erneut.",
  "error.server": "Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.",
  "error.retry": "Gerade buchen sehr viele. Wir versuchen es in {seconds, plural, one {# Sekunde} other {# Sekunden}} automatisch erneut.",
  "waitlist.captchaLoad":
    "Die Prüfung, dass Sie kein Roboter sind, konnte nicht geladen werden. Bitte laden Sie die Seite neu oder wenden Sie sich an das Unternehmen.",
  "common.remove": "Entfernen",
  "waitlist.date": "Datum",
  "waitlist.from": "Von",
  "waitlist.to": "Bis",
  "waitlist.removeTime": "Zeitraum {n} entfernen",
  "waitlist.intro":
    "{withStaff, select, yes {Am {date} ist für {service} bei {staff} nichts frei.} other {Am {date} ist für {service} nichts frei.}} Sagen Sie uns, wann Sie kommen könnten.",
  "waitlist.joined":
    "Sie stehen auf der Warteliste. Wir haben Ihnen an {email} den Link zum Verlassen geschickt; wird einer Ihrer Zeiträume frei, erhalten Sie per E-Mail einen Link zum Buchen.",
  "waitlist.captchaFailed":
    "Die Prüfung, dass Sie kein Roboter sind, war nicht erfolgreich. Bitte wiederholen Sie sie und tragen Sie sich dann ein.",
  "waitlist.conflict":
    "Sie stehen für diese Leistung bereits auf der Warteliste. In der E-Mail, die wir Ihnen geschickt haben, finden Sie den Link zum Verlassen.",
  "waitlist.joinFor": "Auf die Warteliste für {date}",
  "waitlist.status":
    "{status, select, waiting {Sie stehen auf der Warteliste. Wird einer dieser Zeiträume frei, erhalten Sie per E-Mail einen Link zum Buchen.} booked {Sie haben einen dieser Termine gebucht und stehen daher nicht mehr auf der Warteliste.} left {Sie haben die Warteliste verlassen.} other {Alle diese Zeiträume sind vorbei, daher stehen Sie nicht mehr auf der Warteliste.}}",
  "waitlist.anyone": "Beliebig",
  "waitlist.rowTimes": "Zeiten",
  "waitlist.window": "{date}, {start}–{end}",
  "waitlist.notFound": "Diesen Eintrag auf der Warteliste haben wir nicht gefunden. Vielleicht ist der Link unvollständig.",
  "waitlist.offerTaken":
    "Leider ist {date}, {time} schon vergeben. Sie bleiben auf der Warteliste; bitte wählen Sie eine andere Zeit oder warten Sie auf das nächste Angebot.",
  "ask.offer":
    "{shape, select, staffDay {{service} bei {staff} am {date}} staff {{service} bei {staff}} day {{service} am {date}} other {{service}}}",
  "ask.showTimes": "Zeiten am {date} zeigen",
  "ask.chooseService": "{service} wählen",
  "ask.choiceLabel": "{action}: {offer}",
  "ask.slotLabel": "{time} bei {staff}, {date}: Buchungsformular für {service} ausfüllen",
  "ask.slotSummary": "{service} bei {staff}, {date} um {time}",
  "ask.failed":
    "Der Assistent konnte gerade nicht antworten. Bitte versuchen Sie es erneut oder wählen Sie mit dem Formular unten eine Zeit.",
  "ask.busy": "Gerade fragen sehr viele. Bitte warten Sie einige Minuten und versuchen Sie es erneut.",
  "ask.offline": "Der Assistent ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  "ask.tooLong": "Bitte fassen Sie Ihre Anfrage in höchstens {max} Zeichen und senden Sie sie erneut.",
  "ask.tooMany": "Dieses Gespräch ist zu lang geworden. Beginnen Sie ein neues, um erneut zu fragen.",
  "ask.unreadable": "Der Assistent konnte diese Anfrage nicht verstehen. Bitte formulieren Sie sie anders und versuchen Sie es erneut.",
  "ask.who": "{role, select, user {Sie} other {Assistent}}",
  "ask.suggestions": "Vorschläge: {offer}",
  "ask.finishFirst": "Schließen Sie zuerst die angefangene Buchung unten ab.",
  "ask.filling": "Buchungsformular wird ausgefüllt…",
  "ask.filled": "Buchungsformular ausgefüllt: {summary}. Ergänzen Sie unten Ihre Angaben, um zu buchen.",
  "ask.serviceGone": "Diese Leistung kann nicht mehr online gebucht werden. Bitte wählen Sie im Formular unten eine aus.",
  "ask.taken": "Diese Zeit wurde gerade vergeben. Das Formular unten zeigt die noch freien Zeiten.",
  "ask.showFree": "Das Formular unten zeigt die freien Zeiten. Wählen Sie eine, um fortzufahren.",
  "ask.empty": "Bitte schreiben Sie zuerst, was Sie buchen möchten.",
  "ask.asking": "Wird gefragt…",
  "ask.looking": "Freie Zeiten werden gesucht…",
  "pay.deposit": "Anzahlung {amount} von {price}",
  "pay.full": "Zahlung {amount}",
  "pay.cardOnly": "Jetzt wird nichts abgebucht: Ihre Karte wird für die unten genannten Gebühren hinterlegt.",
  "pay.deadline": "{date}, {time} (Zeitzone {timezone})",
  "pay.refundRule":
    "{kind, select, deposit {Wenn Sie bis {deadline} stornieren, erstatten wir die Anzahlung vollständig. Bei einer späteren Stornierung wird die Anzahlung einbehalten.} other {Wenn Sie bis {deadline} stornieren, erstatten wir die Zahlung vollständig. Bei einer späteren Stornierung wird die Zahlung einbehalten.}}",
  "pay.saved": "Ihre Karte wird für diese Buchung beim Unternehmen hinterlegt.",
  "pay.noShowFee": "Wenn Sie nicht kommen, werden {percent} des Preises ({fee}) von dieser Karte abgebucht.",
  "pay.lateFee":
    "Wenn Sie nach {deadline} stornieren, werden {percent} des Preises ({fee}) 24 Stunden später abgebucht, sofern das Unternehmen nicht darauf verzichtet.",
  "pay.depositCounts": "Eine geleistete Anzahlung wird auf die Gebühr angerechnet.",
  "pay.payAmount": "{amount} bezahlen",
  "pay.saveCard": "Karte hinterlegen und buchen",
  "pay.loading": "Zahlungsformular wird geladen…",
  "pay.timeLeft": "Verbleibende Zeit zum Bezahlen: {time}",
  "pay.oneMinute": "Noch eine Minute zum Bezahlen.",
  "pay.processing": "Ihre Zahlung wird verarbeitet…",
  "pay.failed": "Die Zahlung ist nicht durchgegangen. Bitte versuchen Sie es erneut.",
  "pay.unavailable":
    "Online-Zahlung ist bei diesem Unternehmen gerade nicht möglich. Bitte wenden Sie sich zum Buchen direkt an das Unternehmen.",
  "pay.formFailed":
    "Das Zahlungsformular konnte nicht geladen werden. Prüfen Sie Ihre Verbindung und laden Sie die Seite neu; Ihre Zeit bleibt reserviert.",
  "pay.received": "Zahlung erhalten. Ihre Buchung wird bestätigt…",
  "pay.tooLate":
    "Die Zahlung kam nach Ablauf der Zahlungsfrist an, daher konnte die Buchung nicht gehalten werden. Sie wird vollständig erstattet.",
  "pay.finishing": "Ihre Zahlung ist eingegangen. Wir schließen Ihre Buchung ab; eine Bestätigung per E-Mail folgt in Kürze.",
  "visit.removeLabel": "{service} entfernen (Leistung {n} des Besuchs)",
  "visit.removed": "{service} wurde aus dem Besuch entfernt.",
  "visit.chooseFirst": "Wählen Sie zuerst die Leistung, die Sie hinzufügen möchten.",
  "visit.addedNote":
    "{service} wurde als Leistung {n} zum Besuch hinzugefügt.{full, select, yes { Ein Besuch kann bis zu {max} Leistungen umfassen.} other {}}",
  "visit.itemLine": "{service} bei {staff}, {start}–{end}",
  "visit.total": "Gesamt: {amount}",
};

export default de;
