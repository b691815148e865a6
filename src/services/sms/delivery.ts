import { type SQL, sql } from "drizzle-orm";
import type { SmsConfig } from "../../config";
import type { Db } from "../../db/client";
import type { JobHandler, StoredJob } from "../outbox/jobs";
import { SMS_KIND } from "./outbox";
import { sendSms } from "./provider";

/**
 * The `sms` kind of the outbox engine (design.md §22, §27): one job per text, performed at most
 * once. Twilio has no idempotency key, so nothing that might have made a message is ever tried
 * again on its own: an unknown outcome (time-out, 5xx, no answer) fails the job at once; only a
 * refusal that proves no message exists (429) is retried. A claim is never taken over (a worker
 * that died mid-send may have sent it): the status cron fails such a stuck job instead
 * (./status.ts). A retry from a jobs API is a new send, and so a new message.
 */

/** The text a job sends, read in the claim's batch; `optedOut`: the number replied STOP since it was written. */
export type TextRow = { jobId: string; id: string; phone: string; body: string; optedOut: number };

/** Never taken over: a send whose worker vanished is failed by the status cron, not repeated. */
export const SMS_NEVER_TAKEN_OVER_MS = 100 * 365 * 86_400_000;

/** Too Many Requests: tried again 30 s, 1, 2, 4 min later, then given up. */
export function smsRetry(job: Pick<StoredJob, "attempts">, now: Date) {
  if (job.attempts >= 5) return null;
  const delaySeconds = 30 * 2 ** Math.max(0, job.attempts - 1);
  return { delaySeconds, nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000) };
}

export function smsHandler(cfg: SmsConfig, statusCheckMinutes: number): JobHandler<TextRow> {
  return {
    kind: SMS_KIND,
    related: {
      query: (db: Db, rows: SQL) =>
        db.all<TextRow>(sql`
          SELECT jobs.id AS jobId, m.id, m.phone, m.body, EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = m.phone) AS optedOut
          FROM jobs JOIN sms_messages m ON m.id = json_extract(jobs.payload, '$.messageId')
          WHERE ${rows}`),
      pick: (job, result) => (result as TextRow[]).find((r) => r.jobId === job.id),
    },
    stuckAfterMs: SMS_NEVER_TAKEN_OVER_MS,
    retry: smsRetry,
    async perform(job, { extra, clock }) {
      // The record is gone (the business was deleted): nothing to send.
      if (!extra) return { ok: true, result: { skipped: "message_gone" } };
      // Erased with the customer, or its body blanked by retention: a retry must not send an empty text.
      if (!extra.phone || !extra.body) return { ok: true, result: { skipped: "message_erased" } };
      const now = clock();
      const t = now.toISOString();
      if (extra.optedOut) {
        return {
          ok: true,
          result: { skipped: "opted_out" },
          effects: (db, gate) => [
            db.run(
              sql`UPDATE sms_messages SET status = 'suppressed', error = 'opted_out', updated_at = ${t} WHERE id = ${extra.id} AND ${gate}`,
            ),
            db.run(sql`UPDATE jobs SET status = 'suppressed', last_error = 'opted_out' WHERE id = ${job.id} AND ${gate}`),
          ],
        };
      }
      const outcome = await sendSms(cfg, { to: extra.phone, body: extra.body });
      if (outcome.kind === "refused") return { ok: false, permanent: !outcome.retry, error: `Twilio refused the text: ${outcome.error}` };
      if (outcome.kind === "unknown") {
        return { ok: false, permanent: true, error: `outcome unknown (${outcome.error}); not sent again, since it may have gone out` };
      }
      const checkAt = new Date(now.getTime() + statusCheckMinutes * 60_000).toISOString();
      return {
        ok: true,
        result: { sid: outcome.sid, status: outcome.status },
        effects: (db, gate) => [
          db.run(sql`
            UPDATE sms_messages SET status = 'queued', provider_sid = ${outcome.sid}, error = NULL, sent_at = ${t},
              status_check_at = ${checkAt}, status_checks = 0, updated_at = ${t}
            WHERE id = ${extra.id} AND ${gate}`),
        ],
      };
    },
  };
}
