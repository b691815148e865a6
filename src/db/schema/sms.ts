import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamps } from "./columns";

/**
 * Every text sent to or received from a customer (design.md §27), the record the owner reads on
 * the customer. An outgoing text is also a job of the outbox engine (`jobs`, kind `sms`,
 * `job_id`): the job is the send (at most once), this row what the customer got and what Twilio
 * last said of it. `status` of an outgoing text: pending (queued with us; the job tells how the
 * send went) -> queued (Twilio took it) -> sent | delivered | failed | undelivered (read back by the
 * cron); suppressed (the monthly limit, an opt-out: never sent) or cancelled. Incoming: received.
 * `month` is the business's local month the text counts in (design.md §27's monthly limit).
 */
export const smsMessages = sqliteTable(
  "sms_messages",
  {
    id: id(),
    tenantId: text("tenant_id"),
    bookingId: text("booking_id"),
    customerId: text("customer_id"),
    direction: text("direction", { enum: ["out", "in"] }).notNull(),
    /** The customer's number, E.164 (To of an outgoing text, From of an incoming one). */
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    /** What an outgoing text is (confirmation, reminder, ...); for an incoming one, what it meant (confirm, cancel, opt_out, ...). */
    template: text("template"),
    segments: integer("segments").notNull().default(1),
    status: text("status").notNull(),
    /** Why it was suppressed (monthly_limit, opted_out) or what Twilio reported. */
    error: text("error"),
    /** Twilio's MessageSid: unique, so a redelivered incoming text is recorded (and acted on) once. */
    providerSid: text("provider_sid"),
    month: text("month"),
    jobId: text("job_id"),
    /** When the cron reads the delivery status next (null: final, or not sent). */
    statusCheckAt: text("status_check_at"),
    statusChecks: integer("status_checks").notNull().default(0),
    sentAt: text("sent_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("sms_messages_provider_sid_uq").on(t.providerSid),
    index("sms_messages_usage_idx").on(t.tenantId, t.month, t.status),
    index("sms_messages_customer_idx").on(t.tenantId, t.customerId, t.createdAt),
    index("sms_messages_phone_idx").on(t.phone, t.direction, t.createdAt),
    index("sms_messages_status_check_idx").on(t.statusCheckAt).where(sql`status_check_at IS NOT NULL`),
    // Retention (design.md §25): bodies are blanked after 30 days; this finds the texts still holding one.
    index("sms_messages_body_idx").on(t.createdAt).where(sql`body <> ''`),
  ],
);

/**
 * Numbers that replied STOP (or another of Twilio's opt-out words): no text from the platform's
 * sender reaches them, for any business, until they reply START (design.md §27).
 */
export const smsOptOuts = sqliteTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  keyword: text("keyword").notNull(),
  createdAt: createdAt(),
});
