import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountNl: CatalogOf<typeof accountEn> = {
  "account.signedIn": "Ingelogd als {name} ({email})",
  "account.signOut": "Uitloggen",
  "account.createButton": "Account aanmaken",
  "account.haveOne": "Heeft u al een account?",
  "account.working": "Een moment…",
  "account.wrongPassword": "Het e-mailadres of het wachtwoord klopt niet. Controleer ze en probeer het opnieuw.",
  "account.tooMany": "Te veel inlogpogingen vanaf hier. Wacht een minuut en probeer het dan opnieuw.",
  "account.emailTaken": "Er bestaat al een account met dit e-mailadres. Log daarmee in.",
  "account.fill": "Vul uw e-mailadres en wachtwoord in.",
  "account.fillCreate": "Vul uw voornaam, e-mailadres en een wachtwoord in.",
  "account.shortPassword": "Kies een wachtwoord van minstens 8 tekens.",
  "account.badEmail": "Vul een geldig e-mailadres in.",
  "account.failed": "Dat lukte nu niet. Probeer het zo nog eens.",
  "account.offline": "U lijkt offline te zijn. Controleer uw verbinding en probeer het opnieuw.",
  "account.ended": "Uw sessie is verlopen. Log opnieuw in.",
  "account.usePackage": "Een behandeling uit mijn pakket gebruiken ({name}, {credits, plural, one {nog #} other {nog #}})",
  "account.signInToBook":
    "Dit bedrijf neemt alleen boekingen aan van klanten met een account. Log hierboven in of maak een account aan en bevestig daarna.",
  "account.packageKept":
    "Uw pakketcode is onderweg naar {email} en uw account bewaart het pakket: als u ingelogd boekt, kunt u met een behandeling uit het pakket betalen.",
};

export default accountNl;
