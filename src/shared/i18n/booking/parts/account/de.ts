import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountDe: CatalogOf<typeof accountEn> = {
  "account.label": "Ihr Kundenkonto",
  "account.have": "Sie haben ein Kundenkonto?",
  "account.havePackage": "Sie haben ein Kundenkonto? Melden Sie sich an, dann bewahrt Ihr Konto das Paket für Ihre Buchungen auf.",
  "account.required":
    "{business} nimmt Online-Buchungen nur von Kundinnen und Kunden mit Konto an. Bitte melden Sie sich an oder legen Sie ein Konto an, um zu buchen.",
  "account.signIn": "Anmelden",
  "account.email": "E-Mail-Adresse",
  "account.password": "Passwort",
  "account.firstName": "Vorname",
  "account.passwordHint": "Mindestens 8 Zeichen.",
  "account.newHere": "Neu hier?",
  "account.create": "Konto anlegen",
};

export default accountDe;
