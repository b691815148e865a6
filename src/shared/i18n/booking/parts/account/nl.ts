import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountNl: CatalogOf<typeof accountEn> = {
  "account.label": "Uw account",
  "account.have": "Heeft u een account?",
  "account.havePackage": "Heeft u een account? Log in, dan bewaart uw account het pakket voor uw boekingen.",
  "account.required":
    "{business} neemt online boekingen alleen aan van klanten met een account. Log in of maak een account aan om te boeken.",
  "account.signIn": "Inloggen",
  "account.email": "E-mailadres",
  "account.password": "Wachtwoord",
  "account.firstName": "Voornaam",
  "account.passwordHint": "Minstens 8 tekens.",
  "account.newHere": "Nieuw hier?",
  "account.create": "Account aanmaken",
};

export default accountNl;
