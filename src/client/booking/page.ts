import { bodyData } from "../shared/page-data";

/** What the server put on <body> for this booking page (see src/routes/pages/booking.tsx). */
export const page = {
  slug: bodyData("slug"),
  timezone: bodyData("timezone"),
  currency: bodyData("currency"),
  /** Today in the business's zone, YYYY-MM-DD. */
  today: bodyData("today"),
  source: bodyData("source") === "widget" ? ("widget" as const) : ("online" as const),
  /** First day of the calendar's weeks: 0 = Sunday, 1 = Monday. */
  weekStart: bodyData("week-start") === "0" ? 0 : 1,
  /** Where Stripe.js is loaded from, only on the payment step (STRIPE_JS_URL). */
  stripeJs: bodyData("stripe-js"),
  /** Bot protection (design.md §31): Turnstile's site key and script, "" when the business has it off. */
  turnstileSiteKey: bodyData("turnstile-site-key"),
  turnstileJs: bodyData("turnstile-js"),
  /** A confirmation code from the e-mails' manage link (`?code=`), already checked by the server; "" = none. */
  code: bodyData("code"),
};

export const enc = encodeURIComponent;
export const publicPath = (rest: string) => `/api/public/${enc(page.slug)}${rest}`;
