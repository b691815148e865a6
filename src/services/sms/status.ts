import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SmsConfig } from "../../config";
import { type Db, runBatch } from "../../db/client";
import { SMS_KIND } from "./outbox";
import { FINAL_STATUSES, readSmsStatus } from "./provider";

/**
 * The cron's part of texts (design.md §27), after the outbox run: Twilio's delivery statuses are
 * read back (`GET .../Messages/{sid}.json`) instead of taken from callbacks. A text Twilio took is
 * first read SMS_STATUS_CHECK_MINUTES after it was sent, then, while it is not final, after twice,
 * four, eight and sixteen times that; what Twilio said last stays. A send whose worker vanished
 * (its job still `sending` long after any send could take) is failed: it may have gone out, so it
 * is never sent again on its own.
 */

/** Reads per cron run (each is one subrequest), in parallel chunks. */
const READS_PER_RUN = 50;
const CHUNK = 10;
/** After this many reads a text keeps the status it has. */
export const MAX_STATUS_CHECKS = 5;
/** Far above a send's 10 s time-out: a claim this old has no worker. */
const STUCK_SEND_MS = 15 * 60_000;

type Due = { id: string; sid: string; checks: number };

/** Twilio's status as we record it ("canceled" only happens to scheduled texts, which we never make). */
const recorded = (status: string) => (status === "canceled" ? "failed" : status);

export async function checkSmsStatuses(db: Db, cfg: SmsConfig, checkMinutes: number, now: Date, scope: { tenantId?: string } = {}) {
  const t = now.toISOString();
  const mine = (column: string) => (scope.tenantId === undefined ? sql`1` : sql`${sql.raw(column)} = ${scope.tenantId}`);
  const stuckBefore = new Date(now.getTime() - STUCK_SEND_MS).toISOString();
  const [stuck, due] = await runBatch(db, [
    db.run(sql`
      UPDATE jobs SET status = 'failed', locked_at = NULL, updated_at = ${t},
        last_error = 'no outcome was recorded (the sender stopped mid-send); not sent again, since it may have gone out'
      WHERE kind = ${SMS_KIND} AND status = 'sending' AND locked_at < ${stuckBefore} AND ${mine("tenant_id")}`),
    db.all<Due>(sql`
      SELECT id, provider_sid AS sid, status_checks AS checks FROM sms_messages
      WHERE status_check_at IS NOT NULL AND status_check_at <= ${t} AND provider_sid IS NOT NULL AND ${mine("tenant_id")}
      ORDER BY status_check_at LIMIT ${READS_PER_RUN}`),
  ]);
  const updates: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < due.length; i += CHUNK) {
    const part = due.slice(i, i + CHUNK);
    const reads = await Promise.all(part.map((m) => readSmsStatus(cfg, m.sid)));
    part.forEach((m, j) => {
      const read = reads[j];
      const checks = m.checks + 1;
      const final = read.ok && FINAL_STATUSES.has(read.status);
      const next =
        final || checks >= MAX_STATUS_CHECKS ? null : new Date(now.getTime() + checkMinutes * 60_000 * 2 ** checks).toISOString();
      updates.push(
        read.ok
          ? db.run(sql`UPDATE sms_messages SET status = ${recorded(read.status)}, error = ${read.error}, status_checks = ${checks},
              status_check_at = ${next}, updated_at = ${t} WHERE id = ${m.id}`)
          : // Twilio did not answer: the status stays; the read counts, so a text Twilio has lost is not read forever.
            db.run(sql`UPDATE sms_messages SET status_checks = ${checks}, status_check_at = ${next}, updated_at = ${t} WHERE id = ${m.id}`),
      );
    });
  }
  if (updates.length) await runBatch(db, updates);
  return { failedStuck: (stuck as { rowsAffected?: number }).rowsAffected ?? 0, read: due.length };
}
