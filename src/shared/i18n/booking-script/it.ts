import type { CatalogOf } from "../messages";
import type en from "./en";

const it: CatalogOf<typeof en> = {
  "slot.label": "{time} con {staff}",
  "summary.slot": "{service} con {staff}, {when}",
  "summary.when": "{date}, {start}–{end} (fuso {timezone})",
  "manage.rowCode": "Codice",
  "manage.rowBusiness": "Attività",
  "manage.rowServices": "Servizi",
  "manage.rowService": "Servizio",
  "manage.rowWith": "Con",
  "manage.rowWhen": "Quando",
  "manage.rowStatus": "Stato",
  "manage.enterCode": "Inserisca il codice di conferma ricevuto via e-mail.",
  "manage.notFound": "Non abbiamo trovato prenotazioni con questo codice. Controlli il codice e riprovi.",
  "manage.payExpired": "Il tempo per pagare questa prenotazione è scaduto. La preghiamo di prenotare di nuovo.",
  "manage.moved": "La Sua prenotazione è stata spostata al {date}, {time}.",
  "manage.notReschedulable": "Questa prenotazione non può più essere spostata.",
  "manage.cannotMoveNow": "Al momento questa prenotazione non può essere spostata online.",
  "manage.confirmCancel": "Annullare questa prenotazione? L'operazione non può essere annullata.",
  "manage.alreadyCancelled": "Questa prenotazione era già annullata.",
  "manage.cancelled": "La Sua prenotazione è stata annullata.",
  "manage.notCancellable": "Questa prenotazione non può più essere annullata.",
  "client.booking": "Prenotazione in corso…",
  "client.captchaLoad": "Non è stato possibile caricare la verifica anti-robot. Ricarichi la pagina o contatti l'attività per prenotare.",
  "client.chooseTimeFirst": "Scelga prima un orario.",
  "client.phoneForTexts": "Inserisca il numero di cellulare per gli SMS oppure tolga la spunta da «Inviatemi SMS su questa prenotazione».",
  "client.captchaFirst": "Completi prima la verifica anti-robot.",
  "client.slotTaken": "Ci dispiace, questo orario è appena stato prenotato.",
  "client.slotTakenAt": "Ci dispiace, le {time} del {date} sono appena state prenotate da un'altra persona. Scelga un altro orario.",
  "client.paymentStart": "Non è stato possibile avviare il pagamento, quindi non è stato prenotato nulla. Riprovi tra un momento.",
  "client.captchaFailed": "La verifica anti-robot non è stata superata. La ripeta, poi confermi.",
  "client.tooManyHolds": "Al momento ci sono troppe prenotazioni in attesa di pagamento da qui. Riprovi tra qualche minuto.",
  "client.guestDisabled": "Questa attività accetta solo prenotazioni da clienti con un account. Contatti l'attività per prenotare.",
  "calendar.loadingDays": "Caricamento dei giorni liberi…",
  "calendar.daysError": "Non è stato possibile caricare i giorni liberi.",
  "slots.loading": "Caricamento degli orari disponibili…",
  "slots.searching": "Ricerca della prima data con orari liberi…",
  "day.times": "{count, plural, one {# orario libero} other {# orari liberi}} il {date}.",
  "day.first": "La prima data con orari liberi è {date} ({count, plural, one {# orario libero} other {# orari liberi}}).",
  "day.labelPast": "{date}, non prenotabile",
  "day.labelTimes": "{date}, {count, plural, one {# orario libero} other {# orari liberi}}",
  "day.labelNone": "{date}, nessun orario libero",
  "manage.status":
    "{status, select, confirmed {Confermata} pending {In attesa} cancelled {Annullata} completed {Completata} no_show {Mancata presentazione} other {{status}}}",
  "manage.cannotMoveVisit":
    "{visit, select, yes {Questa visita non può essere spostata} other {Questo servizio non può essere spostato}} online. Contatti l'attività.",
  "day.next":
    "Non ci sono più orari liberi il {chosen}. Ecco la prossima data con orari liberi: {date} ({count, plural, one {# orario libero} other {# orari liberi}}).",
  "day.none":
    "Nessun orario libero dal {chosen} al {through}. Provi un altro servizio o un altro membro dello staff, oppure contatti l'attività.",
  "day.visitNext":
    "Il {chosen} non c'è posto per {services, plural, =2 {entrambi i} other {tutti i #}} servizi. Ecco la prossima data in cui c'è posto: {date} ({count, plural, one {# orario libero} other {# orari liberi}}).",
  "day.visitNone":
    "Dal {chosen} al {through} non c'è posto per {services, plural, =2 {entrambi i} other {tutti i #}} servizi. Provi con meno servizi o un altro membro dello staff, oppure contatti l'attività.",
  "texts.hintRegion":
    "Per gli SMS, un numero di cellulare. Lo leggiamo come numero di {region}, a meno che non inizi con + e il prefisso internazionale; un numero che non riusciamo a leggere non riceve SMS.",
  "texts.hint":
    "Per gli SMS, un numero di cellulare che inizi con + e il prefisso internazionale; un numero che non riusciamo a leggere non riceve SMS.",
  "texts.consent": "Inviatemi SMS su questa prenotazione",
  "texts.consentHint":
    "La conferma, ogni modifica e i promemoria, inviati al numero indicato sopra. Risponda STOP in qualsiasi momento per non ricevere più SMS.",
  "pay.heading": "Paghi per confermare la prenotazione",
  "pay.agree": "Accetto questi costi e che la mia carta venga salvata per addebitarli.",
  "pay.button": "Paga",
  "pay.expired": "Il tempo per pagare è scaduto e questo orario è stato liberato per altri clienti. Non è stato addebitato nulla.",
  "pay.restart": "Scegli di nuovo un orario",
};

export default it;
