import type { CatalogOf } from "../messages";
import type en from "./en";

/** The booking e-mails in Italian (Lei). */
const it: CatalogOf<typeof en> = {
  "layout.openLink": "Oppure apra questo link:",
  "footer.customer": "Inviato per conto di {business}. Conservi il codice di conferma: Le servirà per modificare la prenotazione.",
  "footer.notice": "Riceve questa e-mail come indirizzo per le notifiche di {business} o come membro dello staff prenotato.",
  "when.range": "{start}\u2013{end} (fuso {timezone})",
  "when.at": "{date} (fuso {timezone})",
  "item.when": "{time} con {staff}",
  "row.service": "Servizio",
  "row.with": "Con",
  "row.when": "Quando",
  "row.where": "Dove",
  "row.code": "Codice di conferma",
  "row.was": "Prima",
  "row.wasWith": "{when} con {staff}",
  "row.reason": "Motivo",
  "row.customer": "Cliente",
  "row.email": "E-mail",
  "row.phone": "Telefono",
  "row.notes": "Note",
  "calendar.invite": "Il file di calendario allegato (invite.ics) aggiunge l'appuntamento al Suo calendario o lo aggiorna.",
  "calendar.cancel": "Il file di calendario allegato (cancel.ics) rimuove l'appuntamento dal Suo calendario.",
  "confirmed.subject": "Prenotazione confermata: {service} da {business}",
  "confirmed.heading": "La Sua prenotazione è confermata",
  "confirmed.intro": "Gentile {name}, la Sua prenotazione da {business} è confermata.",
  "confirmed.button": "Gestisca o annulli la prenotazione",
  "rescheduled.subject": "Prenotazione spostata: {service} da {business}",
  "rescheduled.heading": "La Sua prenotazione ha un nuovo orario",
  "rescheduled.intro": "Gentile {name}, la Sua prenotazione da {business} ha un nuovo orario.",
  "rescheduled.button": "Gestisca la prenotazione",
  "cancelled.subject": "Prenotazione annullata: {service} da {business}",
  "cancelled.heading": "La Sua prenotazione è annullata",
  "cancelled.intro": "Gentile {name}, la Sua prenotazione da {business} per {service} del {date} (fuso {timezone}) è stata annullata.",
  "cancelled.button": "Visualizzi la prenotazione",
  "reminder.subject": "Promemoria: {service} da {business}, {date}",
  "reminder.headingTomorrow": "Il Suo appuntamento è domani",
  "reminder.headingDays": "Il Suo appuntamento è tra {days, plural, one {# giorno} other {# giorni}}",
  "reminder.headingHours": "Il Suo appuntamento è tra {hours, plural, one {# ora} other {# ore}}",
  "reminder.intro": "Gentile {name}, Le ricordiamo il Suo appuntamento da {business}.",
  "reminder.button": "Sposti o annulli la prenotazione",
  "reminder.cantMake": "Non può venire? La preghiamo di spostare o annullare la prenotazione, così qualcun altro potrà usare l'orario.",
  "notice.created.subject": "Nuova prenotazione: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.created.heading": "Nuova prenotazione",
  "notice.rescheduled.subject": "Prenotazione spostata: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.rescheduled.heading": "Una prenotazione è stata spostata",
  "notice.cancelled.subject": "Prenotazione annullata: {hasCustomer, select, yes {{customer}, } other {}}{service}, {date}",
  "notice.cancelled.heading": "Una prenotazione è stata annullata",
  "ics.summary": "{service} con {staff} da {business}",
  "ics.item": "{time}: {service} con {staff}",
  "ics.code": "Codice di conferma: {code}",
  "ics.manage": "Gestisca la prenotazione: {url}",
  "greeting.named": "Gentile {name},",
  "greeting.anonymous": "Buongiorno,",
  "footer.business": "Inviato per conto di {business}.",
  "waitlist.joined.subject": "È in lista d’attesa da {business}",
  "waitlist.joined.intro":
    "È in lista d’attesa da {business} per {service} {count, plural, one {in questo orario} other {in questi # orari}}:",
  "waitlist.joined.window": "{start}–{end}",
  "waitlist.joined.how":
    "Quando uno di questi orari si libera, Le inviamo via e-mail un link per prenotarlo. Lo ottiene chi prenota per primo.",
  "waitlist.joined.leave": "Per uscire dalla lista d’attesa: {url}",
  "waitlist.joined.footer": "Conservi questa e-mail: il suo link Le permette di uscire dalla lista d’attesa.",
  "waitlist.offer.subject": "Si è liberato un orario da {business}: {when}",
  "waitlist.offer.intro": "Si è liberato un orario che aveva richiesto: {service} con {staff}, {when}.",
  "waitlist.offer.book": "Prenoti qui: {url}",
  "waitlist.offer.others":
    "Abbiamo avvisato anche alcune altre persone in lista d’attesa; lo ottiene chi prenota per primo. Se è già stato preso, Lei resta in lista d’attesa.",
  "waitlist.offer.footer":
    "Riceve questa e-mail perché è in lista d’attesa. Il link nell’e-mail di conferma della lista d’attesa Le permette di uscirne.",
  "payment.reference": "Riferimento: {code}",
  "payment.late.subject": "Il Suo pagamento a {business} viene rimborsato",
  "payment.late.intro":
    "Il Suo pagamento di {amount} per {service} del {date} ({timezone}) ci è arrivato dopo la scadenza del termine per pagare, e l’orario è stato liberato per altri clienti.",
  "payment.late.refund":
    "Le rimborsiamo l’intero importo di {amount} sulla carta. A seconda della banca, possono servire da 5 a 10 giorni perché compaia.",
  "payment.late.again": "Può prenotare di nuovo quando vuole.",
  "payment.fee.subject":
    "{business} ha addebitato una penale {fee, select, no_show {per mancata presentazione} other {per cancellazione tardiva}} di {amount}",
  "payment.fee.noShow": "Non ha partecipato all’appuntamento per {service} del {date} ({timezone}).",
  "payment.fee.late":
    "Ha annullato l’appuntamento per {service} del {date} ({timezone}) oltre il termine previsto dalle condizioni di cancellazione.",
  "payment.fee.charged":
    "Come concordato al momento della prenotazione, {business} ha addebitato la penale di {amount} sulla carta che ha salvato.",
  "payment.cancel.refund": "Le rimborsiamo {amount} sulla carta. A seconda della banca, possono servire da 5 a 10 giorni perché compaia.",
  "payment.cancel.kept":
    "Poiché la prenotazione è stata annullata entro il periodo di cancellazione, l’importo di {amount} che ha pagato viene trattenuto.{hasPolicy, select, yes { Le condizioni di cancellazione dicono: «{policy}»} other {}}",
  "payment.cancel.lateFee":
    "Una penale per cancellazione tardiva di {amount} sarà addebitata sulla carta salvata il {date}, a meno che l’attività non vi rinunci.",
  "gift.recipient.subject": "Una carta regalo per {business}",
  "gift.recipient.intro":
    "{hasBuyer, select, yes {{buyer} Le ha inviato} other {Ha ricevuto}} una carta regalo di {amount} per {business}.",
  "gift.recipient.message": "«{message}»",
  "gift.recipient.code": "Il Suo codice: {code}",
  "gift.recipient.use":
    "Lo inserisca al momento della prenotazione ({url}); il costo di una prenotazione viene scalato prima dalla carta. {expires, select, yes {Può essere usata fino al {expiry}.} other {Può essere usata fino a esaurimento del credito.}}",
  "gift.recipient.safe": "Conservi questo codice con cura: chiunque lo abbia può spendere la carta.",
  "gift.receipt.subject": "La Sua carta regalo per {business}",
  "gift.receipt.thanks": "Grazie: il Suo pagamento di {amount} per una carta regalo di {business} è andato a buon fine.",
  "gift.receipt.delivery":
    "La carta (che termina con {last4}) sarà inviata a {recipient} ({email}) {today, select, yes {oggi} other {il {delivery}}}. {expires, select, yes {Può essere usata fino al {expiry}.} other {Può essere usata fino a esaurimento del credito.}}",
  "gift.receipt.receipt": "Questa e-mail è la Sua ricevuta.",
  "reset.subject": "Reimposti la password",
  "reset.customer":
    "Qualcuno ha chiesto di reimpostare la password del Suo account di prenotazione. Se la richiesta è Sua, usi questo link entro {minutes, plural, one {# minuto} other {# minuti}}:",
  "reset.member":
    "Qualcuno ha chiesto di reimpostare la password che usa per gestire la Sua attività sulla piattaforma di prenotazione. Se la richiesta è Sua, usi questo link entro {minutes, plural, one {# minuto} other {# minuti}}:",
  "reset.notYou": "Se non l’ha richiesta Lei, ignori questa e-mail; la password resta invariata.",
  "reset.footer": "Questo link può essere usato una sola volta.",
  "package.subject": "Il Suo pacchetto presso {business}",
  "package.paid": "Grazie: il Suo pagamento di {amount} per «{package}» è andato a buon fine. Questa e-mail è la Sua ricevuta.",
  "package.issued": "{business} Le ha emesso il pacchetto «{package}».",
  "package.code": "Il Suo codice pacchetto: {code}",
  "package.use":
    "Comprende {sessions, plural, one {# seduta} other {# sedute}}. Inserisca il codice quando prenota ({url}) e una seduta paga la prenotazione. {expires, select, yes {Può usarlo fino al {expiry}.} other {Può usarlo fino a esaurimento delle sedute.}}",
  "package.safe": "Conservi questo codice con cura: chiunque lo abbia può usare le sedute.",
};

export default it;
