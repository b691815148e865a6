import type { CatalogOf } from "../messages";
import type en from "./en";

/** The booking e-mails in French (vous). */
const fr: CatalogOf<typeof en> = {
  "layout.openLink": "Ou ouvrez ce lien :",
  "footer.customer":
    "Envoyé au nom de {business}. Conservez votre code de confirmation : il vous sera demandé pour modifier la réservation.",
  "footer.notice": "Vous recevez cet e-mail en tant qu'adresse de notification de {business} ou que membre de l'équipe réservé.",
  "when.range": "{start}\u2013{end} (heure de {timezone})",
  "when.at": "{date} (heure de {timezone})",
  "item.when": "{time} avec {staff}",
  "row.service": "Prestation",
  "row.with": "Avec",
  "row.when": "Quand",
  "row.where": "Où",
  "row.code": "Code de confirmation",
  "row.was": "Auparavant",
  "row.wasWith": "{when} avec {staff}",
  "row.reason": "Motif",
  "row.customer": "Client",
  "row.email": "E-mail",
  "row.phone": "Téléphone",
  "row.notes": "Remarques",
  "calendar.invite": "Le fichier de calendrier joint (invite.ics) ajoute le rendez-vous à votre agenda ou l'y met à jour.",
  "calendar.cancel": "Le fichier de calendrier joint (cancel.ics) retire le rendez-vous de votre agenda.",
  "confirmed.subject": "Réservation confirmée : {service} chez {business}",
  "confirmed.heading": "Votre réservation est confirmée",
  "confirmed.intro": "Bonjour {name}, votre réservation chez {business} est confirmée.",
  "confirmed.button": "Gérer ou annuler votre réservation",
  "rescheduled.subject": "Réservation déplacée : {service} chez {business}",
  "rescheduled.heading": "Votre réservation a un nouvel horaire",
  "rescheduled.intro": "Bonjour {name}, votre réservation chez {business} a un nouvel horaire.",
  "rescheduled.button": "Gérer votre réservation",
  "cancelled.subject": "Réservation annulée : {service} chez {business}",
  "cancelled.heading": "Votre réservation est annulée",
  "cancelled.intro": "Bonjour {name}, votre réservation chez {business} pour {service} le {date} (heure de {timezone}) a été annulée.",
  "cancelled.button": "Voir votre réservation",
  "reminder.subject": "Rappel : {service} chez {business}, {date}",
  "reminder.headingTomorrow": "Votre rendez-vous est demain",
  "reminder.headingDays": "Votre rendez-vous est dans {days, plural, one {# jour} other {# jours}}",
  "reminder.headingHours": "Votre rendez-vous est dans {hours, plural, one {# heure} other {# heures}}",
  "reminder.intro": "Bonjour {name}, nous vous rappelons votre rendez-vous chez {business}.",
  "reminder.button": "Déplacer ou annuler votre réservation",
  "reminder.cantMake":
    "Vous ne pouvez pas venir ? Merci de déplacer ou d'annuler la réservation afin que quelqu'un d'autre puisse profiter de ce créneau.",
  "notice.created.subject": "Nouvelle réservation : {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.created.heading": "Nouvelle réservation",
  "notice.rescheduled.subject": "Réservation déplacée : {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.rescheduled.heading": "Une réservation a été déplacée",
  "notice.cancelled.subject": "Réservation annulée : {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.cancelled.heading": "Une réservation a été annulée",
  "ics.summary": "{service} avec {staff} chez {business}",
  "ics.item": "{time} : {service} avec {staff}",
  "ics.code": "Code de confirmation : {code}",
  "ics.manage": "Gérer votre réservation : {url}",
  "greeting.named": "Bonjour {name},",
  "greeting.anonymous": "Bonjour,",
  "footer.business": "Envoyé de la part de {business}.",
  "waitlist.joined.subject": "Vous êtes sur la liste d’attente de {business}",
  "waitlist.joined.intro":
    "Vous êtes sur la liste d’attente de {business} pour {service}, {count, plural, one {sur ce créneau} other {sur ces # créneaux}} :",
  "waitlist.joined.window": "{start}–{end}",
  "waitlist.joined.how":
    "Dès qu’un de ces créneaux se libère, nous vous envoyons par e-mail un lien pour le réserver. Le premier à réserver l’obtient.",
  "waitlist.joined.leave": "Pour quitter la liste d’attente : {url}",
  "waitlist.joined.footer": "Conservez cet e-mail : son lien vous permet de quitter la liste d’attente.",
  "waitlist.offer.subject": "Un créneau est libre chez {business} : {when}",
  "waitlist.offer.intro": "Un créneau que vous avez demandé est libre : {service} avec {staff}, {when}.",
  "waitlist.offer.book": "Réservez-le ici : {url}",
  "waitlist.offer.others":
    "Nous avons aussi prévenu quelques autres personnes de la liste d’attente ; le premier à réserver l’obtient. S’il est déjà pris, vous restez sur la liste d’attente.",
  "waitlist.offer.footer":
    "Vous recevez cet e-mail parce que vous êtes inscrit(e) sur la liste d’attente. Le lien de votre e-mail de confirmation vous permet de la quitter.",
  "payment.reference": "Référence : {code}",
  "payment.late.subject": "Votre paiement à {business} va être remboursé",
  "payment.late.intro":
    "Votre paiement de {amount} pour {service} le {date} ({timezone}) nous est parvenu après l’expiration du délai de paiement, et le créneau a été libéré pour d’autres clients.",
  "payment.late.refund":
    "Nous remboursons l’intégralité des {amount} sur votre carte. Selon votre banque, le remboursement peut mettre 5 à 10 jours à apparaître.",
  "payment.late.again": "N’hésitez pas à réserver de nouveau.",
  "payment.fee.subject":
    "{business} a prélevé des frais {fee, select, no_show {de non-présentation} other {d’annulation tardive}} de {amount}",
  "payment.fee.noShow": "Vous ne vous êtes pas présenté(e) à votre rendez-vous pour {service} le {date} ({timezone}).",
  "payment.fee.late":
    "Vous avez annulé votre rendez-vous pour {service} du {date} ({timezone}) plus tard que ne le permettent les conditions d’annulation.",
  "payment.fee.charged":
    "Comme convenu lors de la réservation, {business} a prélevé les frais de {amount} sur la carte que vous avez enregistrée.",
  "payment.cancel.refund":
    "Nous remboursons {amount} sur votre carte. Selon votre banque, le remboursement peut mettre 5 à 10 jours à apparaître.",
  "payment.cancel.kept":
    "La réservation ayant été annulée dans le délai d’annulation, les {amount} que vous avez payés sont conservés.{hasPolicy, select, yes { Les conditions d’annulation indiquent : « {policy} »} other {}}",
  "payment.cancel.lateFee":
    "Des frais d’annulation tardive de {amount} seront prélevés sur votre carte enregistrée le {date}, sauf si l’établissement y renonce.",
  "gift.recipient.subject": "Une carte cadeau pour {business}",
  "gift.recipient.intro":
    "{hasBuyer, select, yes {{buyer} vous offre} other {Vous avez reçu}} une carte cadeau de {amount} pour {business}.",
  "gift.recipient.message": "« {message} »",
  "gift.recipient.code": "Votre code : {code}",
  "gift.recipient.use":
    "Saisissez-le lors de votre réservation ({url}) ; le prix d’une réservation est d’abord déduit de la carte. {expires, select, yes {Elle est valable jusqu’au {expiry}.} other {Elle est valable jusqu’à épuisement du solde.}}",
  "gift.recipient.safe": "Gardez ce code en lieu sûr : toute personne qui le possède peut utiliser la carte.",
  "gift.receipt.subject": "Votre carte cadeau pour {business}",
  "gift.receipt.thanks": "Merci : votre paiement de {amount} pour une carte cadeau de {business} a bien été effectué.",
  "gift.receipt.delivery":
    "La carte (se terminant par {last4}) sera envoyée à {recipient} ({email}) {today, select, yes {aujourd’hui} other {le {delivery}}}. {expires, select, yes {Elle est valable jusqu’au {expiry}.} other {Elle est valable jusqu’à épuisement du solde.}}",
  "gift.receipt.receipt": "Cet e-mail vaut reçu.",
  "reset.subject": "Réinitialisez votre mot de passe",
  "reset.customer":
    "Quelqu’un a demandé la réinitialisation du mot de passe de votre compte de réservation. Si c’est vous, utilisez ce lien dans un délai de {minutes, plural, one {# minute} other {# minutes}} :",
  "reset.member":
    "Quelqu’un a demandé la réinitialisation du mot de passe que vous utilisez pour gérer votre établissement sur la plateforme de réservation. Si c’est vous, utilisez ce lien dans un délai de {minutes, plural, one {# minute} other {# minutes}} :",
  "reset.notYou": "Si ce n’est pas vous, ignorez cet e-mail ; votre mot de passe reste inchangé.",
  "reset.footer": "Ce lien ne peut être utilisé qu’une seule fois.",
  "package.subject": "Votre forfait chez {business}",
  "package.paid": "Merci : votre paiement de {amount} pour « {package} » a bien été effectué. Cet e-mail vaut reçu.",
  "package.issued": "{business} vous a attribué le forfait « {package} ».",
  "package.code": "Votre code de forfait : {code}",
  "package.use":
    "Il comprend {sessions, plural, one {# séance} other {# séances}}. Saisissez le code lors de votre réservation ({url}) : une séance règle la réservation. {expires, select, yes {Il est valable jusqu’au {expiry}.} other {Il est valable jusqu’à épuisement des séances.}}",
  "package.safe": "Gardez ce code en lieu sûr : toute personne qui le possède peut utiliser les séances.",
};

export default fr;
