import type { SmsLocale } from "./keywords";

/**
 * The words of every text in each language (design.md §27, §30), written the way a salon in that
 * market texts its clients (usted, Sie, vous, Lei, u). Each text follows "<business name>: " and
 * fills in the date, time and link whole; nothing is concatenated from pieces of sentences.
 * Each one stays within 2 segments with the name left out (test/unit/domain/sms/templates.test.ts);
 * the caller shortens the name first.
 */

export type SmsTemplate =
  | "confirmation"
  | "reminder"
  | "moved"
  | "cancelled"
  | "waitlist_offer"
  | "reply_confirmed"
  | "reply_cancelled"
  | "reply_unchanged"
  | "reply_no_booking"
  | "help";

/** `date` with the year ("Wed 12 Mar 2031"), `day` without (a reminder is at most a week ahead). */
export type Parts = { date: string; day: string; time: string; link: string; yes: string; no: string; money: string };
/** A text after the "<business name>: " it opens with (dropped, and the text capitalised, when no name fits). */
export type SmsCatalog = Record<SmsTemplate, (p: Parts) => string>;

/** " <money line>" when there is one. */
const money = (p: Parts) => (p.money ? ` ${p.money}` : "");

const EN: SmsCatalog = {
  confirmation: (p) => `your booking on ${p.date} at ${p.time} is confirmed. Manage it: ${p.link}`,
  reminder: (p) => `reminder, ${p.day} at ${p.time}. ${p.link} Reply ${p.yes} to confirm or ${p.no} to cancel.`,
  moved: (p) => `your booking is moved to ${p.date} at ${p.time}. Manage it: ${p.link}`,
  cancelled: (p) => `your booking on ${p.date} at ${p.time} is cancelled. Details: ${p.link}`,
  waitlist_offer: (p) => `a time you asked for is free: ${p.date} at ${p.time}. Book it here: ${p.link}`,
  reply_confirmed: (p) => `thank you, your booking on ${p.date} at ${p.time} is confirmed.`,
  reply_cancelled: (p) => `your booking on ${p.date} at ${p.time} is cancelled as you asked.${money(p)}`,
  reply_unchanged: (p) => `your booking on ${p.date} at ${p.time} can no longer be changed by text. Details: ${p.link}`,
  reply_no_booking: () => "no appointment is waiting for your answer. Manage bookings with the link in our texts. STOP: no more texts.",
  help: (p) =>
    `reply ${p.yes} or ${p.no} to our last reminder to confirm or cancel, STOP for no more texts. Manage bookings with the link in our texts.`,
};

const ES: SmsCatalog = {
  confirmation: (p) => `su cita del ${p.date} a las ${p.time} está confirmada. Gestiónela: ${p.link}`,
  reminder: (p) => `le recordamos su cita el ${p.day} a las ${p.time}. ${p.link} Responda ${p.yes} para confirmar o ${p.no} para cancelar.`,
  moved: (p) => `su cita se ha cambiado al ${p.date} a las ${p.time}. Gestiónela: ${p.link}`,
  cancelled: (p) => `su cita del ${p.date} a las ${p.time} está cancelada. Detalles: ${p.link}`,
  waitlist_offer: (p) => `hay una hora libre que pidió: ${p.date} a las ${p.time}. Resérvela aquí: ${p.link}`,
  reply_confirmed: (p) => `gracias, su cita del ${p.date} a las ${p.time} está confirmada.`,
  reply_cancelled: (p) => `su cita del ${p.date} a las ${p.time} se ha cancelado como pidió.${money(p)}`,
  reply_unchanged: (p) => `su cita del ${p.date} a las ${p.time} ya no se puede cambiar por SMS. Detalles: ${p.link}`,
  reply_no_booking: () =>
    "no hay ninguna cita pendiente de respuesta. Gestione sus citas con el enlace de nuestros SMS. STOP: no recibir más SMS.",
  help: (p) =>
    `responda ${p.yes} o ${p.no} al último recordatorio para confirmar o cancelar; STOP para no recibir más SMS. Sus citas: enlace en los SMS.`,
};

const DE: SmsCatalog = {
  confirmation: (p) => `Ihr Termin am ${p.date} um ${p.time} ist bestätigt. Verwalten: ${p.link}`,
  reminder: (p) =>
    `Erinnerung an Ihren Termin am ${p.day} um ${p.time}. ${p.link} Antworten Sie ${p.yes} zum Bestätigen oder ${p.no} zum Absagen.`,
  moved: (p) => `Ihr Termin wurde auf ${p.date} um ${p.time} verschoben. Verwalten: ${p.link}`,
  cancelled: (p) => `Ihr Termin am ${p.date} um ${p.time} ist storniert. Details: ${p.link}`,
  waitlist_offer: (p) => `ein gewünschter Termin ist frei: ${p.date} um ${p.time}. Hier buchen: ${p.link}`,
  reply_confirmed: (p) => `danke, Ihr Termin am ${p.date} um ${p.time} ist bestätigt.`,
  reply_cancelled: (p) => `Ihr Termin am ${p.date} um ${p.time} ist wie gewünscht storniert.${money(p)}`,
  reply_unchanged: (p) => `Ihr Termin am ${p.date} um ${p.time} kann nicht mehr per SMS geändert werden. Details: ${p.link}`,
  reply_no_booking: () => "kein Termin wartet auf Ihre Antwort. Termine verwalten Sie über den Link in unseren SMS. STOP: keine SMS mehr.",
  help: (p) =>
    `antworten Sie auf unsere letzte Erinnerung mit ${p.yes} oder ${p.no}, um zu bestätigen oder abzusagen, STOP für keine SMS mehr. Termine: Link in unseren SMS.`,
};

const FR: SmsCatalog = {
  confirmation: (p) => `votre rendez-vous du ${p.date} à ${p.time} est confirmé. Le gérer : ${p.link}`,
  reminder: (p) =>
    `rappel de votre rendez-vous le ${p.day} à ${p.time}. ${p.link} Répondez ${p.yes} pour confirmer ou ${p.no} pour annuler.`,
  moved: (p) => `votre rendez-vous est déplacé au ${p.date} à ${p.time}. Le gérer : ${p.link}`,
  cancelled: (p) => `votre rendez-vous du ${p.date} à ${p.time} est annulé. Détails : ${p.link}`,
  waitlist_offer: (p) => `un créneau demandé est libre : ${p.date} à ${p.time}. Réservez ici : ${p.link}`,
  reply_confirmed: (p) => `merci, votre rendez-vous du ${p.date} à ${p.time} est confirmé.`,
  reply_cancelled: (p) => `votre rendez-vous du ${p.date} à ${p.time} est annulé comme demandé.${money(p)}`,
  reply_unchanged: (p) => `votre rendez-vous du ${p.date} à ${p.time} ne peut plus être modifié par SMS. Détails : ${p.link}`,
  reply_no_booking: () => "aucun rendez-vous n'attend votre réponse. Gérez vos rendez-vous avec le lien de nos SMS. STOP : plus de SMS.",
  help: (p) =>
    `répondez ${p.yes} ou ${p.no} à notre dernier rappel pour confirmer ou annuler, STOP pour ne plus recevoir de SMS. Vos rendez-vous : lien dans nos SMS.`,
};

const PT_BR: SmsCatalog = {
  confirmation: (p) => `seu horário em ${p.date} às ${p.time} está confirmado. Gerencie: ${p.link}`,
  reminder: (p) => `lembrete: ${p.day} às ${p.time}. ${p.link} Responda ${p.yes} para confirmar ou ${p.no} para cancelar.`,
  moved: (p) => `seu horário foi remarcado para ${p.date} às ${p.time}. Gerencie: ${p.link}`,
  cancelled: (p) => `seu horário em ${p.date} às ${p.time} foi cancelado. Detalhes: ${p.link}`,
  waitlist_offer: (p) => `um horário que você pediu está livre: ${p.date} às ${p.time}. Agende aqui: ${p.link}`,
  reply_confirmed: (p) => `obrigado, seu horário em ${p.date} às ${p.time} está confirmado.`,
  reply_cancelled: (p) => `seu horário em ${p.date} às ${p.time} foi cancelado como pedido.${money(p)}`,
  reply_unchanged: (p) => `seu horário em ${p.date} às ${p.time} não pode mais ser alterado por SMS. Detalhes: ${p.link}`,
  reply_no_booking: () => "nenhum horário aguarda sua resposta. Gerencie seus horários pelo link dos nossos SMS. STOP: parar os SMS.",
  help: (p) =>
    `responda ${p.yes} ou ${p.no} ao nosso último lembrete para confirmar ou cancelar, STOP para parar os SMS. Seus horários: link nos nossos SMS.`,
};

const IT: SmsCatalog = {
  confirmation: (p) => `il Suo appuntamento del ${p.date} alle ${p.time} è confermato. Gestisca qui: ${p.link}`,
  reminder: (p) => `promemoria: appuntamento ${p.day} alle ${p.time}. ${p.link} Risponda ${p.yes} per confermare o ${p.no} per annullare.`,
  moved: (p) => `il Suo appuntamento è spostato al ${p.date} alle ${p.time}. Dettagli: ${p.link}`,
  cancelled: (p) => `il Suo appuntamento del ${p.date} alle ${p.time} è annullato. Dettagli: ${p.link}`,
  waitlist_offer: (p) => `si è liberato un orario richiesto: ${p.date} alle ${p.time}. Prenoti qui: ${p.link}`,
  reply_confirmed: (p) => `grazie, il Suo appuntamento del ${p.date} alle ${p.time} è confermato.`,
  reply_cancelled: (p) => `il Suo appuntamento del ${p.date} alle ${p.time} è annullato come richiesto.${money(p)}`,
  reply_unchanged: (p) => `il Suo appuntamento del ${p.date} alle ${p.time} non si può più modificare via SMS. Dettagli: ${p.link}`,
  reply_no_booking: () =>
    "nessun appuntamento attende la Sua risposta. Gestisca gli appuntamenti con il link nei nostri SMS. STOP: niente più SMS.",
  help: (p) =>
    `risponda ${p.yes} o ${p.no} al nostro ultimo promemoria per confermare o annullare, STOP per non ricevere più SMS. Appuntamenti: link nei nostri SMS.`,
};

const NL: SmsCatalog = {
  confirmation: (p) => `uw afspraak op ${p.date} om ${p.time} is bevestigd. Beheren: ${p.link}`,
  reminder: (p) =>
    `herinnering aan uw afspraak op ${p.day} om ${p.time}. ${p.link} Antwoord ${p.yes} om te bevestigen of ${p.no} om te annuleren.`,
  moved: (p) => `uw afspraak is verzet naar ${p.date} om ${p.time}. Beheren: ${p.link}`,
  cancelled: (p) => `uw afspraak op ${p.date} om ${p.time} is geannuleerd. Details: ${p.link}`,
  waitlist_offer: (p) => `een gevraagde tijd is vrij: ${p.date} om ${p.time}. Hier boeken: ${p.link}`,
  reply_confirmed: (p) => `dank u, uw afspraak op ${p.date} om ${p.time} is bevestigd.`,
  reply_cancelled: (p) => `uw afspraak op ${p.date} om ${p.time} is geannuleerd zoals gevraagd.${money(p)}`,
  reply_unchanged: (p) => `uw afspraak op ${p.date} om ${p.time} kan niet meer per sms worden gewijzigd. Details: ${p.link}`,
  reply_no_booking: () => "er wacht geen afspraak op uw antwoord. Beheer afspraken met de link in onze sms'jes. STOP: geen sms'jes meer.",
  help: (p) =>
    `antwoord ${p.yes} of ${p.no} op onze laatste herinnering om te bevestigen of te annuleren, STOP voor geen sms'jes meer. Afspraken: link in onze sms'jes.`,
};

export const SMS_TEXTS: Record<SmsLocale, SmsCatalog> = { en: EN, es: ES, fr: FR, de: DE, "pt-BR": PT_BR, it: IT, nl: NL };
