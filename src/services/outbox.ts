import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { plainText } from "../domain/plain-text";
import { newId } from "../lib/ids";
import { type Fragment, single, wrote } from "./batch";
import type { RenderedEmail } from "./email/templates";
import { emailPointer } from "./outbox/pointer";

/**
 * The transactional outbox, as the services that cause side effects write to it. Whoever causes
 * an e-mail adds `emailInsert(...)` to the SAME batch as the change that causes it (src/services/
 * batch.ts); after commit the batch enqueues the row if it was written. If the enqueue is lost,
 * the cron finds the pending row and sends it anyway. Webhook deliveries:
 * src/services/webhooks/events.ts; every other kind: `jobInsert` (src/services/outbox/jobs.ts).
 * The engine that performs them all lives in src/services/outbox/.
 *
 * `onlyIf` is an SQL condition evaluated inside the batch (e.g. "the booking row now exists"), so
 * an e-mail is written only when the conditional change it belongs to actually happened.
 * Every subject leaves here without control characters (design.md §31: names typed by anyone end
 * up in subjects).
 */
export function emailInsert(
  db: Db,
  email: RenderedEmail & { tenantId: string | null; to: string | SQL },
  now: Date,
  onlyIf?: SQL,
  cap?: RecipientCap,
): Fragment<boolean> & { id: string } {
  const id = newId("eml");
  const t = now.toISOString();
  const sensitive = email.sensitive ? 1 : 0;
  const attachments = email.attachments?.length ? JSON.stringify(email.attachments) : null;
  // `to` may be an SQL expression (an address read inside the batch): no address, no row.
  const literal = typeof email.to === "string";
  const to = literal ? sql`${email.to}` : email.to;
  const hasAddress = literal ? sql`1` : sql`r.to_email IS NOT NULL AND r.to_email <> ''`;
  // How many e-mails of this kind the recipient was given in the cap's window (0 without a cap).
  const given = cap
    ? sql`(SELECT count(*) FROM email_outbox o WHERE o.to_email = r.to_email AND o.kind = ${email.kind}
        AND o.created_at > ${new Date(now.getTime() - cap.windowMs).toISOString()} AND o.status <> 'suppressed')`
    : sql`0`;
  const over = sql`q.given >= ${cap?.limit ?? 1}`;
  const insert = db.run(sql`
    INSERT INTO email_outbox (id, tenant_id, kind, to_email, subject, text_body, html_body, sensitive, attachments, status, attempts, next_attempt_at, last_error, created_at, updated_at)
    SELECT ${id}, ${email.tenantId}, ${email.kind}, q.to_email, ${plainText(email.subject)}, ${email.text}, ${email.html}, ${sensitive}, ${attachments},
           CASE WHEN ${cap ? over : sql`0`} THEN 'suppressed' ELSE 'pending' END, 0, ${t},
           CASE WHEN ${cap ? over : sql`0`} THEN ${cap?.reason ?? null} END, ${t}, ${t}
    FROM (SELECT r.to_email, ${given} AS given FROM (SELECT ${to} AS to_email) r WHERE ${hasAddress}) q
    WHERE ${onlyIf ?? sql`1`}`);
  // Value: whether the row was written (no address, or the gate was false: nothing to send). A
  // suppressed row is enqueued like any other; no sender claims it.
  return { id, ...single(insert, (result) => ({ value: wrote(result), pointers: wrote(result) ? [emailPointer(id)] : [] })) };
}

/**
 * A per-recipient cap across the platform (design.md §31): past `limit` e-mails of the same kind to
 * one address in `windowMs`, the row is still written (the business sees what was not sent) but as
 * `suppressed`, which no sender ever claims; `reason` is its last_error.
 */
export type RecipientCap = { limit: number; windowMs: number; reason: string };

export { emailPointer, enqueue, type JobPointer, webhookPointer } from "./outbox/pointer";
export { jobCancel, jobInsert, type JobHandler } from "./outbox/jobs";
