import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { JobStats } from "../../domain/health";
import { LISTED_STORES } from "../outbox/stores";

type StatsRow = { pending: number | null; oldest: string | null; failed24: number | null; failed1: number | null };

/**
 * One statement over every store (./outbox/stores.ts): jobs due and still waiting, when the oldest
 * of them was due, and the failures of the last 24 hours and the last hour. Each part reads the
 * store's (status, next_attempt_at) index; failed rows are few (they are what the lists show).
 */
export function jobStatsQuery(db: Db, now: Date) {
  const t = now.toISOString();
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const parts = LISTED_STORES.map((s) => {
    const table = sql.raw(s.table);
    return sql`SELECT
      (SELECT count(*) FROM ${table} WHERE status = 'pending' AND next_attempt_at <= ${t}) AS pending,
      (SELECT min(next_attempt_at) FROM ${table} WHERE status = 'pending' AND next_attempt_at <= ${t}) AS oldest,
      (SELECT count(*) FROM ${table} WHERE status = 'failed' AND updated_at >= ${dayAgo}) AS failed24,
      (SELECT count(*) FROM ${table} WHERE status = 'failed' AND updated_at >= ${hourAgo}) AS failed1`;
  });
  return db.all<StatsRow>(sql`
    SELECT sum(pending) AS pending, min(oldest) AS oldest, sum(failed24) AS failed24, sum(failed1) AS failed1
    FROM (${sql.join(parts, sql` UNION ALL `)})`);
}

export function toJobStats(rows: StatsRow[]): JobStats {
  const r = rows[0];
  return {
    pending: Number(r?.pending ?? 0),
    oldestDueAt: r?.oldest ?? null,
    failedLast24h: Number(r?.failed24 ?? 0),
    failedLastHour: Number(r?.failed1 ?? 0),
  };
}
