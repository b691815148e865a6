import type { CatalogOf } from "../messages";
import type en from "./en";

const nl: CatalogOf<typeof en> = {
  "page.skip": "Naar de inhoud",
  "reset.chooseYour": "Kies uw wachtwoord",
  "reset.chooseNew": "Kies een nieuw wachtwoord",
  "reset.inviteIntro": "Kies het wachtwoord waarmee u inlogt.",
  "reset.resetIntro": "Voer een nieuw wachtwoord voor uw account in. Alle apparaten die ermee zijn ingelogd, worden uitgelogd.",
  "reset.correct": "Verbeter de velden hieronder.",
  "reset.newPassword": "Nieuw wachtwoord",
  "reset.hint": "Minimaal 8 tekens.",
  "reset.repeat": "Herhaal het nieuwe wachtwoord",
  "reset.save": "Wachtwoord opslaan",
  "reset.passwordProblem":
    "{problem, select, short {Het wachtwoord moet minimaal 8 tekens hebben} long {Het wachtwoord mag maximaal 256 tekens hebben} other {Vul een wachtwoord in}}",
  "reset.mismatch": "De twee wachtwoorden zijn niet gelijk",
  "reset.invalidTitle": "Link ongeldig",
  "reset.incompleteHeading": "Deze link is onvolledig",
  "reset.expiredHeading": "Deze link werkt niet meer",
  "reset.incomplete": "In het adres ontbreekt de code. Open de link uit uw e-mail opnieuw, volledig.",
  "reset.expired": "De link is ongeldig, al gebruikt of verlopen (resetlinks zijn een uur geldig, uitnodigingen zeven dagen).",
  "reset.askNew":
    "Vraag een nieuwe link aan op de inlogpagina (‘Wachtwoord vergeten?’), of vraag het bedrijf dat u uitnodigde om u opnieuw toe te voegen.",
  "reset.home": "Naar de startpagina",
  "reset.savedTitle": "Wachtwoord opgeslagen",
  "reset.savedHeading": "Uw wachtwoord is opgeslagen",
  "reset.inviteDone": "Uw account is klaar. Log in met uw e-mailadres en dit wachtwoord.",
  "reset.resetDone": "Log in met uw nieuwe wachtwoord. Apparaten die waren ingelogd, zijn uitgelogd.",
  "short.tooManyTitle": "Te veel pogingen",
  "short.tooMany": "Vanaf hier zijn te veel boekingslinks geopend die niet bestaan. Probeer het later opnieuw.",
  "short.notFoundTitle": "Boeking niet gevonden",
  "short.notFound": "Deze link hoort bij geen enkele boeking. Controleer de link in uw sms.",
};

export default nl;
