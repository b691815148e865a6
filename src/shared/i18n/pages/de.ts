import type { CatalogOf } from "../messages";
import type en from "./en";

const de: CatalogOf<typeof en> = {
  "page.skip": "Zum Inhalt springen",
  "reset.chooseYour": "Wählen Sie Ihr Passwort",
  "reset.chooseNew": "Wählen Sie ein neues Passwort",
  "reset.inviteIntro": "Wählen Sie das Passwort, mit dem Sie sich anmelden.",
  "reset.resetIntro": "Geben Sie ein neues Passwort für Ihr Konto ein. Alle damit angemeldeten Geräte werden abgemeldet.",
  "reset.correct": "Bitte korrigieren Sie die Felder unten.",
  "reset.newPassword": "Neues Passwort",
  "reset.hint": "Mindestens 8 Zeichen.",
  "reset.repeat": "Neues Passwort wiederholen",
  "reset.save": "Passwort speichern",
  "reset.passwordProblem":
    "{problem, select, short {Das Passwort muss mindestens 8 Zeichen haben} long {Das Passwort darf höchstens 256 Zeichen haben} other {Bitte geben Sie ein Passwort ein}}",
  "reset.mismatch": "Die beiden Passwörter stimmen nicht überein",
  "reset.invalidTitle": "Link ungültig",
  "reset.incompleteHeading": "Dieser Link ist unvollständig",
  "reset.expiredHeading": "Dieser Link funktioniert nicht mehr",
  "reset.incomplete": "In der Adresse fehlt der Code. Öffnen Sie den Link aus Ihrer E-Mail bitte noch einmal vollständig.",
  "reset.expired":
    "Der Link ist ungültig, wurde schon verwendet oder ist abgelaufen (Links zum Zurücksetzen gelten eine Stunde, Einladungen sieben Tage).",
  "reset.askNew":
    "Fordern Sie auf der Anmeldeseite einen neuen Link an („Passwort vergessen?“) oder bitten Sie das Unternehmen, das Sie eingeladen hat, Sie erneut hinzuzufügen.",
  "reset.home": "Zur Startseite",
  "reset.savedTitle": "Passwort gespeichert",
  "reset.savedHeading": "Ihr Passwort ist gespeichert",
  "reset.inviteDone": "Ihr Konto ist bereit. Melden Sie sich mit Ihrer E-Mail-Adresse und diesem Passwort an.",
  "reset.resetDone": "Melden Sie sich mit Ihrem neuen Passwort an. Angemeldete Geräte wurden abgemeldet.",
  "short.tooManyTitle": "Zu viele Versuche",
  "short.tooMany": "Von hier wurden zu viele Buchungslinks geöffnet, die es nicht gibt. Bitte versuchen Sie es später erneut.",
  "short.notFoundTitle": "Buchung nicht gefunden",
  "short.notFound": "Dieser Link gehört zu keiner Buchung. Bitte prüfen Sie den Link in Ihrer SMS.",
};

export default de;
