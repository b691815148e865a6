import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { giftCardRefusal, giftCardState, splitDue } from "../../domain/gift-cards";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { group, type Fragment } from "../batch";
import type { CheckoutPlan } from "../payments/checkout";

/**
 * Paying at booking with a gift card (design.md §32). The card is read in the create's read batch
 * (no extra round trip); the amount due (§21) is taken from its balance first and only the rest
 * goes to Stripe. The take is part of the create's ONE write batch: the booking's own guard also
 * requires the balance to still cover the take (`guard`), and the decrement and the redemption
 * payment are gated on the booking being written. A batch is one transaction, so two creates racing
 * for the last of a balance are serialised: the second sees the lowered balance, writes nothing
 * (not the booking, not the take) and is told the card no longer covers it.
 */

export type GiftCardRow = { id: string; status: string; balance: number; currency: string; expiresAt: string | null };

/** The card with this HMAC at the business (`hash` null: the typed code cannot be one; finds nothing). */
export function giftCardQuery(db: Db, tenantId: SQL, hash: string | null) {
  return db.all<GiftCardRow>(sql`SELECT id, status, balance, currency, expires_at AS expiresAt FROM gift_cards
    WHERE tenant_id = ${tenantId} AND code_hash = ${hash ?? ""} LIMIT 1`);
}

export type GiftCardTake = { id: string; amount: number; cardAmount: number };

const refuse = (message: string) => ApiError.field("giftCardCode", message);

/**
 * What the card covers of this booking's plan, and the plan left for Stripe (null: nothing left to
 * pay by card, confirmed at once unless a card must still be saved). 400 `fieldErrors.giftCardCode`
 * for an unknown, expired, void or empty card, or when nothing is paid at booking.
 */
export function giftCardCover(
  card: GiftCardRow | undefined,
  plan: CheckoutPlan | null,
  currency: string,
  nowMs: number,
): { take: GiftCardTake; plan: CheckoutPlan | null } {
  const reason = giftCardRefusal(card ? giftCardState(card, nowMs) : "unknown");
  if (!card || reason) throw refuse(reason ?? "No gift card has this code");
  if (card.currency.toUpperCase() !== currency.toUpperCase()) throw refuse("This gift card is in another currency");
  if (!plan?.due) throw refuse("Nothing is paid when booking this service; bring the gift card to your appointment");
  const split = splitDue(plan.due.amount, card.balance, currency);
  const take = { id: card.id, amount: split.giftCardAmount, cardAmount: split.cardAmount };
  const rest = split.cardAmount > 0 ? { ...plan, due: { ...plan.due, amount: split.cardAmount } } : { ...plan, due: null };
  return { take, plan: rest.due || rest.card ? rest : null };
}

/** The balance still covers the take, the card is live: part of the booking's own guard. */
export function giftCardGuard(take: GiftCardTake, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM gift_cards WHERE id = ${take.id} AND status = 'active' AND balance >= ${take.amount}
    AND (expires_at IS NULL OR expires_at > ${now.toISOString()}))`;
}

/** The decrement and the redemption (a payment of kind gift_card_redemption, not money taken), gated on the booking. */
export function giftCardTakeParts(
  db: Db,
  take: GiftCardTake,
  booking: { id: string; tenantId: string; currency: string },
  now: Date,
  inserted: SQL,
): Fragment {
  const t = now.toISOString();
  return group([
    db.run(sql`UPDATE gift_cards SET balance = balance - ${take.amount}, updated_at = ${t}
      WHERE id = ${take.id} AND balance >= ${take.amount} AND ${inserted}`),
    db.run(sql`INSERT INTO payments (id, tenant_id, booking_id, amount, currency, kind, status, gift_card_id, created_at, updated_at)
      SELECT ${newId("pay")}, ${booking.tenantId}, ${booking.id}, ${take.amount}, ${booking.currency.toUpperCase()}, 'gift_card_redemption',
             'succeeded', ${take.id}, ${t}, ${t}
      WHERE ${inserted}`),
  ]);
}

/** After a create wrote nothing: was the card the reason (its balance no longer covers the take)? */
export function giftCardShortSql(take: GiftCardTake | null, now: Date): SQL {
  return take ? sql`NOT ${giftCardGuard(take, now)}` : sql`0`;
}
