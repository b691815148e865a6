import { type CheckoutPlan, type CheckoutTenant, type StepDemand, visitCheckoutPlan } from "../payments/checkout";
import type { PrepaidAtCreate, PrepaidReads } from "./prepaid-at-create";

/**
 * The price of a public booking or visit (design.md §21, §26, §28, §32), read-only: the promo code
 * lowers the items it covers, the amount due (deposit or full, with Stripe's minimum) is worked out
 * on the lowered prices, a package pays the items it covers and a gift card takes what is then due
 * first. The public create and visit create decide with it before they write; the quote
 * (./quote.ts) answers with it and writes nothing, so what a customer is shown is what the create
 * then charges.
 */

export type PricedService = { id: string; price: number; depositPercent: number };

export type Pricing = {
  /** Each item's listed price. */
  listed: readonly number[];
  /** Each item's price after the promo code. */
  prices: readonly number[];
  /** What is left for Stripe (null: nothing; confirmed at once). */
  plan: CheckoutPlan | null;
  /** What the codes cover (null when the caller read none). */
  paid: PrepaidAtCreate | null;
};

/** 400 fieldErrors.promoCode / giftCardCode / packageCode / usePackage when a code does not apply (./prepaid-at-create.ts). */
export function priceBooking(p: {
  tenant: CheckoutTenant;
  services: readonly PricedService[];
  prepaid: PrepaidReads | null;
  /** design.md §28: the step a recognised customer's booking takes (none when not given). */
  demand?: StepDemand;
  now: Date;
}): Pricing {
  const listed = p.services.map((s) => s.price);
  const planFor = (prices: readonly number[]) =>
    visitCheckoutPlan(
      p.tenant,
      p.services.map((s, i) => ({ price: prices[i], depositPercent: s.depositPercent })),
      p.demand,
    );
  const paid =
    p.prepaid?.decide({ tenant: p.tenant, items: p.services.map((s) => ({ serviceId: s.id, price: s.price })), planFor, now: p.now }) ??
    null;
  const prices = paid?.prices ?? listed;
  return { listed, prices, plan: paid ? paid.plan : planFor(prices), paid };
}

/** A quote's answer (POST /api/public/:slug/quote): the money of `pricing`, minor units. */
export type Quote = {
  currency: string;
  subtotal: number;
  promoDiscount: number;
  total: number;
  /** What is asked at booking (deposit or full price), before the gift card takes its part; 0 = pay at the business. */
  dueAtBooking: number;
  dueKind: "deposit" | "full" | null;
  giftCardAmount: number;
  /** What the card pays at booking (the payment step's amount). */
  cardAmount: number;
  /** The promo code applies to a first visit only and the quote could not tell (no e-mail, no account). */
  promoNote: "first_visit_only" | null;
  items: { serviceId: string; price: number; promoDiscount: number }[];
};

export function quoteOf(pricing: Pricing, services: readonly PricedService[], currency: string, knowsCustomer: boolean): Quote {
  const subtotal = pricing.listed.reduce((sum, p) => sum + p, 0);
  const total = pricing.prices.reduce((sum, p) => sum + p, 0);
  const cover = pricing.paid?.giftCover ?? null;
  // With a gift card the plan left is the card's; the amount due is what the two share.
  const due = cover ? cover.amount + cover.cardAmount : (pricing.plan?.due?.amount ?? 0);
  const promo = pricing.paid?.promo ?? null;
  return {
    currency: currency.toUpperCase(),
    subtotal,
    promoDiscount: subtotal - total,
    total,
    dueAtBooking: due,
    dueKind: due > 0 ? (due >= total ? "full" : "deposit") : null,
    giftCardAmount: cover?.amount ?? 0,
    cardAmount: cover ? cover.cardAmount : due,
    promoNote: promo?.firstVisitOnly && !knowsCustomer ? "first_visit_only" : null,
    items: services.map((s, i) => ({ serviceId: s.id, price: s.price, promoDiscount: pricing.listed[i] - pricing.prices[i] })),
  };
}
