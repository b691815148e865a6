import { ApiError } from "../../../errors";
import { giftCardListQuery, toOwnerCards } from "../../prepaid/gift-cards-owner";
import { businessQuery, type ViewCtx } from "./common";

/** The most recent cards the Gift cards page lists (the API pages further). */
export const GIFT_CARDS_SHOWN = 100;

/**
 * The Gift cards page (`/app/gift-cards`, design.md §32): the business and its gift cards with their
 * balances, newest first, as `GET /api/gift-cards` lists them. One batch.
 */
export async function giftCardsView(ctx: ViewCtx) {
  const { db, tenantId, now } = ctx;
  const [business, rows] = await db.batch([
    businessQuery(db, tenantId),
    giftCardListQuery(db, tenantId, { limit: GIFT_CARDS_SHOWN, offset: 0 }),
  ]);
  if (!business[0]) throw ApiError.notFound("Business");
  return { business: business[0], cards: toOwnerCards(rows, now.getTime()) };
}
