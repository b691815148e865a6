import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import type { AiAction } from "./log";

/**
 * design.md §31: each business's daily assistant budget (`AI_DAILY_REQUESTS_PER_TENANT`, public
 * and owner requests counted apart, per UTC day). A quota, not the contract's per-address
 * limiter, so it is counted where the requests are recorded: the AI log rows (one per request
 * that reached the model) of the business since 00:00 UTC, read in the same batch as the business
 * itself (no extra round trip). Requests still running are not counted yet, so a burst may pass the
 * budget by the number of requests in flight; the per-address limiter bounds that.
 */

export type AiBudget = { public: number; owner: number };

const DAY_MS = 86_400_000;

/** The statement counting today's requests of `action` for the business `tenantId` (an id or a subquery). */
export function usedTodayQuery(db: Db, tenantId: SQL | string, action: AiAction, now: Date) {
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS).toISOString();
  return db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM audit_log
    WHERE target_id = ${tenantId} AND created_at >= ${dayStart} AND target_type = 'tenant' AND action = ${action}`);
}

/** 429 rate_limited (the limiter's shape, so clients back off alike) until the next UTC day once the budget is spent. */
export function assertWithinBudget(used: { n: number }[], limit: number, now: Date) {
  if (Number(used[0]?.n ?? 0) < limit) return;
  const retryAfter = Math.max(1, Math.ceil((Math.floor(now.getTime() / DAY_MS + 1) * DAY_MS - now.getTime()) / 1000));
  throw new ApiError("rate_limited", "The assistant's budget for today is spent", undefined, { "Retry-After": String(retryAfter) });
}
