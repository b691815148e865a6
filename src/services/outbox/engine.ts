import { and, asc, eq, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { logger } from "../../lib/log";
import { NO_METRICS } from "../../lib/metrics";
import { batch, compose, type Fragment, type Part, type Statement } from "../batch";
import type { Attempt, Clock, JobObserver, JobRow, Kind, Outcome, Store } from "./types";

/** Where outcomes go when a caller (a test, a tool) names no observer. */
const QUIET_QUEUE: JobObserver = { origin: "queue", metrics: NO_METRICS };

/**
 * The lifecycle every outbox kind shares: claim (one atomic conditional UPDATE, attempts + 1) ->
 * perform -> record the outcome fenced on the claim (status 'sending' and the attempt number it
 * took), so a worker whose claim was taken over can no longer write anything. A claim older than
 * the kind's stuck timeout is presumed dead and may be taken again; the idempotency key the
 * third party sees keeps such a second try single.
 */

// The engine works on any store through the lifecycle columns it names; Drizzle cannot type a
// table chosen at run time, so the statements are built untyped here and typed by Row at the edges.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Untyped = any;

function claimable(k: Pick<Kind, "store" | "stuckAfterMs">, now: Date): SQL {
  const c = k.store.columns;
  const stuckBefore = new Date(now.getTime() - k.stuckAfterMs).toISOString();
  return or(
    and(eq(c.status, "pending"), lte(c.nextAttemptAt, now.toISOString())),
    and(eq(c.status, "sending"), lt(c.lockedAt, stuckBefore)),
  ) as SQL;
}

function inScope(store: Store, ...conds: (SQL | undefined)[]): SQL {
  return and(...conds, store.scope) as SQL;
}

function claimSet(store: Store, now: Date) {
  const t = now.toISOString();
  return { status: "sending", attempts: sql`${store.columns.attempts} + 1`, lockedAt: t, updatedAt: t };
}

export type ClaimState = { status: string; nextAttemptAt: string; lockedAt: string | null };
export type Claimed<Row, Extra> = { row: Row; extra: Extra | undefined };
export type ClaimOneResult<Row, Extra> = ({ claimed: true } & Claimed<Row, Extra>) | { claimed: false; current: ClaimState | null };

/**
 * Claims one job. One round trip: the conditional UPDATE, a read of the row's state after it and
 * the kind's related read travel in one batch, so a refused claim still says why (done, held by
 * another worker, not due yet, gone).
 */
export async function claimOne<Row extends JobRow, Extra>(
  db: Db,
  k: Pick<Kind<Row, Extra>, "store" | "stuckAfterMs" | "related">,
  id: string,
  now: Date,
): Promise<ClaimOneResult<Row, Extra>> {
  const { table, columns: c } = k.store;
  const mine = inScope(k.store, eq(c.id, id));
  const b = batch(db);
  const claimed = b.add(
    (db.update(table) as Untyped)
      .set(claimSet(k.store, now))
      .where(and(mine, claimable(k, now)))
      .returning() as Statement,
  );
  const current = b.add(db.select({ status: c.status, nextAttemptAt: c.nextAttemptAt, lockedAt: c.lockedAt }).from(table).where(mine));
  const related = k.related ? b.add(k.related.query(db, mine)) : null;
  await b.run();
  const row = (claimed.result() as Row[])[0];
  if (row) return { claimed: true, row, extra: k.related?.pick(row, related?.result()) };
  return { claimed: false, current: (current.result() as ClaimState[])[0] ?? null };
}

/**
 * Claims up to `limit` due or stuck jobs of a kind in ONE UPDATE (oldest due first), plus its
 * related read; its value is the claimed jobs. The outer condition is re-checked inside the atomic
 * UPDATE, so a row a queue consumer claimed meanwhile is not taken twice. For a batch shared by
 * several kinds.
 */
export function claimDue<Row extends JobRow, Extra>(
  db: Db,
  k: Pick<Kind<Row, Extra>, "store" | "stuckAfterMs" | "related">,
  now: Date,
  limit: number,
  tenantId?: string,
): Fragment<Claimed<Row, Extra>[]> {
  const { table, columns: c } = k.store;
  // A tenant-scoped run (tests only, see DispatchScope) never touches another business's jobs.
  const scoped = tenantId === undefined ? undefined : c.tenantId ? eq(c.tenantId, tenantId) : sql`0`;
  const due = db
    .select({ id: c.id })
    .from(table)
    .where(inScope(k.store, claimable(k, now), scoped))
    .orderBy(asc(c.nextAttemptAt))
    .limit(limit);
  return compose((add) => {
    const claimed = add(
      (db.update(table) as Untyped)
        .set(claimSet(k.store, now))
        .where(inScope(k.store, inArray(c.id, due), claimable(k, now), scoped))
        .returning() as Statement,
    );
    // The rows this UPDATE just locked carry locked_at = now; rows another claim locked in the same
    // millisecond only add harmless extra related rows.
    const related = k.related
      ? add(k.related.query(db, inScope(k.store, eq(c.status, "sending"), eq(c.lockedAt, now.toISOString()))))
      : null;
    return () => (claimed.result() as Row[]).map((row) => ({ row, extra: k.related?.pick(row, related?.result()) }));
  });
}

/** Only the holder of this claim (still sending, same attempt number) may write the outcome. */
function heldBy(store: Store, row: JobRow): SQL {
  const c = store.columns;
  return inScope(store, eq(c.id, row.id), eq(c.status, "sending"), eq(c.attempts, row.attempts));
}

/** The fenced write(s) that record `outcome` for a claimed row: one UPDATE plus gated effects. */
export function outcomeStatements<Row extends JobRow>(db: Db, k: Kind<Row>, row: Row, outcome: Outcome, now: Date): Part[] {
  const t = now.toISOString();
  const { table, columns: c } = k.store;
  const common = { lockedAt: null, updatedAt: t };
  let set: Record<string, unknown>;
  if (outcome.kind === "done") set = { ...common, ...outcome.set, ...k.terminalSet?.(row), status: k.store.doneStatus, lastError: null };
  else if (outcome.kind === "retry")
    set = { ...common, ...outcome.set, status: "pending", nextAttemptAt: outcome.nextAttemptAt.toISOString(), lastError: outcome.error };
  else set = { ...common, ...outcome.set, ...k.terminalSet?.(row), status: "failed", lastError: outcome.error };
  const update = (db.update(table) as Untyped).set(set).where(heldBy(k.store, row)) as Statement;
  if (outcome.kind !== "done" || !outcome.effects) return [update];
  // Effects of a success apply only if this claim's write did: the attempt number is unique per claim.
  const gate = sql`EXISTS (SELECT 1 FROM ${table} WHERE ${and(eq(c.id, row.id), eq(c.status, k.store.doneStatus), eq(c.attempts, row.attempts))})`;
  return [update, ...outcome.effects(db, gate)];
}

/** Hands claimed rows back unsent (a cron run out of time): due as before, the attempt not counted. */
export function releaseStatement(db: Db, k: Pick<Kind, "store">, rows: JobRow[], now: Date): Statement {
  const c = k.store.columns;
  return (db.update(k.store.table) as Untyped)
    .set({ status: "pending", attempts: sql`${c.attempts} - 1`, lockedAt: null, updatedAt: now.toISOString() })
    .where(or(...rows.map((row) => heldBy(k.store, row))) ?? sql`0`);
}

/** Maps a try onto the row's next state; `row.attempts` already counts this try. */
export function decide<Row extends JobRow>(k: Kind<Row>, row: Row, attempt: Attempt, now: Date): Outcome {
  if (attempt.ok) return { kind: "done", set: attempt.set ?? {}, effects: attempt.effects };
  const set = attempt.set ?? {};
  if (attempt.permanent) return { kind: "failed", error: attempt.error, set };
  const plan = k.retry(row, now);
  if (!plan) return { kind: "failed", error: `gave up after ${row.attempts} attempts; last: ${attempt.error}`, set };
  return { kind: "retry", ...plan, error: attempt.error, set };
}

/** Performs a claimed row and decides its outcome; ids only in logs (bodies and URLs hold secrets). */
export async function performClaimed<Row extends JobRow, Extra>(
  k: Kind<Row, Extra>,
  claimed: Claimed<Row, Extra>,
  clock: Clock,
  observer: JobObserver = QUIET_QUEUE,
) {
  const { row, extra } = claimed;
  const started = Date.now();
  let attempt: Attempt;
  try {
    attempt = await k.perform(row, { idempotencyKey: k.idempotencyKey(row), extra, clock });
  } catch (err) {
    attempt = { ok: false, permanent: false, error: `${k.name} handler error: ${String(err)}`.slice(0, 300) };
  }
  const outcome = decide(k, row, attempt, clock());
  reportOutcome(k.name, row, outcome, Date.now() - started, observer);
  return outcome;
}

/** One log line and one data point per job outcome (design.md §24). */
function reportOutcome(kind: string, row: JobRow, outcome: Outcome, ms: number, observer: JobObserver) {
  const fields = {
    actor: observer.origin,
    kind,
    jobId: row.id,
    tenantId: row.tenantId,
    outcome: outcome.kind,
    attempts: row.attempts,
    ms,
    ...(outcome.kind === "retry" ? { retryInSeconds: outcome.delaySeconds } : {}),
    ...(outcome.kind === "done" ? {} : { lastError: outcome.error }),
  };
  const level = outcome.kind === "done" ? "info" : outcome.kind === "retry" ? "warn" : "error";
  logger[level]("job", fields);
  observer.metrics.job({ kind, outcome: outcome.kind, tenantId: row.tenantId, origin: observer.origin, ms, attempts: row.attempts });
}

/**
 * Records outcomes in one batch. If the database is unreachable right now, the rows stay
 * `sending` and are taken over after the stuck timeout (the idempotency key keeps a second try
 * single). Returns whether the write went through. Rows the effects write (a refund's
 * `payment.refunded`, a fee's e-mail) are not enqueued: the next cron tick sends them.
 */
export async function recordOutcomes<Row extends JobRow>(
  db: Db,
  k: Kind<Row>,
  items: { row: Row; outcome: Outcome }[],
  now: Date,
): Promise<boolean> {
  if (items.length === 0) return true;
  try {
    const b = batch(db);
    for (const { row, outcome } of items) for (const part of outcomeStatements(db, k, row, outcome, now)) b.add(part);
    await b.run();
    return true;
  } catch (err) {
    logger.error("recording job outcomes failed; taken over after the stuck timeout", {
      kind: k.name,
      jobs: items.map((i) => i.row.id),
      error: err,
    });
    return false;
  }
}

export type SingleRun<Row> = { kind: "performed"; row: Row; outcome: Outcome } | { kind: "not_claimed"; current: ClaimState | null };

/** The queue path: claim one job, perform it, record the outcome. Two round trips when it runs. */
export async function runOne<Row extends JobRow, Extra>(
  db: Db,
  k: Kind<Row, Extra>,
  id: string,
  clock: Clock,
  observer?: JobObserver,
): Promise<SingleRun<Row>> {
  const claim = await claimOne(db, k, id, clock());
  if (!claim.claimed) return { kind: "not_claimed", current: claim.current };
  const outcome = await performClaimed(k, claim, clock, observer);
  await recordOutcomes(db, k, [{ row: claim.row, outcome }], clock());
  return { kind: "performed", row: claim.row, outcome };
}
