import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountIt: CatalogOf<typeof accountEn> = {
  "account.label": "Il Suo account",
  "account.have": "Ha già un account?",
  "account.havePackage": "Ha già un account? Acceda e il Suo account conserverà il pacchetto per le Sue prenotazioni.",
  "account.required": "{business} accetta prenotazioni online solo da clienti con un account. Acceda o ne crei uno per prenotare.",
  "account.signIn": "Accedi",
  "account.email": "E-mail",
  "account.password": "Password",
  "account.firstName": "Nome",
  "account.passwordHint": "Almeno 8 caratteri.",
  "account.newHere": "È la prima volta?",
  "account.create": "Crea un account",
};

export default accountIt;
