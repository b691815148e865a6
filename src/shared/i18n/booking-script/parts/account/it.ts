import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountIt: CatalogOf<typeof accountEn> = {
  "account.signedIn": "Accesso effettuato come {name} ({email})",
  "account.signOut": "Esci",
  "account.createButton": "Crea account",
  "account.haveOne": "Ha già un account?",
  "account.working": "Un momento…",
  "account.wrongPassword": "L'e-mail o la password non sono corrette. Le controlli e riprovi.",
  "account.tooMany": "Troppi tentativi di accesso da qui. Attenda un minuto, poi riprovi.",
  "account.emailTaken": "Esiste già un account con questa e-mail. Acceda con quello.",
  "account.fill": "Inserisca la Sua e-mail e la password.",
  "account.fillCreate": "Inserisca il Suo nome, l'e-mail e una password.",
  "account.shortPassword": "Scelga una password di almeno 8 caratteri.",
  "account.badEmail": "Inserisca un indirizzo e-mail valido.",
  "account.failed": "Non ha funzionato. Riprovi tra un momento.",
  "account.offline": "Sembra che Lei sia offline. Controlli la connessione e riprovi.",
  "account.ended": "La Sua sessione è scaduta. Acceda di nuovo.",
  "account.usePackage": "Usa una seduta del mio pacchetto ({name}, {credits, plural, one {ne resta #} other {ne restano #}})",
  "account.signInToBook":
    "Questa attività accetta prenotazioni solo da clienti con un account. Acceda o crei un account qui sopra, poi confermi.",
  "account.packageKept":
    "Il codice del Suo pacchetto è in arrivo a {email} e il Suo account conserva il pacchetto: prenotando con il Suo account potrà pagare con una delle sue sedute.",
};

export default accountIt;
