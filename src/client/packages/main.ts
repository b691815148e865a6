// The package shop's script (/assets/packages-<hash>.js, design.md §32): the chosen package and the
// buyer, then the sale pages' one flow (src/client/sale/shop.ts: purchase, payment step, finished
// state; the code is e-mailed once Stripe confirms). Every value is written as text.
import { formatMoney } from "../../shared/format";
import { pageLocale, t } from "../booking/i18n";
import { fieldError, inputValue, requiredProblems, showProblems } from "../sale/form";
import { startSaleShop } from "../sale/shop";
import type { PackagePurchased } from "../shared/api-types";
import { byId, queryAll } from "../shared/dom";

/** Field ids by the API's field paths, so a server refusal lands next to its field. */
const FIELD_OF_PATH: Record<string, string> = { packageId: "package", "buyer.name": "buyer-name", "buyer.email": "buyer-email" };

type Order = { choice: HTMLInputElement; buyer: { name: string; email: string } };

/** The order when every field is right; otherwise null, with each problem shown and the first one focused. */
function readOrder(): Order | null {
  for (const id of Object.values(FIELD_OF_PATH)) fieldError(id, null);
  const radios = queryAll<HTMLInputElement>('input[name="package"]');
  const choice = radios.find((r) => r.checked);
  const problems: [string, string][] = choice ? [] : [["package", t("packages.chooseOne")]];
  problems.push(...requiredProblems(["buyer-name", "buyer-email"]));
  if (showProblems(problems, (id) => (id === "package" ? radios[0] : byId(id)))) return null;
  return choice ? { choice, buyer: { name: inputValue("buyer-name"), email: inputValue("buyer-email") } } : null;
}

startSaleShop<Order, PackagePurchased>({
  prefix: "package",
  resource: "packages",
  path: "/packages",
  fieldOfPath: FIELD_OF_PATH,
  readOrder,
  body: (order) => ({ packageId: order.choice.value, buyer: order.buyer }),
  summary: (order, bought) => {
    const { name, sessions, currency } = order.choice.dataset;
    const price = formatMoney(bought.payment.amount, currency ?? bought.payment.currency.toUpperCase(), pageLocale());
    return t("packages.summary", { name: name ?? "", sessions: Number(sessions), price });
  },
  done: (order) => t("packages.done", { email: order.buyer.email }),
  doneReturn: () => t("packages.doneReturn"),
  notSold: () => t("packages.notSold"),
});
