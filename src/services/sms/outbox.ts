import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { PLAN_SMS_LIMITS } from "../../domain/sms/limits";
import { countSegments } from "../../domain/sms/segments";
import type { SmsTemplate } from "../../domain/sms/templates";
import { newId } from "../../lib/ids";
import { compose, type Fragment, single, wrote } from "../batch";
import { emailInsert } from "../outbox";
import { smsLimitEmail } from "./limit-email";
import { plainLines } from "../../domain/plain-text";
import { optedOutSql } from "./opt-outs";

/**
 * A text to a customer as statements for the batch of the change that causes it (design.md §22,
 * §27): its record (`sms_messages`) and its job (`jobs`, kind `sms`), both gated by `onlyIf`.
 * Whether it may go is decided inside the same write, so it is exact under any concurrency: to a
 * number that opted out, or past the business's monthly limit (the texts already counted in its
 * local month), the text is written `suppressed` and never performed; the first text a month that
 * the limit stops also e-mails the owner, once.
 */

export const SMS_KIND = "sms";

export type OutgoingText = {
  tenantId: string;
  /** For the owner's e-mail when the limit stops this text. */
  businessName: string;
  bookingId?: string | null;
  /** The business's customer record the text belongs to (an SQL expression read inside the batch, or an id). */
  customerId?: string | SQL | null;
  /** E.164. */
  phone: string;
  template: SmsTemplate;
  body: string;
  /** The business's local month of now ("YYYY-MM", localMonth): the month it counts in. */
  month: string;
  /** Only while this setting of the business is on (texts about bookings); replies to a customer have none. */
  setting?: "sms_confirmations" | "sms_reminders";
};

/** The business's monthly limit as SQL over `tenants t`. */
export const smsLimitSql = sql`COALESCE(t.sms_monthly_limit, CASE t.plan WHEN 'enterprise' THEN ${PLAN_SMS_LIMITS.enterprise}
  WHEN 'pro' THEN ${PLAN_SMS_LIMITS.pro} ELSE ${PLAN_SMS_LIMITS.free} END)`;

/** Texts that count against the business's limit in `month` (every outgoing text written, except suppressed or cancelled ones). */
export const smsUsedSql = (tenantId: SQL | string, month: string) =>
  sql`(SELECT count(*) FROM sms_messages u WHERE u.tenant_id = ${tenantId} AND u.month = ${month} AND u.status NOT IN ('suppressed', 'cancelled'))`;

/** The address the owner is told at: the owner member's e-mail, else the business's. */
const ownerAddress = (tenantId: string) => sql`COALESCE((SELECT u.email FROM tenant_members m JOIN users u ON u.id = m.user_id
    WHERE m.tenant_id = ${tenantId} AND m.role = 'owner' AND m.is_active = 1 ORDER BY m.created_at, m.id LIMIT 1),
  (SELECT NULLIF(email, '') FROM tenants WHERE id = ${tenantId}))`;

/**
 * The text's fragment for the caller's batch (src/services/batch.ts): its record, its job, and the
 * owner's notice. After commit the batch enqueues the job (and the notice) if they were written.
 * Value: whether the record was written (the gate held and the business sends this kind of text).
 */
export function smsInsert(db: Db, text: OutgoingText, now: Date, onlyIf: SQL = sql`1`): Fragment<boolean> & { messageId: string } {
  const messageId = newId("sms");
  const jobId = newId("job");
  const t = now.toISOString();
  // design.md §31: no control character reaches a text (its templates clean names already; this is the sink).
  const body = plainLines(text.body);
  const { segments } = countSegments(body);
  const setting = text.setting ? sql`t.${sql.raw(text.setting)} = 1` : sql`1`;
  const reason = sql`CASE
      WHEN ${optedOutSql(text.phone)} THEN 'opted_out'
      WHEN ${smsUsedSql(text.tenantId, text.month)} >= ${smsLimitSql} THEN 'monthly_limit' END`;
  const message = db.run(sql`
    INSERT INTO sms_messages (id, tenant_id, booking_id, customer_id, direction, phone, body, template, segments, status, error, month,
                              job_id, created_at, updated_at)
    SELECT ${messageId}, ${text.tenantId}, ${text.bookingId ?? null}, ${text.customerId ?? null}, 'out', ${text.phone}, ${body},
           ${text.template}, ${segments}, CASE WHEN r.reason IS NULL THEN 'pending' ELSE 'suppressed' END, r.reason, ${text.month},
           ${jobId}, ${t}, ${t}
    FROM (SELECT ${reason} AS reason FROM tenants t WHERE t.id = ${text.tenantId} AND ${setting}) r
    WHERE ${onlyIf}`);
  // A suppressed text's job is written suppressed: listed with the jobs, never performed, never enqueued.
  const job = db.all<{ status: string }>(sql`
    INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, last_error, created_at, updated_at)
    SELECT ${jobId}, ${SMS_KIND}, m.tenant_id, m.id, json_object('messageId', m.id),
           CASE m.status WHEN 'suppressed' THEN 'suppressed' ELSE 'pending' END, 0, ${t}, m.error, ${t}, ${t}
    FROM sms_messages m WHERE m.id = ${messageId}
    RETURNING status`);
  // The owner hears of the limit once a month: the first suppressed text of the month marks it.
  const notice = db.run(sql`
    UPDATE tenants SET sms_limit_notice_month = ${text.month}
    WHERE id = ${text.tenantId} AND COALESCE(sms_limit_notice_month, '') <> ${text.month}
      AND EXISTS (SELECT 1 FROM sms_messages WHERE id = ${messageId} AND error = 'monthly_limit')`);
  const email = emailInsert(
    db,
    { ...smsLimitEmail({ businessName: text.businessName, month: text.month }), tenantId: text.tenantId, to: ownerAddress(text.tenantId) },
    now,
    // Right after the UPDATE above: whether it marked the month in this batch.
    sql`changes() > 0`,
  );
  const fragment = compose((add) => {
    const written = add(message);
    add(single(job, (rows) => ({ value: rows, pointers: rows[0]?.status === "pending" ? [{ kind: SMS_KIND, id: jobId }] : [] })));
    add(notice);
    add(email);
    return () => wrote(written.result());
  });
  return { messageId, ...fragment };
}
