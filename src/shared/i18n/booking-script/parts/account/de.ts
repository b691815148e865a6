import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountDe: CatalogOf<typeof accountEn> = {
  "account.signedIn": "Angemeldet als {name} ({email})",
  "account.signOut": "Abmelden",
  "account.createButton": "Konto anlegen",
  "account.haveOne": "Sie haben schon ein Kundenkonto?",
  "account.working": "Einen Moment…",
  "account.wrongPassword": "E-Mail-Adresse oder Passwort stimmen nicht. Bitte prüfen Sie beides und versuchen Sie es erneut.",
  "account.tooMany": "Zu viele Anmeldeversuche von hier. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.",
  "account.emailTaken": "Zu dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich stattdessen an.",
  "account.fill": "Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.",
  "account.fillCreate": "Bitte geben Sie Ihren Vornamen, Ihre E-Mail-Adresse und ein Passwort ein.",
  "account.shortPassword": "Bitte wählen Sie ein Passwort mit mindestens 8 Zeichen.",
  "account.badEmail": "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
  "account.failed": "Das hat gerade nicht geklappt. Bitte versuchen Sie es gleich noch einmal.",
  "account.offline": "Sie scheinen offline zu sein. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  "account.ended": "Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
  "account.usePackage": "Einen Termin aus meinem Paket nutzen ({name}, {credits, plural, one {noch # Termin} other {noch # Termine}})",
  "account.signInToBook":
    "Dieses Geschäft nimmt Buchungen nur von Kundinnen und Kunden mit Konto an. Bitte melden Sie sich oben an oder legen Sie ein Konto an, und bestätigen Sie dann.",
  "account.packageKept":
    "Ihr Paket-Code ist unterwegs an {email}, und Ihr Konto bewahrt das Paket auf: Wenn Sie angemeldet buchen, können Sie mit einem Termin daraus bezahlen.",
};

export default accountDe;
