import type { CatalogOf } from "../messages";
import type en from "./en";

const fr: CatalogOf<typeof en> = {
  "slot.label": "{time} avec {staff}",
  "summary.slot": "{service} avec {staff}, {when}",
  "summary.when": "{date}, {start}–{end} (heure de {timezone})",
  "manage.rowCode": "Code",
  "manage.rowBusiness": "Établissement",
  "manage.rowServices": "Prestations",
  "manage.rowService": "Prestation",
  "manage.rowWith": "Avec",
  "manage.rowWhen": "Quand",
  "manage.rowStatus": "Statut",
  "manage.enterCode": "Saisissez le code de confirmation reçu par e-mail.",
  "manage.notFound": "Aucune réservation ne correspond à ce code. Vérifiez le code et réessayez.",
  "manage.payExpired": "Le délai de paiement de cette réservation est écoulé. Veuillez réserver à nouveau.",
  "manage.moved": "Votre réservation a été déplacée au {date}, {time}.",
  "manage.notReschedulable": "Cette réservation ne peut plus être déplacée.",
  "manage.cannotMoveNow": "Cette réservation ne peut pas être déplacée en ligne pour le moment.",
  "manage.confirmCancel": "Annuler cette réservation ? Cette action est définitive.",
  "manage.alreadyCancelled": "Cette réservation était déjà annulée.",
  "manage.cancelled": "Votre réservation a été annulée.",
  "manage.notCancellable": "Cette réservation ne peut plus être annulée.",
  "client.booking": "Réservation en cours…",
  "client.chooseTimeFirst": "Veuillez d'abord choisir un horaire.",
  "client.phoneForTexts": "Indiquez le numéro de mobile pour les SMS ou décochez « M'envoyer des SMS sur cette réservation ».",
  "client.captchaFirst": "Veuillez d'abord effectuer la vérification anti-robot.",
  "client.slotTaken": "Désolés, ce créneau vient d'être pris.",
  "client.paymentStart": "Le paiement n'a pas pu démarrer, rien n'a donc été réservé. Veuillez réessayer dans un instant.",
  "client.captchaFailed": "La vérification anti-robot a échoué. Veuillez la refaire, puis confirmer.",
  "calendar.loadingDays": "Chargement des jours libres…",
  "calendar.daysError": "Les jours libres n'ont pas pu être chargés.",
  "slots.loading": "Chargement des horaires disponibles…",
  "slots.searching": "Recherche de la première date avec des créneaux libres…",
  "day.times": "{count, plural, one {# créneau libre} other {# créneaux libres}} le {date}.",
  "day.labelPast": "{date}, non réservable",
  "day.labelTimes": "{date}, {count, plural, one {# créneau libre} other {# créneaux libres}}",
  "day.labelNone": "{date}, aucun créneau libre",
  "manage.status":
    "{status, select, confirmed {Confirmée} pending {En attente} cancelled {Annulée} completed {Terminée} no_show {Absence} other {{status}}}",
  "manage.cannotMoveVisit":
    "{visit, select, yes {Cette visite} other {Cette prestation}} ne peut pas être déplacée en ligne. Veuillez contacter l'établissement.",
  "client.captchaLoad":
    "La vérification anti-robot n'a pas pu se charger. Veuillez recharger la page ou contacter l'établissement pour réserver.",
  "client.slotTakenAt":
    "Désolés, le créneau de {time} le {date} vient d'être réservé par quelqu'un d'autre. Veuillez choisir un autre horaire.",
  "client.tooManyHolds":
    "Trop de réservations attendent actuellement un paiement depuis cet endroit. Veuillez réessayer dans quelques minutes.",
  "client.guestDisabled":
    "Cet établissement n'accepte que les réservations de clients disposant d'un compte. Veuillez le contacter pour réserver.",
  "day.first":
    "La première date avec des créneaux libres est le {date} ({count, plural, one {# créneau libre} other {# créneaux libres}}).",
  "day.next":
    "Plus de créneaux libres le {chosen}. Voici la prochaine date avec des créneaux libres : {date} ({count, plural, one {# créneau libre} other {# créneaux libres}}).",
  "day.none":
    "Aucun créneau libre du {chosen} au {through}. Essayez une autre prestation ou une autre personne, ou contactez l'établissement.",
  "day.visitNext":
    "Le {chosen}, {services, plural, =2 {les deux} other {les #}} prestations ne tiennent pas. Voici la prochaine date où elles tiennent : {date} ({count, plural, one {# créneau libre} other {# créneaux libres}}).",
  "day.visitNone":
    "Du {chosen} au {through}, {services, plural, =2 {les deux} other {les #}} prestations ne tiennent pas. Essayez moins de prestations ou une autre personne, ou contactez l'établissement.",
  "texts.hintRegion":
    "Pour les SMS, un numéro de mobile. Nous le lisons comme un numéro de {region}, sauf s'il commence par + et un indicatif de pays ; un numéro illisible ne reçoit pas de SMS.",
  "texts.hint": "Pour les SMS, un numéro de mobile commençant par + et l'indicatif du pays ; un numéro illisible ne reçoit pas de SMS.",
  "texts.consent": "M'envoyer des SMS sur cette réservation",
  "texts.consentHint":
    "La confirmation, toute modification et les rappels, envoyés au numéro ci-dessus. Répondez STOP à tout moment pour ne plus recevoir de SMS.",
  "pay.heading": "Payez pour confirmer votre réservation",
  "pay.agree": "J'accepte ces frais et l'enregistrement de ma carte pour leur paiement.",
  "pay.button": "Payer",
  "pay.expired": "Le délai de paiement est écoulé et ce créneau a été libéré pour d'autres clients. Aucun montant n'a été débité.",
  "pay.restart": "Choisir à nouveau un horaire",
  "gift.pay": "Payer {amount}",
  "gift.summary": "Une carte cadeau de {amount} pour {name} ({email}), envoyée {when, select, today {aujourd’hui} other {le {date}}}.",
  "gift.done":
    "{name} recevra la carte cadeau par e-mail {when, select, today {aujourd’hui} other {le {date}}}. Votre reçu est en route vers {email}.",
  "gift.doneReturn": "Votre paiement est passé. La carte cadeau sera envoyée le jour choisi et votre reçu est en route.",
  "gift.loading": "Chargement du formulaire de paiement…",
  "gift.processing": "Paiement en cours…",
  "gift.payFailed": "Le paiement n’a pas abouti. Veuillez réessayer.",
  "gift.loadFailed": "Le formulaire de paiement n’a pas pu se charger. Vérifiez votre connexion et rechargez la page.",
  "gift.unavailable": "Le paiement en ligne n’est pas disponible pour cet établissement pour le moment. Rien n’a été débité.",
  "gift.chooseAmount": "Choisissez un montant.",
  "gift.amountRange": "Choisissez un montant entre {min} et {max}.",
  "gift.dateRange": "Choisissez un jour entre aujourd’hui et le {last}.",
  "gift.required": "Veuillez remplir ce champ.",
  "gift.emailInvalid": "Saisissez une adresse e-mail comme nom@exemple.fr.",
  "gift.notSold": "Cet établissement ne vend plus de cartes cadeaux en ligne. Rien n’a été débité.",
  "gift.failed": "Un problème est survenu de notre côté. Rien n’a été débité. Veuillez réessayer.",
  "gift.offline": "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  "gift.busy": "Trop de demandes en ce moment. Veuillez patienter quelques minutes puis réessayer.",
  "gift.returnFailed": "Le paiement n’a pas abouti, rien n’a donc été débité. Veuillez remplir à nouveau le formulaire.",
  "giftCard.unknown": "Aucune carte cadeau ne porte ce code. Vérifiez-le et réessayez.",
  "giftCard.expired": "Cette carte cadeau a expiré.",
  "giftCard.void": "Cette carte cadeau n’est plus valable.",
  "giftCard.empty": "Cette carte cadeau n’a plus de solde.",
  "giftCard.currency": "Cette carte cadeau est dans une autre devise et ne peut pas payer ici.",
  "giftCard.nothingDue": "Rien n’est payé à la réservation de cette prestation. Apportez votre carte cadeau au rendez-vous.",
  "giftCard.changed": "Le solde de cette carte cadeau vient de changer. Vérifiez-le et réessayez.",
  "giftCard.visit": "Une carte cadeau paie une seule prestation à la fois. Réservez les prestations une par une pour l’utiliser.",
  "giftCard.other": "Cette carte cadeau ne peut pas payer cette réservation.",
  "giftCard.split": "Votre carte cadeau paie {gift} ; votre carte bancaire paie {card}.",
  "giftCard.full": "Payé entièrement avec votre carte cadeau : {amount}.",
};

export default fr;
