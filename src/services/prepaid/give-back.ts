import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Fragment, group } from "../batch";

/**
 * design.md §32: what gift cards paid of `bookings` (a subquery of one column `id`) goes back on
 * the cards, and their redemptions become refunded, gated by `gate`: a released hold, or a
 * cancellation refunded under §21 (the gift card first; the card's share is refunded by Stripe).
 */
export function giftCardGiveBack(db: Db, now: Date, bookings: SQL, gate: SQL): Fragment {
  const t = now.toISOString();
  return group([
    db.run(sql`
      UPDATE gift_cards SET balance = balance + (
          SELECT COALESCE(SUM(p.amount - p.refunded_amount), 0) FROM payments p
          WHERE p.gift_card_id = gift_cards.id AND p.booking_id IN (${bookings}) AND p.kind = 'gift_card_redemption'
            AND p.status IN ('succeeded', 'partially_refunded')),
        updated_at = ${t}
      WHERE id IN (SELECT gift_card_id FROM payments WHERE booking_id IN (${bookings}) AND kind = 'gift_card_redemption'
          AND status IN ('succeeded', 'partially_refunded')) AND ${gate}`),
    db.run(sql`
      UPDATE payments SET status = 'refunded', refunded_amount = amount, updated_at = ${t}
      WHERE booking_id IN (${bookings}) AND kind = 'gift_card_redemption' AND status IN ('succeeded', 'partially_refunded') AND ${gate}`),
  ]);
}

/**
 * design.md §32: a released hold gives back the promo-code use each of `bookings` counted (one per
 * booking; several released together may share a code), gated by `gate` like the gift card's.
 */
export function promoGiveBack(db: Db, now: Date, bookings: SQL, gate: SQL) {
  return db.run(sql`
    UPDATE promo_codes SET uses = MAX(0, uses - (SELECT count(*) FROM bookings b WHERE b.promo_code_id = promo_codes.id AND b.id IN (${bookings}))),
      updated_at = ${now.toISOString()}
    WHERE id IN (SELECT promo_code_id FROM bookings WHERE id IN (${bookings}) AND promo_code_id IS NOT NULL) AND ${gate}`);
}

/**
 * design.md §32: the package credit each of `bookings` took goes back, gated by `gate`: a released
 * hold, or a cancellation refunded under §21's rules (a late one keeps the credit).
 */
export function packageGiveBack(db: Db, now: Date, bookings: SQL, gate: SQL) {
  return db.run(sql`
    UPDATE package_credits SET credits = credits + (SELECT count(*) FROM bookings b WHERE b.package_credit_id = package_credits.id
        AND b.id IN (${bookings})),
      updated_at = ${now.toISOString()}
    WHERE id IN (SELECT package_credit_id FROM bookings WHERE id IN (${bookings}) AND package_credit_id IS NOT NULL) AND ${gate}`);
}
