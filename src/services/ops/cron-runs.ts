import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newId } from "../../lib/ids";

/** Runs are kept this long (the health needs only the newest; the rest is a week of history). */
export const CRON_RUN_RETENTION_DAYS = 7;

/** Records that a run started (design.md §24: the cron records its runs, so a stopped cron shows). */
export function startRunStatement(db: Db, now: Date) {
  const id = newId("crn");
  return { id, insert: db.run(sql`INSERT INTO cron_runs (id, started_at) VALUES (${id}, ${now.toISOString()})`) };
}

export function finishRunStatement(db: Db, id: string, now: Date, summary: Record<string, unknown>) {
  return db.run(sql`UPDATE cron_runs SET finished_at = ${now.toISOString()}, summary = ${JSON.stringify(summary)} WHERE id = ${id}`);
}

/** The newest run's start, on the started_at index. */
export function lastRunQuery(db: Db) {
  return db.all<{ startedAt: string | null }>(sql`SELECT max(started_at) AS startedAt FROM cron_runs`);
}
