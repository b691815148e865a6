import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { type Db, schema } from "../../db/client";
import { claimOne, runOne } from "../outbox/engine";
import { dispatchDue } from "../outbox/dispatch";
import type { Clock, Kind, Outcome } from "../outbox/types";
import type { EmailProvider } from "./provider";
import { emailRetryDelaySeconds, isLastEmailAttempt, STUCK_SENDING_MS } from "./retry-policy";
import { plainText } from "../../domain/plain-text";
import { parseStored, StoredEmailError, type StoredRenderer } from "./stored";
import type { RenderedEmail } from "./templates";

/**
 * The e-mail kind of the outbox engine (src/services/outbox/): rows of `email_outbox`, sent
 * through the provider with `Idempotency-Key: <outbox id>`, retried by ./retry-policy. The
 * engine claims, fences and retries; this file only says how one e-mail goes out. A row that
 * carries facts instead of a finished e-mail (./stored.ts) is rendered here, on every try the same.
 */

const outbox = schema.emailOutbox;
export type OutboxRow = typeof outbox.$inferSelect;

/** Cloudflare Queues accept delays up to 12 h. */
const MAX_QUEUE_DELAY_S = 12 * 3600;

/** Sent rows are kept this long (the owner's history, provider ids), then deleted by the cron. */
export const SENT_RETENTION_DAYS = 30;
/** Rows one cron run deletes at most; a larger backlog goes over the next runs. */
export const PURGE_BATCH_SIZE = 500;

export const emailStore = {
  name: "email_outbox",
  table: outbox,
  columns: {
    id: outbox.id,
    status: outbox.status,
    attempts: outbox.attempts,
    nextAttemptAt: outbox.nextAttemptAt,
    lockedAt: outbox.lockedAt,
    tenantId: outbox.tenantId,
  },
  doneStatus: "sent",
};

/**
 * Sent rows older than the retention, oldest first, in one bounded DELETE. next_attempt_at is
 * never after sent_at, so the (status, next_attempt_at) index bounds the scan.
 */
export function purgeSentEmailsStatement(db: Db, now: Date, limit = PURGE_BATCH_SIZE) {
  const cutoff = new Date(now.getTime() - SENT_RETENTION_DAYS * 86_400_000).toISOString();
  const old = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "sent"), lt(outbox.nextAttemptAt, cutoff), lt(outbox.sentAt, cutoff)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit);
  return db.delete(outbox).where(inArray(outbox.id, old));
}

/**
 * The e-mail a row stands for: its finished columns, or its stored facts rendered. Facts this
 * release cannot render are the row's own fault (an unknown template or version): an error.
 */
export function outboxEmailContent(row: OutboxRow, render: StoredRenderer | undefined): RenderedEmail | StoredEmailError {
  if (row.facts === null) {
    return {
      kind: row.kind,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      attachments: row.attachments ?? undefined,
      language: row.language ?? undefined,
    };
  }
  if (!render) return new StoredEmailError("no renderer for stored e-mails");
  try {
    const email = render(parseStored(row.facts));
    // design.md §31: no control characters in a subject, as emailInsert does for a finished e-mail.
    return { ...email, subject: plainText(email.subject) };
  } catch (err) {
    return err instanceof StoredEmailError ? err : new StoredEmailError(`rendering ${row.kind} failed: ${String(err)}`.slice(0, 300));
  }
}

/** `render`: turns stored facts into the e-mail (src/services/notifications/stored-mail.ts). */
export function emailKind(provider: EmailProvider, render?: StoredRenderer): Kind<OutboxRow> {
  return {
    name: "email",
    store: emailStore,
    stuckAfterMs: STUCK_SENDING_MS,
    idempotencyKey: (row) => row.id,
    async perform(row, { idempotencyKey, clock }) {
      const email = outboxEmailContent(row, render);
      // Never a blank e-mail: facts that cannot be rendered fail the row (kept, with its facts, in the failed list).
      if (email instanceof StoredEmailError) return { ok: false, permanent: true, error: email.message };
      const result = await provider.send({
        idempotencyKey,
        kind: row.kind,
        to: row.toEmail,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments,
        language: email.language,
      });
      if (result.ok) return { ok: true, set: { providerMessageId: result.providerMessageId, sentAt: clock().toISOString() } };
      return { ok: false, permanent: result.permanent, error: result.error };
    },
    retry(row, now) {
      if (isLastEmailAttempt(row.attempts)) return null;
      const delaySeconds = emailRetryDelaySeconds(row.attempts);
      return { delaySeconds, nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000) };
    },
    // A reset or invite link is a secret: once the e-mail is out (or never will be), keep no copy,
    // rendered or as facts.
    terminalSet: (row) => (row.sensitive ? { textBody: "", htmlBody: "", facts: null } : {}),
    queue: {
      // The message waits as long as the row does, so queue and cron agree on when the next try is due.
      retryDelay: (wait) => Math.min(MAX_QUEUE_DELAY_S, Math.max(1, Math.ceil(wait))),
      errorDelay: (messageAttempts) => emailRetryDelaySeconds(messageAttempts),
    },
    cleanup: (db, now) => purgeSentEmailsStatement(db, now),
  };
}

// Named entry points of the e-mail kind (tests and tools drive e-mail through them).

export type DeliveryOutcome =
  | { kind: "sent"; providerMessageId: string | null }
  | { kind: "retry"; delaySeconds: number; error: string }
  | { kind: "failed"; error: string };

function emailOutcome(o: Outcome): DeliveryOutcome {
  if (o.kind === "done") return { kind: "sent", providerMessageId: (o.set.providerMessageId as string | null) ?? null };
  if (o.kind === "retry") return { kind: "retry", delaySeconds: o.delaySeconds, error: o.error };
  return { kind: "failed", error: o.error };
}

/** Claims one row as a sender would (one round trip). */
export async function claimOutboxRow(db: Db, id: string, now: Date) {
  const claim = await claimOne<OutboxRow, never>(db, { store: emailStore, stuckAfterMs: STUCK_SENDING_MS }, id, now);
  return claim.claimed ? { claimed: true as const, row: claim.row } : { claimed: false as const, current: claim.current };
}

/** The queue path for one row: claim, send, record. Two round trips when it sends. */
export async function deliverOutboxEmail(db: Db, provider: EmailProvider, id: string, clock: Clock, render?: StoredRenderer) {
  const result = await runOne(db, emailKind(provider, render), id, clock);
  if (result.kind === "not_claimed") return { kind: "not_claimed" as const, current: result.current };
  return { kind: "delivered" as const, outcome: emailOutcome(result.outcome) };
}

/** The cron path for e-mail alone: 1 + ceil(n / chunk) round trips (the purge rides in the first). */
export async function dispatchDueOutboxEmails(
  db: Db,
  provider: EmailProvider,
  clock: Clock,
  opts: { limit: number; chunk?: number; render?: StoredRenderer },
) {
  const { email } = await dispatchDue(db, [emailKind(provider, opts.render)], clock, opts);
  return { claimed: email.claimed, sent: email.done, retried: email.retried, failed: email.failed };
}
