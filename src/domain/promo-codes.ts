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
  /** Every service of the booking (a visit has several): each must be one the code covers. */
  serviceIds: readonly string[];
};

/** Why the code does not apply (the customer's words for fieldErrors.promoCode), or null when it does. */
export function promoRefusal(promo: PromoRow | undefined, use: PromoUse): string | null {
  if (!promo) return "No promo code has this code";
  if (promo.validFrom && use.today < promo.validFrom) return `This promo code is valid from ${promo.validFrom}`;
  if (promo.validTo && use.today > promo.validTo) return "This promo code has expired";
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) return "This promo code has been used up";
  const covered = promo.serviceIds ? (JSON.parse(promo.serviceIds) as string[]) : null;
  if (covered && !use.serviceIds.every((id) => covered.includes(id))) return "This promo code does not apply to this service";
  if (promo.firstVisitOnly === 1 && promo.visited === 1) return "This promo code is for a first visit only";
  return null;
}
