import type { CatalogOf } from "../messages";
import type en from "./en";

const it: CatalogOf<typeof en> = {
  "page.skip": "Vai al contenuto",
  "reset.chooseYour": "Scelga la Sua password",
  "reset.chooseNew": "Scelga una nuova password",
  "reset.inviteIntro": "Scelga la password con cui accederà.",
  "reset.resetIntro": "Inserisca una nuova password per il Suo account. Tutti i dispositivi collegati verranno disconnessi.",
  "reset.correct": "Corregga i campi qui sotto.",
  "reset.newPassword": "Nuova password",
  "reset.hint": "Almeno 8 caratteri.",
  "reset.repeat": "Ripeta la nuova password",
  "reset.save": "Salva la password",
  "reset.passwordProblem":
    "{problem, select, short {La password deve avere almeno 8 caratteri} long {La password può avere al massimo 256 caratteri} other {Inserisca una password}}",
  "reset.mismatch": "Le due password non coincidono",
  "reset.invalidTitle": "Link non valido",
  "reset.incompleteHeading": "Questo link è incompleto",
  "reset.expiredHeading": "Questo link non funziona più",
  "reset.incomplete": "Nell’indirizzo manca il codice. Riapra il link completo dalla Sua e-mail.",
  "reset.expired":
    "Il link non è valido, è già stato usato o è scaduto (i link di reimpostazione valgono un’ora, gli inviti sette giorni).",
  "reset.askNew":
    "Chieda un nuovo link dalla pagina di accesso («Password dimenticata?») oppure chieda all’attività che L’ha invitata di aggiungerLa di nuovo.",
  "reset.home": "Vai alla pagina iniziale",
  "reset.savedTitle": "Password salvata",
  "reset.savedHeading": "La Sua password è stata salvata",
  "reset.inviteDone": "Il Suo account è pronto. Acceda con il Suo indirizzo e-mail e questa password.",
  "reset.resetDone": "Acceda con la nuova password. I dispositivi che erano collegati sono stati disconnessi.",
  "short.tooManyTitle": "Troppi tentativi",
  "short.tooMany": "Da qui sono stati aperti troppi link di prenotazione inesistenti. Riprovi più tardi.",
  "short.notFoundTitle": "Prenotazione non trovata",
  "short.notFound": "Questo link non corrisponde a nessuna prenotazione. Controlli il link nel Suo SMS.",
};

export default it;
