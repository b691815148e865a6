import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Locale } from "../../shared/i18n/locales";
import { tenantRow } from "./accounts";
import { createdAt, flag, id, outboxIndexes, outboxLifecycle, requiredRef, tenantKeyedRow, timestamps } from "./columns";

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    action: text("action").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason"),
    diff: text("diff", { mode: "json" }),
    metadata: text("metadata", { mode: "json" }),
    createdAt: createdAt(),
    seq: integer("seq").notNull().default(0),
  },
  (t) => [
    index("audit_target_time_idx").on(t.targetId, t.createdAt, t.seq),
    index("audit_action_time_idx").on(t.action, t.createdAt),
    // Retention (design.md §25): the cron deletes rows older than AUDIT_RETENTION_DAYS, oldest first.
    index("audit_created_idx").on(t.createdAt),
    // The AI log's question text is blanked after 90 days: this finds the rows that still have it.
    index("audit_ai_text_idx")
      .on(t.createdAt)
      .where(sql`action IN ('ai.public_chat', 'ai.owner_chat') AND json_extract(metadata, '$.question') <> ''`),
  ],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    tenantId: text("tenant_id"),
    kind: text("kind").notNull(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** A secret inside (reset or invite link): text and html are blanked in the write that ends the row. */
    sensitive: flag("sensitive").notNull().default(false),
    /** Files sent with the e-mail (design.md §17: the booking's .ics), Resend's shape: base64 content. */
    attachments: text("attachments", { mode: "json" }).$type<{ filename: string; content: string }[]>(),
    /**
     * Issue #42: the e-mail's template and facts, versioned JSON (src/services/email/stored.ts), rendered
     * when it is sent; subject and bodies stay "" until then. NULL: a finished e-mail in the columns above
     * (every row written before this column, and the templates still rendered when written).
     */
    facts: text("facts"),
    /**
     * design.md §30: the language of a finished e-mail (its Content-Language); NULL = English. An e-mail
     * with facts carries its language in them instead.
     */
    language: text("language").$type<Locale>(),
    /** `suppressed` (design.md §31): written but never sent (a per-recipient cap); no sender claims it. `discarded`: dropped by an operator or an erasure (§24, §25). */
    status: text("status", { enum: ["pending", "sending", "sent", "failed", "suppressed", "discarded"] })
      .notNull()
      .default("pending"),
    ...outboxLifecycle(),
    providerMessageId: text("provider_message_id"),
    sentAt: text("sent_at"),
    ...timestamps(),
  },
  (t) => [
    ...outboxIndexes("email_outbox", t),
    index("email_outbox_tenant_idx").on(t.tenantId, t.createdAt),
    // design.md §31: how many confirmations one address got in the last hour, across the platform.
    index("email_outbox_recipient_idx").on(t.toEmail, t.kind, t.createdAt),
  ],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    ...tenantRow(),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    secret: text("secret").notNull(),
    // design.md §19 secret rotation: the replaced secret keeps signing (a second v1) until then.
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
    isActive: flag("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_tenant_idx").on(t.tenantId)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    ...tenantKeyedRow(),
    endpointId: requiredRef("endpoint_id", () => webhookEndpoints.id),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "sending", "delivered", "failed", "discarded"] })
      .notNull()
      .default("pending"),
    ...outboxLifecycle(),
    lastStatusCode: integer("last_status_code"),
    deliveredAt: text("delivered_at"),
    ...timestamps(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    ...outboxIndexes("webhook_deliveries", t),
    // Delivered payloads are blanked after 30 days (design.md §25): this finds those still holding one.
    index("webhook_deliveries_payload_idx").on(t.deliveredAt).where(sql`status = 'delivered' AND payload <> ''`),
  ],
);

/**
 * Side effects of the kinds that have no table of their own (design.md §22): Stripe calls
 * (refunds, PaymentIntent cancels, fee charges) and whatever comes next. Same lifecycle columns
 * as email_outbox and webhook_deliveries, so one engine (src/services/outbox/) runs all three.
 * `kind` picks the handler; `idempotency_key` is unique per kind (a second insert of the same
 * job is a no-op) and is what the handler hands the third party (e.g. Stripe's Idempotency-Key).
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    tenantId: text("tenant_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    payload: text("payload", { mode: "json" }).notNull(),
    status: text("status", { enum: ["pending", "sending", "done", "failed", "cancelled", "suppressed", "discarded"] })
      .notNull()
      .default("pending"),
    ...outboxLifecycle(),
    /** What the handler kept from a success (e.g. the Stripe object id). */
    result: text("result", { mode: "json" }),
    doneAt: text("done_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("jobs_kind_key_idx").on(t.kind, t.idempotencyKey), ...outboxIndexes("jobs", t)],
);

/**
 * One row per cron run (design.md §24): `/healthz` and the operator health read the newest start
 * to tell a cron that stopped; the summary says what the run did. Kept 7 days.
 */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: id(),
    startedAt: text("started_at").notNull(),
    finishedAt: text("finished_at"),
    summary: text("summary", { mode: "json" }),
  },
  (t) => [index("cron_runs_started_idx").on(t.startedAt)],
);

/**
 * When each operator alert (design.md §24) was last e-mailed: at most one per condition per hour,
 * claimed by a conditional upsert, so overlapping cron runs cannot both send it.
 */
export const alertState = sqliteTable("alert_state", {
  condition: text("condition").primaryKey(),
  lastSentAt: text("last_sent_at").notNull(),
  /** What the condition measured when it was sent (failures in the hour, backlog age in seconds). */
  lastValue: integer("last_value").notNull().default(0),
});
