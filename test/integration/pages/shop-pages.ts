import { expect } from "vitest";
import { get } from "../../helpers/api";
import { createTenant, type TenantOverrides, uniq } from "../../helpers/factories";

// The pages that sell online (design.md §32: /gift and /packages) as the server renders them, open
// or with nothing on sale; each test file brings its own business and its own words.

type ShopPath = "/gift" | "/packages";

/** A business in EUR whose connected Stripe account can charge, as a shop needs to sell online. */
export const shopBusiness = (businessName: string, extra: TenantOverrides = {}) =>
  createTenant({ businessName, currency: "EUR", stripeAccountId: `acct_${uniq()}`, stripeChargesEnabled: true, ...extra });

/** The shop answers 200 with each of `texts`, allows Stripe's hosts for its payment, and the booking page links to it. */
export async function expectShopOpen(path: ShopPath, slug: string, texts: string[]) {
  const res = await get(`${path}?slug=${slug}`);
  expect(res.status).toBe(200);
  for (const text of texts) expect(res.text).toContain(text);
  expect(res.headers.get("Content-Security-Policy")).toContain("https://js.stripe.com");
  const book = await get(`/book?slug=${slug}`);
  expect(book.text).toContain(`href="${path}?slug=${slug}&amp;lang=en"`);
}

/** The shop answers `status`, says `says` with a link back to booking, loads nothing of Stripe, and the booking page does not link to it. */
export async function expectShopClosed(path: ShopPath, slug: string, status: number, says: string) {
  const res = await get(`${path}?slug=${slug}`);
  expect(res.status).toBe(status);
  expect(res.text).toContain(says);
  expect(res.text).toContain(`href="/book?slug=${slug}&amp;lang=en"`);
  expect(res.headers.get("Content-Security-Policy")).not.toContain("stripe");
  expect((await get(`/book?slug=${slug}`)).text).not.toContain(`${path}?slug=`);
}
