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
  "error.offline": "Impossible de joindre le service de réservation. Vérifiez votre connexion et réessayez.",
  "error.busy": "Trop de demandes en ce moment. Patientez quelques minutes et réessayez.",
  "error.closed": "Cet établissement ne prend pas de réservations en ligne pour le moment. Veuillez réessayer plus tard.",
  "error.server": "Un problème est survenu de notre côté. Veuillez réessayer.",
  "error.retry":
    "Beaucoup de personnes réservent en ce moment. Nouvel essai automatique dans {seconds, plural, one {# seconde} other {# secondes}}.",
  "waitlist.captchaLoad": "La vérification anti-robot n’a pas pu se charger. Rechargez la page ou contactez l’établissement.",
  "common.remove": "Retirer",
  "waitlist.date": "Date",
  "waitlist.from": "De",
  "waitlist.to": "À",
  "waitlist.removeTime": "Retirer le créneau {n}",
  "waitlist.intro":
    "{withStaff, select, yes {Rien n’est libre pour {service} avec {staff} le {date}.} other {Rien n’est libre pour {service} le {date}.}} Dites-nous quand vous pourriez venir.",
  "waitlist.joined":
    "Vous êtes sur la liste d’attente. Nous avons envoyé à {email} le lien pour la quitter ; quand l’un de vos créneaux se libère, nous vous envoyons par e-mail un lien pour le réserver.",
  "waitlist.captchaFailed": "La vérification anti-robot a échoué. Effectuez-la à nouveau, puis inscrivez-vous.",
  "waitlist.conflict":
    "Vous êtes déjà sur la liste d’attente pour cette prestation. L’e-mail que nous vous avons envoyé contient le lien pour la quitter.",
  "waitlist.joinFor": "S’inscrire sur la liste d’attente du {date}",
  "waitlist.status":
    "{status, select, waiting {Vous êtes sur la liste d’attente. Quand l’un de ces créneaux se libère, nous vous envoyons par e-mail un lien pour le réserver.} booked {Vous avez réservé l’un de ces créneaux : vous n’êtes plus sur la liste d’attente.} left {Vous avez quitté la liste d’attente.} other {Tous ces créneaux sont passés : vous n’êtes plus sur la liste d’attente.}}",
  "waitlist.anyone": "N’importe qui",
  "waitlist.rowTimes": "Créneaux",
  "waitlist.window": "{date}, {start}–{end}",
  "waitlist.notFound": "Nous n’avons pas trouvé cette inscription sur la liste d’attente. Le lien est peut-être incomplet.",
  "waitlist.offerTaken":
    "Désolés, {time} le {date} a été pris. Vous restez sur la liste d’attente ; choisissez un autre horaire ou attendez la prochaine proposition.",
  "ask.offer":
    "{shape, select, staffDay {{service} avec {staff} le {date}} staff {{service} avec {staff}} day {{service} le {date}} other {{service}}}",
  "ask.showTimes": "Voir les horaires du {date}",
  "ask.chooseService": "Choisir {service}",
  "ask.choiceLabel": "{action} : {offer}",
  "ask.slotLabel": "{time} avec {staff}, {date} : remplir le formulaire de réservation pour {service}",
  "ask.slotSummary": "{service} avec {staff}, {date} à {time}",
  "ask.failed": "L’assistant n’a pas pu répondre pour l’instant. Réessayez ou choisissez un horaire avec le formulaire ci-dessous.",
  "ask.busy": "Beaucoup de personnes posent des questions en ce moment. Patientez quelques minutes et réessayez.",
  "ask.offline": "Impossible de joindre l’assistant. Vérifiez votre connexion et réessayez.",
  "ask.tooLong": "Écrivez votre demande en {max} caractères au maximum, puis renvoyez-la.",
  "ask.tooMany": "Cette conversation est devenue trop longue. Commencez-en une nouvelle pour poser une autre question.",
  "ask.unreadable": "L’assistant n’a pas compris cette demande. Reformulez-la et réessayez.",
  "ask.who": "{role, select, user {Vous} other {Assistant}}",
  "ask.suggestions": "Suggestions : {offer}",
  "ask.finishFirst": "Terminez d’abord la réservation en cours ci-dessous.",
  "ask.filling": "Remplissage du formulaire de réservation…",
  "ask.filled": "Formulaire de réservation rempli : {summary}. Ajoutez vos coordonnées ci-dessous pour réserver.",
  "ask.serviceGone": "Cette prestation ne peut plus être réservée en ligne. Choisissez-en une dans le formulaire ci-dessous.",
  "ask.taken": "Cet horaire vient d’être pris. Le formulaire ci-dessous montre les horaires encore libres.",
  "ask.showFree": "Le formulaire ci-dessous montre les horaires libres. Choisissez-en un pour continuer.",
  "ask.empty": "Écrivez d’abord ce que vous souhaitez réserver.",
  "ask.asking": "Envoi…",
  "ask.looking": "Recherche de créneaux libres…",
  "pay.deposit": "Acompte de {amount} sur {price}",
  "pay.full": "Paiement de {amount}",
  "pay.cardOnly": "Rien n’est débité maintenant : votre carte est enregistrée pour les frais ci-dessous.",
  "pay.deadline": "{date}, {time} (heure de {timezone})",
  "pay.refundRule":
    "{kind, select, deposit {Annulez avant le {deadline} et l’acompte vous est intégralement remboursé. Si vous annulez plus tard, l’acompte est conservé.} other {Annulez avant le {deadline} et le paiement vous est intégralement remboursé. Si vous annulez plus tard, le paiement est conservé.}}",
  "pay.saved": "Votre carte est enregistrée auprès de l’établissement pour cette réservation.",
  "pay.noShowFee": "Si vous ne venez pas, {percent} du prix ({fee}) sera débité sur cette carte.",
  "pay.lateFee":
    "Si vous annulez après le {deadline}, {percent} du prix ({fee}) sera débité 24 heures plus tard, sauf si l’établissement y renonce.",
  "pay.depositCounts": "Un acompte versé est déduit des frais.",
  "pay.payAmount": "Payer {amount}",
  "pay.saveCard": "Enregistrer la carte et réserver",
  "pay.loading": "Chargement du formulaire de paiement…",
  "pay.timeLeft": "Temps restant pour payer : {time}",
  "pay.oneMinute": "Plus qu’une minute pour payer.",
  "pay.processing": "Traitement de votre paiement…",
  "pay.failed": "Le paiement n’a pas abouti. Veuillez réessayer.",
  "pay.unavailable": "Le paiement en ligne n’est pas disponible pour cet établissement pour le moment. Contactez-le pour réserver.",
  "pay.formFailed":
    "Le formulaire de paiement n’a pas pu se charger. Vérifiez votre connexion et rechargez la page ; votre créneau reste réservé.",
  "pay.received": "Paiement reçu. Confirmation de votre réservation…",
  "pay.tooLate":
    "Le paiement est arrivé après la fin du délai de paiement : la réservation n’a pas pu être conservée. Il vous sera intégralement remboursé.",
  "pay.finishing": "Votre paiement a abouti. Nous finalisons votre réservation ; un e-mail de confirmation va suivre.",
  "visit.removeLabel": "Retirer {service} (prestation {n} de la visite)",
  "visit.removed": "{service} a été retiré de la visite.",
  "visit.chooseFirst": "Choisissez d’abord la prestation à ajouter.",
  "visit.addedNote":
    "{service} a été ajouté comme prestation {n} de la visite.{full, select, yes { Une visite peut compter jusqu’à {max} prestations.} other {}}",
  "visit.itemLine": "{service} avec {staff}, {start}–{end}",
  "visit.total": "Total : {amount}",
};

export default fr;
