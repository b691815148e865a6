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
