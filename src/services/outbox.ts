import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import type { RenderedEmail } from "./email/templates";

/**
 * The transactional outbox. Whoever causes an e-mail puts `emailInsert(...).insert` in the SAME
 * batch as the change that causes it, then calls `enqueueEmails` after that batch succeeded. If
 * the enqueue is lost, the cron finds the pending row and sends it anyway.
 *
 * `onlyIf` is an SQL condition evaluated inside the batch (e.g. "the booking row now exists"), so
 * an e-mail is written only when the conditional change it belongs to actually happened.
 */
export function emailInsert(db: Db, email: RenderedEmail & { tenantId: string | null; to: string }, now: Date, onlyIf?: SQL) {
  const id = newId("eml");
  const t = now.toISOString();
  const insert = db.run(sql`
    INSERT INTO email_outbox (id, tenant_id, kind, to_email, subject, text_body, html_body, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT ${id}, ${email.tenantId}, ${email.kind}, ${email.to}, ${email.subject}, ${email.text}, ${email.html}, 'pending', 0, ${t}, ${t}, ${t}
    WHERE ${onlyIf ?? sql`1`}`);
  return { id, insert };
}

/** Best effort: a failed enqueue is logged, never surfaced; the cron is the safety net. */
export async function enqueueEmails(env: Env, outboxIds: string[]) {
  if (outboxIds.length === 0) return;
  try {
    await env.EMAIL_QUEUE.sendBatch(outboxIds.map((outboxId) => ({ body: { kind: "email" as const, outboxId } })));
  } catch (err) {
    console.error("enqueue of outbox e-mails failed; the cron will dispatch them", outboxIds, err);
  }
}
