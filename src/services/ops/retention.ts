import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { CRON_RUN_RETENTION_DAYS } from "./cron-runs";

/**
 * Retention (design.md §25), run by every cron run in its last round trip: each statement deletes
 * or blanks at most RETENTION_BATCH rows, oldest first, on an index made for it, so a backlog
 * (the first run after a deploy) drains over the next minutes instead of holding a long write.
 * What is kept how long is in docs/operations.md; sent e-mails are purged by the e-mail kind's own
 * cleanup (src/services/email/delivery.ts).
 */
export const RETENTION_BATCH = 500;
/** Delivered webhook payloads and text bodies are kept this long. */
export const WEBHOOK_PAYLOAD_DAYS = 30;
export const EXPIRED_TOKEN_GRACE_DAYS = 7;
export const PROCESSED_EVENT_DAYS = 90;
export const AI_TEXT_DAYS = 90;

/**
 * Audit rows finance reconciles from stay whatever their age: every `tenant.*` row (interface.md:
 * plans, suspensions) and anything about payments, refunds and fees.
 */
export const KEPT_AUDIT_ROWS = sql.raw(
  "(action LIKE 'tenant.%' OR action LIKE '%payment%' OR action LIKE '%refund%' OR action LIKE '%fee%' OR action LIKE '%stripe%')",
);

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

export type RetentionStep =
  | "webhookPayloads"
  | "smsBodies"
  | "sessions"
  | "passwordResets"
  | "userTokens"
  | "processedEvents"
  | "aiText"
  | "auditRows"
  | "cronRuns";

/** The statements with their names; their rowsAffected are the run's counts. */
export function retentionStatements(db: Db, now: Date, auditRetentionDays: number): [RetentionStep, BatchItem<"sqlite">][] {
  const n = RETENTION_BATCH;
  const payloadCutoff = daysBefore(now, WEBHOOK_PAYLOAD_DAYS);
  const tokenCutoff = daysBefore(now, EXPIRED_TOKEN_GRACE_DAYS);
  const aiCutoff = daysBefore(now, AI_TEXT_DAYS);
  const auditCutoff = daysBefore(now, auditRetentionDays);
  return [
    [
      "webhookPayloads",
      // The delivery log keeps its row (when, what, the receiver's answer); the body it sent goes.
      db.run(sql`UPDATE webhook_deliveries SET payload = '' WHERE id IN (
        SELECT id FROM webhook_deliveries WHERE status = 'delivered' AND payload <> '' AND delivered_at < ${payloadCutoff}
        ORDER BY delivered_at LIMIT ${n})`),
    ],
    [
      "smsBodies",
      // The record of each text stays (when, to whom, its template and status); what it said goes.
      // A text still waiting to be sent keeps its body.
      db.run(sql`UPDATE sms_messages SET body = '' WHERE id IN (
        SELECT id FROM sms_messages WHERE body <> '' AND created_at < ${payloadCutoff} AND status <> 'pending'
        ORDER BY created_at LIMIT ${n})`),
    ],
    [
      "sessions",
      db.run(sql`DELETE FROM sessions WHERE id IN (
        SELECT id FROM sessions WHERE expires_at < ${tokenCutoff} ORDER BY expires_at LIMIT ${n})`),
    ],
    [
      "passwordResets",
      db.run(sql`DELETE FROM password_resets WHERE id IN (
        SELECT id FROM password_resets WHERE expires_at < ${tokenCutoff} ORDER BY expires_at LIMIT ${n})`),
    ],
    [
      "userTokens",
      db.run(sql`DELETE FROM user_tokens WHERE id IN (
        SELECT id FROM user_tokens WHERE expires_at < ${tokenCutoff} ORDER BY expires_at LIMIT ${n})`),
    ],
    [
      "processedEvents",
      db.run(sql`DELETE FROM processed_events WHERE id IN (
        SELECT id FROM processed_events WHERE received_at < ${daysBefore(now, PROCESSED_EVENT_DAYS)} ORDER BY received_at LIMIT ${n})`),
    ],
    [
      "aiText",
      // What the person asked goes; the record of the request (tools, model, latency, outcome) stays.
      db.run(sql`UPDATE audit_log SET metadata = json_set(metadata, '$.question', '') WHERE id IN (
        SELECT id FROM audit_log
        WHERE action IN ('ai.public_chat', 'ai.owner_chat') AND json_extract(metadata, '$.question') <> '' AND created_at < ${aiCutoff}
        ORDER BY created_at LIMIT ${n})`),
    ],
    [
      "auditRows",
      db.run(sql`DELETE FROM audit_log WHERE id IN (
        SELECT id FROM audit_log WHERE created_at < ${auditCutoff} AND NOT ${KEPT_AUDIT_ROWS} ORDER BY created_at LIMIT ${n})`),
    ],
    [
      "cronRuns",
      db.run(sql`DELETE FROM cron_runs WHERE id IN (
        SELECT id FROM cron_runs WHERE started_at < ${daysBefore(now, CRON_RUN_RETENTION_DAYS)} ORDER BY started_at LIMIT ${n})`),
    ],
  ];
}
