import type { FC } from "hono/jsx";

/**
 * The price of the chosen time before "Confirm booking" (issue #43): the listed price, what the promo
 * code takes off, what the gift card covers and what is due at booking or paid at the business, as
 * POST /api/public/:slug/quote answers it. The lines are written by the script
 * (src/client/booking/price-quote.ts); the heading is the page's.
 */
export const PriceQuote: FC<{ heading: string }> = ({ heading }) => (
  <section id="price-quote" class="price-quote" aria-labelledby="price-quote-heading" hidden>
    <h3 id="price-quote-heading">{heading}</h3>
    <dl id="price-lines" class="price-lines" aria-live="polite"></dl>
    <p id="price-note" class="muted small" hidden></p>
  </section>
);

/**
 * The "Apply" beside a code's field: asks for the price with the code, its refusal shown beside the
 * field. `name` says which code (two such buttons on one form) and contains the visible word.
 */
export const ApplyCode: FC<{ field: string; label: string; name: string }> = ({ field, label, name }) => (
  <button type="button" id={`${field}-apply`} class="apply-code" aria-label={name}>
    {label}
  </button>
);
