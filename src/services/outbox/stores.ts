import { type SQL, sql } from "drizzle-orm";
import type { JobState } from "../../shared/job-kinds";

/**
 * The outbox engine's tables as the lists read them (design.md §22, §24): the failed-jobs lists,
 * the operator's jobs API, the health's backlog and the alerts all go over this registry, so a
 * kind added to the `jobs` table appears everywhere with no change, and a kind with a table of its
 * own (SMS, say) is one entry here. Every table has the engine's lifecycle columns (`id`,
 * `tenant_id`, `status`, `attempts`, `next_attempt_at`, `locked_at`, `last_error`, `created_at`,
 * `updated_at`); the fragments below are constants of ours, never request input.
 */
export type ListedStore = {
  /** The SQL table. */
  table: string;
  /** The job's kind (the queue pointer's `kind`): a constant for a one-kind table, else its column. */
  kind: SQL;
  /** What it is within the kind: the e-mail's template, the webhook's event type, or the kind again. */
  type: SQL;
  /** Who it goes to: the recipient's address, the webhook endpoint's id, or the job's idempotency key. */
  target: SQL;
  /** The receiver's last HTTP status, where the table keeps one. */
  statusCode: SQL;
  /** Its status once done. */
  doneStatus: string;
  /**
   * A retry is refused while this holds: an e-mail whose body was blanked (a one-time link, an
   * erased customer) would go out empty.
   */
  retryBlocked: SQL;
  /** What an operator's discard blanks besides the status (an e-mail's body: it will never be sent). */
  discardSet: SQL;
  /** Which of its jobs an owner may retry from the app (their own e-mails and webhooks). */
  ownerRetry: SQL;
};

export const LISTED_STORES: ListedStore[] = [
  {
    table: "email_outbox",
    kind: sql.raw("'email'"),
    type: sql.raw("kind"),
    target: sql.raw("to_email"),
    statusCode: sql.raw("NULL"),
    doneStatus: "sent",
    // An e-mail stored as facts (issue #42) has no body until it is sent: its facts are what a retry sends.
    retryBlocked: sql.raw("(sensitive = 1 OR (text_body = '' AND facts IS NULL))"),
    discardSet: sql.raw(", text_body = '', html_body = '', facts = NULL, attachments = NULL"),
    ownerRetry: sql.raw("1"),
  },
  {
    table: "webhook_deliveries",
    kind: sql.raw("'webhook'"),
    type: sql.raw("event_type"),
    target: sql.raw("endpoint_id"),
    statusCode: sql.raw("last_status_code"),
    doneStatus: "delivered",
    retryBlocked: sql.raw("0"),
    discardSet: sql.raw(""),
    ownerRetry: sql.raw("1"),
  },
  {
    table: "jobs",
    kind: sql.raw("kind"),
    type: sql.raw("kind"),
    target: sql.raw("idempotency_key"),
    statusCode: sql.raw("NULL"),
    doneStatus: "done",
    retryBlocked: sql.raw("0"),
    discardSet: sql.raw(""),
    // Reminders are e-mails to the owner's eyes; Stripe calls are the operator's to retry.
    ownerRetry: sql.raw("kind = 'booking.reminder'"),
  },
];

/** A claim older than this is stuck (every kind's stuck timeout is 5 minutes today). */
export const STUCK_AFTER_MS = 5 * 60_000;

export { JOB_STATES, type JobState } from "../../shared/job-kinds";

/** The SQL condition of a state, over a store's own columns. */
export function stateCondition(state: JobState, now: Date): SQL {
  const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS).toISOString();
  if (state === "stuck") return sql`status = 'sending' AND locked_at < ${stuckBefore}`;
  return sql`status = ${state}`;
}

/** A stuck claim, over a store's own columns. */
export const stuckSql = (now: Date) => stateCondition("stuck", now);
