import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountFr: CatalogOf<typeof accountEn> = {
  "account.label": "Votre compte",
  "account.have": "Vous avez un compte ?",
  "account.havePackage": "Vous avez un compte ? Connectez-vous : votre compte conservera le forfait pour vos réservations.",
  "account.required":
    "{business} accepte les réservations en ligne des clients ayant un compte. Veuillez vous connecter ou créer un compte pour réserver.",
  "account.signIn": "Se connecter",
  "account.email": "Adresse e-mail",
  "account.password": "Mot de passe",
  "account.firstName": "Prénom",
  "account.passwordHint": "Au moins 8 caractères.",
  "account.newHere": "Nouveau client ?",
  "account.create": "Créer un compte",
};

export default accountFr;
