import { type SQL, sql } from "drizzle-orm";
import { type Db, schema } from "../../db/client";
import { prepared } from "../../db/prepared";
import { newId } from "../../lib/ids";
import { type Fragment, type Part, single, wrote } from "../batch";
import type { JobPointer } from "./pointer";
import type { Kind, PerformContext, QueuePolicy, RetryPlan, Store } from "./types";

/**
 * Kinds without a table of their own keep their jobs in `jobs` (design.md §22): the payments
 * work's Stripe calls first. Such a kind is a `JobHandler` listed in ./kinds.ts; `jobInsert` goes
 * in the same batch as the change that causes the job (src/services/batch.ts), which enqueues a
 * job that is due now after commit.
 */

const jobs = schema.jobs;
export type StoredJob = typeof jobs.$inferSelect;

/** What a handler's try came to. `result` is kept on the row; `effects` run in the same batch as "done". */
export type JobAttempt =
  | { ok: true; result?: unknown; effects?: (db: Db, gate: SQL) => Part[] }
  | { ok: false; permanent: boolean; error: string };

export type JobHandler<Extra = undefined> = {
  /** The jobs.kind value and the queue pointer's kind, e.g. "stripe_call". */
  kind: string;
  /** One try; `ctx.idempotencyKey` is the job's key, for the third party (Stripe's Idempotency-Key). */
  perform(job: StoredJob, ctx: PerformContext<Extra>): Promise<JobAttempt>;
  /** A read that rides in the claim's batch (the booking a reminder is about): no extra round trip. */
  related?: Kind<StoredJob, Extra>["related"];
  /** Housekeeping in the cron's claim batch (deleting old finished jobs of the kind). */
  cleanup?: Kind<StoredJob, Extra>["cleanup"];
  /** Defaults to `defaultJobRetry`. */
  retry?(job: StoredJob, now: Date): RetryPlan | null;
  /** Defaults to 5 min; keep it well above the handler's own timeout. */
  stuckAfterMs?: number;
  queue?: QueuePolicy;
};

/** Tries before a job is given up as failed: 30 s doubling to 1 h, about 11 h in all. */
export const MAX_JOB_ATTEMPTS = 15;

/**
 * Counted in attempts, not from creation, because a job may be scheduled far ahead (a fee charged
 * 24 h after a late cancellation) and must still get all its tries when it comes due.
 */
export function defaultJobRetry(job: Pick<StoredJob, "attempts">, now: Date): RetryPlan | null {
  if (job.attempts >= MAX_JOB_ATTEMPTS) return null;
  const delaySeconds = Math.min(3600, 30 * 2 ** Math.max(0, Math.min(job.attempts - 1, 20)));
  return { delaySeconds, nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000) };
}

/** Waits up to 5 min ride on the message (max_retries 10); longer ones on next_attempt_at and the cron. */
export const defaultJobQueuePolicy: QueuePolicy = {
  retryDelay: (wait, messageAttempts) => (wait <= 300 && messageAttempts < 10 ? Math.max(1, Math.ceil(wait)) : null),
  errorDelay: () => 30,
};

function jobsStore(kind: string): Store {
  return {
    name: `jobs:${kind}`,
    table: jobs,
    columns: {
      id: jobs.id,
      status: jobs.status,
      attempts: jobs.attempts,
      nextAttemptAt: jobs.nextAttemptAt,
      lockedAt: jobs.lockedAt,
      tenantId: jobs.tenantId,
    },
    scope: sql`${jobs.kind} = ${kind}`,
    doneStatus: "done",
  };
}

/** The engine's view of a jobs-table handler. */
export function jobKind<Extra = undefined>(h: JobHandler<Extra>): Kind<StoredJob, Extra> {
  return {
    name: h.kind,
    store: jobsStore(h.kind),
    related: h.related,
    cleanup: h.cleanup,
    stuckAfterMs: h.stuckAfterMs ?? 5 * 60_000,
    idempotencyKey: (job) => job.idempotencyKey,
    async perform(job, ctx) {
      const attempt = await h.perform(job, ctx);
      if (!attempt.ok) return attempt;
      return { ok: true, set: { result: attempt.result ?? null, doneAt: ctx.clock().toISOString() }, effects: attempt.effects };
    },
    retry: (job, now) => (h.retry ?? defaultJobRetry)(job, now),
    queue: h.queue ?? defaultJobQueuePolicy,
  };
}

/** A job due now goes to the queue after commit; one scheduled ahead waits for the cron. */
const dueNow = (runAt: Date | undefined, now: Date) => !runAt || runAt.getTime() <= now.getTime();

/**
 * One statement for the batch of the change that causes the job, gated by `onlyIf`. A job whose
 * (kind, idempotencyKey) exists already is not written again, so retrying the causing request
 * cannot double a refund. `runAt` schedules it (default: now). Value: whether it was written.
 */
export function jobInsert(
  db: Db,
  job: { kind: string; tenantId: string | null; payload: unknown; idempotencyKey?: string; runAt?: Date },
  now: Date,
  onlyIf?: SQL,
): Fragment<boolean> & { id: string; pointer: JobPointer } {
  const id = newId("job");
  const t = now.toISOString();
  const due = (job.runAt ?? now).toISOString();
  const values = {
    id,
    kind: job.kind,
    tenantId: job.tenantId,
    key: job.idempotencyKey ?? id,
    payload: JSON.stringify(job.payload ?? null),
    due,
    t,
  };
  const insert = insertStatement.run(db, values, onlyIf);
  const pointer: JobPointer = { kind: job.kind, id };
  const enqueued = dueNow(job.runAt, now);
  return { id, pointer, ...single(insert, (r) => ({ value: wrote(r), pointers: wrote(r) && enqueued ? [pointer] : [] })) };
}

/** jobInsert's statement: one text per isolate, bound per job (issue #42). */
const insertStatement = prepared<{
  id: string;
  kind: string;
  tenantId: string | null;
  key: string;
  payload: string;
  due: string;
  t: string;
}>(
  (p, gate) => sql`
    INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT ${p.id}, ${p.kind}, ${p.tenantId}, ${p.key}, ${p.payload}, 'pending', 0, ${p.due}, ${p.t}, ${p.t}
    WHERE ${gate}
    ON CONFLICT (kind, idempotency_key) DO NOTHING`,
);

/**
 * Like `jobInsert`, for jobs whose key and payload come from rows of the same batch (a refund's
 * sequence number makes its key; a booking's PaymentIntents, one job each). `select` yields the
 * columns `tenant_id`, `idempotency_key`, `payload` (JSON text), one row per job; ids are made
 * in SQL and RETURNed, so the batch enqueues what was written (an existing key writes nothing).
 */
export function jobInsertSelect(db: Db, job: { kind: string; select: SQL; runAt?: Date }, now: Date): Fragment<{ id: string }[]> {
  const t = now.toISOString();
  const due = (job.runAt ?? now).toISOString();
  const enqueued = dueNow(job.runAt, now);
  const insert = db.all<{ id: string }>(sql`
    INSERT INTO jobs (id, kind, tenant_id, idempotency_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'job_' || lower(hex(randomblob(10))), ${job.kind}, s.tenant_id, s.idempotency_key, s.payload, 'pending', 0, ${due}, ${t}, ${t}
    FROM (${job.select}) s WHERE 1
    ON CONFLICT (kind, idempotency_key) DO NOTHING
    RETURNING id`);
  return single(insert, (rows) => ({ value: rows, pointers: enqueued ? rows.map((r) => ({ kind: job.kind, id: r.id })) : [] }));
}

/** Cancels a job that has not started (a fee the owner waived); a job being performed is not stopped. */
export function jobCancel(db: Db, kind: string, idempotencyKey: string, now: Date) {
  const t = now.toISOString();
  return db.all<{ id: string }>(sql`
    UPDATE jobs SET status = 'cancelled', updated_at = ${t}
    WHERE kind = ${kind} AND idempotency_key = ${idempotencyKey} AND status = 'pending'
    RETURNING id`);
}

/**
 * A kind's `cleanup`: its done or cancelled jobs due more than `retentionDays` ago are deleted,
 * oldest first, 500 a cron run (the reminders keep theirs a while for support questions).
 */
export function finishedJobsCleanup(kind: string, retentionDays: number): NonNullable<JobHandler["cleanup"]> {
  return (db, now) => {
    const cutoff = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
    return db.run(sql`
        DELETE FROM jobs WHERE id IN (
          SELECT id FROM jobs WHERE status IN ('done', 'cancelled') AND next_attempt_at < ${cutoff} AND kind = ${kind}
          ORDER BY next_attempt_at LIMIT 500)`);
  };
}
