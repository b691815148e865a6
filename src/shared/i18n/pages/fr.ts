import type { CatalogOf } from "../messages";
import type en from "./en";

const fr: CatalogOf<typeof en> = {
  "page.skip": "Aller au contenu",
  "reset.chooseYour": "Choisissez votre mot de passe",
  "reset.chooseNew": "Choisissez un nouveau mot de passe",
  "reset.inviteIntro": "Choisissez le mot de passe avec lequel vous vous connecterez.",
  "reset.resetIntro": "Saisissez un nouveau mot de passe pour votre compte. Tous les appareils connectés à ce compte seront déconnectés.",
  "reset.correct": "Veuillez corriger les champs ci-dessous.",
  "reset.newPassword": "Nouveau mot de passe",
  "reset.hint": "Au moins 8 caractères.",
  "reset.repeat": "Répétez le nouveau mot de passe",
  "reset.save": "Enregistrer le mot de passe",
  "reset.passwordProblem":
    "{problem, select, short {Le mot de passe doit comporter au moins 8 caractères} long {Le mot de passe peut comporter au plus 256 caractères} other {Saisissez un mot de passe}}",
  "reset.mismatch": "Les deux mots de passe ne sont pas identiques",
  "reset.invalidTitle": "Lien non valide",
  "reset.incompleteHeading": "Ce lien est incomplet",
  "reset.expiredHeading": "Ce lien ne fonctionne plus",
  "reset.incomplete": "Il manque le code dans l’adresse. Ouvrez à nouveau le lien complet depuis votre e-mail.",
  "reset.expired":
    "Le lien n’est pas valide, a déjà été utilisé ou a expiré (les liens de réinitialisation durent une heure, les invitations sept jours).",
  "reset.askNew":
    "Demandez un nouveau lien depuis la page de connexion (« Mot de passe oublié ? ») ou demandez à l’établissement qui vous a invité de vous ajouter à nouveau.",
  "reset.home": "Aller à la page d’accueil",
  "reset.savedTitle": "Mot de passe enregistré",
  "reset.savedHeading": "Votre mot de passe est enregistré",
  "reset.inviteDone": "Votre compte est prêt. Connectez-vous avec votre adresse e-mail et ce mot de passe.",
  "reset.resetDone": "Connectez-vous avec votre nouveau mot de passe. Les appareils qui étaient connectés ont été déconnectés.",
  "short.tooManyTitle": "Trop de tentatives",
  "short.tooMany": "Trop de liens de réservation inexistants ont été ouverts depuis cet appareil. Veuillez réessayer plus tard.",
  "short.notFoundTitle": "Réservation introuvable",
  "short.notFound": "Ce lien ne correspond à aucune réservation. Vérifiez le lien de votre SMS.",
};

export default fr;
