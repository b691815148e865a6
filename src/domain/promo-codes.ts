/**
 * Promo codes (design.md §32), pure: how a typed code is read, what it takes off a price, and why
 * one does not apply. The create reads the code's row in its one read batch and decides here; the
 * use itself is counted by the booking's own guarded write (src/services/bookings/prepaid-at-create.ts).
 */

/** What an owner sets and a customer types: letters, digits, dashes and underscores. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** Case-insensitive, spaces ignored: stored and compared upper-cased. */
export function normalizePromoCode(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase();
}

export type PromoTerms = { percentOff: number | null; amountOff: number | null };

/** What the code takes off `price` (minor units): a percentage rounded to the minor unit, or a fixed amount; never more than the price. */
export function promoDiscount(price: number, promo: PromoTerms): number {
  const off = promo.percentOff !== null ? Math.round((price * promo.percentOff) / 100) : (promo.amountOff ?? 0);
  return Math.max(0, Math.min(price, off));
}

export type PromoRow = PromoTerms & {
  id: string;
  serviceIds: string | null;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  uses: number;
  firstVisitOnly: number;
  /** 1 when the customer already has a booking at the business that was not cancelled. */
  visited: number;
};

export type PromoUse = {
  /** Tenant-local date the booking is made (validity is the day of booking, inclusive). */
  today: string;
  /** Every service of the booking (a visit has several): the code applies when it covers at least one. */
  serviceIds: readonly string[];
};

/** Why the code does not apply (the customer's words for fieldErrors.promoCode), or null when it does. */
export function promoRefusal(promo: PromoRow | undefined, use: PromoUse): string | null {
  if (!promo) return "No promo code has this code";
  if (promo.validFrom && use.today < promo.validFrom) return `This promo code is valid from ${promo.validFrom}`;
  if (promo.validTo && use.today > promo.validTo) return "This promo code has expired";
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) return "This promo code has been used up";
  if (!use.serviceIds.some((id) => promoCovers(promo, id))) return "This promo code does not apply to this service";
  if (promo.firstVisitOnly === 1 && promo.visited === 1) return "This promo code is for a first visit only";
  return null;
}

/** Whether the code lowers the price of this service (no list = every service). */
export function promoCovers(promo: Pick<PromoRow, "serviceIds">, serviceId: string): boolean {
  return promo.serviceIds === null || (JSON.parse(promo.serviceIds) as string[]).includes(serviceId);
}

/**
 * What the code takes off each item of a booking (a visit has several, design.md §26): a percentage
 * off each item it covers; a fixed amount once per booking, taken off the covered items in order
 * (never more than an item's price). Items it does not cover keep their price.
 */
export function promoItemDiscounts(
  items: readonly { serviceId: string; price: number }[],
  promo: PromoTerms & Pick<PromoRow, "serviceIds">,
): number[] {
  if (promo.percentOff !== null) {
    return items.map((i) => (promoCovers(promo, i.serviceId) ? promoDiscount(i.price, promo) : 0));
  }
  let left = promo.amountOff ?? 0;
  return items.map((i) => {
    if (!promoCovers(promo, i.serviceId)) return 0;
    const off = Math.max(0, Math.min(i.price, left));
    left -= off;
    return off;
  });
}
