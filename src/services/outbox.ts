import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
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
 */
export function emailInsert(
  db: Db,
  email: RenderedEmail & { tenantId: string | null; to: string | SQL },
  now: Date,
  onlyIf?: SQL,
): Fragment<boolean> & { id: string } {
  const id = newId("eml");
  const t = now.toISOString();
  const sensitive = email.sensitive ? 1 : 0;
  const attachments = email.attachments?.length ? JSON.stringify(email.attachments) : null;
  // `to` may be an SQL expression (an address read inside the batch): no address, no row.
  const literal = typeof email.to === "string";
  const to = literal ? sql`${email.to}` : email.to;
  const hasAddress = literal ? sql`1` : sql`r.to_email IS NOT NULL AND r.to_email <> ''`;
  const insert = db.run(sql`
    INSERT INTO email_outbox (id, tenant_id, kind, to_email, subject, text_body, html_body, sensitive, attachments, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT ${id}, ${email.tenantId}, ${email.kind}, r.to_email, ${email.subject}, ${email.text}, ${email.html}, ${sensitive}, ${attachments}, 'pending', 0, ${t}, ${t}, ${t}
    FROM (SELECT ${to} AS to_email) r
    WHERE ${hasAddress} AND (${onlyIf ?? sql`1`})`);
  // Value: whether the row was written (no address, or the gate was false: nothing to send).
  return { id, ...single(insert, (result) => ({ value: wrote(result), pointers: wrote(result) ? [emailPointer(id)] : [] })) };
}

export { emailPointer, enqueue, type JobPointer, webhookPointer } from "./outbox/pointer";
export { jobCancel, jobInsert, type JobHandler } from "./outbox/jobs";
