import type { Db } from "../../db/client";
import { logger } from "../../lib/log";
import { NO_METRICS } from "../../lib/metrics";
import { batch, type Handle, runPart } from "../batch";
import { type Claimed, claimDue, performClaimed, recordOutcomes, releaseStatement, runOne } from "./engine";
import type { AnyKind, Clock, JobObserver, JobRow, Kind } from "./types";

/** Jobs one cron run claims per kind: bounds its subrequests (one call each, plus the db trips). */
export const CRON_BATCH_SIZE = 50;
/** Jobs performed in parallel; each chunk's outcomes are one database round trip. */
export const CRON_CHUNK = 10;
/**
 * A run starts no new chunk after this much wall time and hands the rest back, so a run ends
 * well inside its minute (a chunk in flight may add one send timeout, 10 s) and the next tick
 * carries on. A backlog drains at up to CRON_BATCH_SIZE jobs per kind per minute.
 */
export const CRON_BUDGET_MS = 20_000;

export type QueueAction = { ack: true } | { ack: false; delaySeconds: number };
const ACK: QueueAction = { ack: true };

function wait(k: AnyKind, seconds: number, messageAttempts: number): QueueAction {
  const delay = k.queue.retryDelay(seconds, messageAttempts);
  return delay === null ? ACK : { ack: false, delaySeconds: delay };
}

/**
 * One queue message = one pointer to a job. The row, not the message, decides: a redelivered or
 * duplicate message finds the row done or held and is acked without performing anything; one
 * that arrives before the row's backoff ran out comes back when it is due.
 */
export async function runPointer(
  db: Db,
  k: AnyKind,
  id: string,
  clock: Clock,
  messageAttempts: number,
  observer?: JobObserver,
): Promise<QueueAction> {
  try {
    const result = await runOne(db, k, id, clock, observer);
    if (result.kind === "performed") return result.outcome.kind === "retry" ? wait(k, result.outcome.delaySeconds, messageAttempts) : ACK;
    if (result.current?.status === "pending") {
      return wait(k, Math.ceil((Date.parse(result.current.nextAttemptAt) - clock().getTime()) / 1000), messageAttempts);
    }
    // Done, failed, gone, or held by a live claim (its holder, or the cron after the stuck timeout, finishes it).
    return ACK;
  } catch (err) {
    // The database could not be reached: the row is untouched or will be taken over; try later.
    logger.error("queue message could not be processed; retrying", { actor: "queue", kind: k.name, jobId: id, error: err });
    return { ack: false, delaySeconds: k.queue.errorDelay(messageAttempts) };
  }
}

export type KindSummary = { claimed: number; done: number; retried: number; failed: number; released: number; cleaned: number };

/**
 * `tenantId` confines a run to one business's jobs and skips housekeeping. Production never sets
 * it; tests drive the cron with a pinned clock (reminders due years ahead) and must not claim the
 * jobs of other tests that share the database.
 */
export type DispatchScope = { tenantId?: string };

export type CronOptions = { limit?: number; chunk?: number; budgetMs?: number; observer?: JobObserver } & DispatchScope;

/**
 * The cron path for every kind at once: ONE round trip claims a bounded batch of due or stuck
 * jobs of each kind (with their related reads) and runs each kind's housekeeping; then each kind
 * performs its jobs in chunks, in parallel with the other kinds (a slow integrator does not hold
 * up e-mail), one round trip per chunk's outcomes: 1 + sum over kinds of ceil(n / chunk).
 */
export async function dispatchDue(db: Db, kinds: AnyKind[], clock: Clock, opts: CronOptions = {}): Promise<Record<string, KindSummary>> {
  const limit = opts.limit ?? CRON_BATCH_SIZE;
  const start = clock();
  const deadline = start.getTime() + (opts.budgetMs ?? CRON_BUDGET_MS);
  if (kinds.length === 0) return {};
  const b = batch(db);
  const plan = kinds.map((k) => ({
    k,
    claimed: b.add(claimDue(db, k, start, limit, opts.tenantId)),
    cleanup: k.cleanup && opts.tenantId === undefined ? (b.add(k.cleanup(db, start)) as Handle<{ rowsAffected?: number }>) : null,
  }));
  await b.run();
  const summaries = await Promise.all(
    plan.map(async ({ k, claimed, cleanup }) => {
      const summary = await performAll(db, k, claimed.result(), clock, opts.chunk ?? CRON_CHUNK, deadline, opts.observer);
      if (cleanup) summary.cleaned = cleanup.result().rowsAffected ?? 0;
      return [k.name, summary] as const;
    }),
  );
  return Object.fromEntries(summaries);
}

async function performAll<Row extends JobRow, Extra>(
  db: Db,
  k: Kind<Row, Extra>,
  claimed: Claimed<Row, Extra>[],
  clock: Clock,
  chunk: number,
  deadline: number,
  observer?: JobObserver,
): Promise<KindSummary> {
  const summary: KindSummary = { claimed: claimed.length, done: 0, retried: 0, failed: 0, released: 0, cleaned: 0 };
  for (let i = 0; i < claimed.length; i += chunk) {
    if (clock().getTime() >= deadline) {
      const rest = claimed.slice(i).map((c) => c.row);
      summary.released = rest.length;
      try {
        await runPart(db, releaseStatement(db, k, rest, clock()));
      } catch (err) {
        logger.error("releasing unsent jobs failed; taken over after the stuck timeout", {
          actor: "cron",
          kind: k.name,
          jobs: rest.length,
          error: err,
        });
      }
      break;
    }
    const part = claimed.slice(i, i + chunk);
    const outcomes = await Promise.all(part.map((c) => performClaimed(k, c, clock, observer ?? { origin: "cron", metrics: NO_METRICS })));
    await recordOutcomes(
      db,
      k,
      part.map((c, j) => ({ row: c.row, outcome: outcomes[j] })),
      clock(),
    );
    for (const o of outcomes) summary[o.kind === "done" ? "done" : o.kind === "retry" ? "retried" : "failed"] += 1;
  }
  return summary;
}
