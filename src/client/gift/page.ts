import { bodyData } from "../shared/page-data";

/**
 * What the server put on <body> for the gift-card form (src/routes/pages/gift.tsx); what every sale
 * page carries (slug, Stripe.js, the bot check) is read by the shared flow (src/client/sale/shop.ts).
 */
export const giftPage = {
  currency: bodyData("currency"),
  /** Today and the last day a delivery may be chosen, business-local YYYY-MM-DD. */
  today: bodyData("today"),
  lastDay: bodyData("last-day"),
  /** The business's range of amounts, minor units. */
  min: Number(bodyData("min")),
  max: Number(bodyData("max")),
};
