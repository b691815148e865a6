import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountFr: CatalogOf<typeof accountEn> = {
  "account.signedIn": "Compte connecté : {name} ({email})",
  "account.signOut": "Se déconnecter",
  "account.createButton": "Créer le compte",
  "account.haveOne": "Vous avez déjà un compte ?",
  "account.working": "Un instant…",
  "account.wrongPassword": "L’adresse e-mail ou le mot de passe est incorrect. Veuillez les vérifier et réessayer.",
  "account.tooMany": "Trop de tentatives de connexion depuis cet appareil. Veuillez patienter une minute, puis réessayer.",
  "account.emailTaken": "Un compte existe déjà avec cette adresse e-mail. Veuillez plutôt vous connecter.",
  "account.fill": "Veuillez saisir votre adresse e-mail et votre mot de passe.",
  "account.fillCreate": "Veuillez saisir votre prénom, votre adresse e-mail et un mot de passe.",
  "account.shortPassword": "Veuillez choisir un mot de passe d’au moins 8 caractères.",
  "account.badEmail": "Veuillez saisir une adresse e-mail valide.",
  "account.failed": "Cela n’a pas fonctionné. Veuillez réessayer dans un instant.",
  "account.offline": "Vous semblez hors ligne. Veuillez vérifier votre connexion et réessayer.",
  "account.ended": "Votre session a expiré. Veuillez vous reconnecter.",
  "account.usePackage": "Utiliser une séance de mon forfait ({name}, {credits, plural, one {# restante} other {# restantes}})",
  "account.signInToBook":
    "Cet établissement n’accepte que les réservations des clients ayant un compte. Veuillez vous connecter ou créer un compte ci-dessus, puis confirmer.",
  "account.packageKept":
    "Le code de votre forfait est en route vers {email}, et votre compte conserve le forfait : en réservant depuis votre compte, vous pourrez régler avec l’une de ses séances.",
};

export default accountFr;
