import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Env } from "../config";
import { newId } from "../lib/ids";
import type { RenderedEmail } from "./email/templates";
import { enqueue } from "./outbox/pointer";

/**
 * The transactional outbox, as the services that cause side effects write to it. Whoever causes
 * an e-mail puts `emailInsert(...).insert` in the SAME batch as the change that causes it, then
 * calls `enqueueEmails` after that batch succeeded. If the enqueue is lost, the cron finds the
 * pending row and sends it anyway. Webhook deliveries: src/services/webhooks/events.ts; every
 * other kind: `jobInsert` + `enqueue` (src/services/outbox/jobs.ts). The engine that performs
 * them all lives in src/services/outbox/.
 *
 * `onlyIf` is an SQL condition evaluated inside the batch (e.g. "the booking row now exists"), so
 * an e-mail is written only when the conditional change it belongs to actually happened.
 */
export function emailInsert(db: Db, email: RenderedEmail & { tenantId: string | null; to: string | SQL }, now: Date, onlyIf?: SQL) {
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
  return { id, insert };
}

/** Best effort: a failed enqueue is logged, never surfaced; the cron is the safety net. */
export async function enqueueEmails(env: Env, outboxIds: string[]) {
  await enqueue(
    env.EMAIL_QUEUE,
    outboxIds.map((id) => ({ kind: "email", id })),
  );
}

export { enqueue, type JobPointer } from "./outbox/pointer";
export { jobCancel, jobInsert, type JobHandler } from "./outbox/jobs";
