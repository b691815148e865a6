import { bodyData } from "../shared/page-data";

/** What the server put on <body> for the gift-card page (src/routes/pages/gift.tsx). */
export const giftPage = {
  slug: bodyData("slug"),
  currency: bodyData("currency"),
  /** Today and the last day a delivery may be chosen, business-local YYYY-MM-DD. */
  today: bodyData("today"),
  lastDay: bodyData("last-day"),
  /** The business's range of amounts, minor units. */
  min: Number(bodyData("min")),
  max: Number(bodyData("max")),
  stripeJs: bodyData("stripe-js"),
  turnstileSiteKey: bodyData("turnstile-site-key"),
  turnstileJs: bodyData("turnstile-js"),
};
