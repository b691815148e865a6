// The gift-card page's script (/assets/gift-<hash>.js, design.md §32): the form (amount, recipient,
// message, delivery day, buyer), then the sale pages' one flow (src/client/sale/shop.ts: purchase,
// Stripe's Payment Element, finished state). Every value is written as text; the words are the
// booking page's catalogs.
import { t } from "../booking/i18n";
import { startSaleShop } from "../sale/shop";
import type { GiftCardPurchased } from "../shared/api-types";
import { FIELD_OF_PATH, type GiftOrder, money, readOrder, whenValues, wireAmountChoice } from "./form";

wireAmountChoice();
startSaleShop<GiftOrder, GiftCardPurchased>({
  prefix: "gift",
  resource: "gift-cards",
  path: "/gift",
  fieldOfPath: FIELD_OF_PATH,
  readOrder,
  body: (order) => ({ ...order }),
  summary: (order) =>
    t("gift.summary", {
      amount: money(order.amount),
      name: order.recipient.name,
      email: order.recipient.email,
      ...whenValues(order.deliveryDate),
    }),
  done: (order) => t("gift.done", { name: order.recipient.name, email: order.buyer.email, ...whenValues(order.deliveryDate) }),
  doneReturn: () => t("gift.doneReturn"),
  notSold: () => t("gift.notSold"),
});
