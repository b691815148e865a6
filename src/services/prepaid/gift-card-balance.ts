import { sql } from "drizzle-orm";
import { type GiftCardState, giftCardState } from "../../domain/gift-cards";
import { ApiError } from "../../errors";
import type { Services } from "../context";
import { publicTenantSql } from "../public-tenant";
import { typedCodeHash } from "./codes";

/** The lookup's 404 message; the code-miss budget (design.md §18, middleware/rate-limit.ts) counts it. */
export const UNKNOWN_GIFT_CARD = "Gift card not found";

export type GiftCardBalance = { balance: number; currency: string; expiresAt: string | null; status: Exclude<GiftCardState, "pending"> };

/**
 * GET /api/public/:slug/gift-cards/:code (design.md §32): one read. A code that is not an issued
 * card of this business (malformed, unknown, still unpaid, another business's) is the same 404, so
 * a guesser learns nothing from the answer and each miss costs them from the code-miss budget.
 */
export async function giftCardBalance(ctx: Pick<Services, "db" | "now" | "config">, slug: string, typed: string): Promise<GiftCardBalance> {
  const hash = await typedCodeHash(ctx.config, "GC", typed);
  if (!hash) throw ApiError.notFound("Gift card");
  const [card] = await ctx.db.all<{ status: string; balance: number; currency: string; expiresAt: string | null }>(sql`
    SELECT g.status, g.balance, g.currency, g.expires_at AS expiresAt
    FROM gift_cards g JOIN tenants t ON t.id = g.tenant_id
    WHERE ${publicTenantSql(slug)} AND g.tenant_id = t.id AND g.code_hash = ${hash} LIMIT 1`);
  const state = card ? giftCardState(card, ctx.now.getTime()) : "pending";
  if (!card || state === "pending") throw ApiError.notFound("Gift card");
  return { balance: state === "active" ? card.balance : 0, currency: card.currency, expiresAt: card.expiresAt, status: state };
}
