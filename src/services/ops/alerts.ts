import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { type AlertCondition, type AlertDecision, alertConditions, type JobStats } from "../../domain/health";
import { logger } from "../../lib/log";
import { operatorAlertEmail } from "../email/ops-templates";
import { emailProviderFromConfig } from "../email/provider";

/** At most one e-mail per condition in this window (design.md §24). */
export const ALERT_INTERVAL_MS = 3_600_000;

/**
 * Claims the condition's hour: the upsert writes only when the last e-mail for it is an hour old
 * (or there is none), so two overlapping runs cannot both send. RETURNING says whether we won.
 */
function claim(db: Db, d: AlertDecision, now: Date) {
  const t = now.toISOString();
  const before = new Date(now.getTime() - ALERT_INTERVAL_MS).toISOString();
  return db.all<{ condition: string }>(sql`
    INSERT INTO alert_state (condition, last_sent_at, last_value) VALUES (${d.condition}, ${t}, ${d.value})
    ON CONFLICT (condition) DO UPDATE SET last_sent_at = excluded.last_sent_at, last_value = excluded.last_value
      WHERE alert_state.last_sent_at <= ${before}
    RETURNING condition`);
}

/** A send that failed gives its hour back, so the next run tries again. */
function unclaim(db: Db, d: AlertDecision, now: Date) {
  return db.run(sql`UPDATE alert_state SET last_sent_at = '1970-01-01T00:00:00.000Z'
    WHERE condition = ${d.condition} AND last_sent_at = ${now.toISOString()}`);
}

/**
 * Sends the alerts whose conditions hold to ALERT_EMAIL, straight through the e-mail provider:
 * the outbox may be what is failing. Returns the conditions e-mailed. Without ALERT_EMAIL: none.
 */
export async function sendAlerts(db: Db, config: Config, stats: JobStats, now: Date): Promise<AlertCondition[]> {
  const to = config.ALERT_EMAIL;
  const decisions = alertConditions(stats, now, config.ALERT_FAILED_JOBS);
  if (!to || decisions.length === 0) return [];
  const provider = emailProviderFromConfig(config);
  const sent: AlertCondition[] = [];
  for (const d of decisions) {
    const [won] = await claim(db, d, now);
    if (!won) continue;
    const email = operatorAlertEmail({ ...d, at: now.toISOString() });
    const result = await provider.send({
      idempotencyKey: `alert-${d.condition}-${now.toISOString()}`,
      kind: email.kind,
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
    if (result.ok) {
      sent.push(d.condition);
      logger.warn("operator alert sent", { actor: "cron", condition: d.condition, value: d.value });
    } else {
      await unclaim(db, d, now);
      logger.error("operator alert could not be sent; the next run tries again", {
        actor: "cron",
        condition: d.condition,
        lastError: result.error,
      });
    }
  }
  return sent;
}
