import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import type { Metrics } from "../../lib/metrics";
import type { Part } from "../batch";

/**
 * The outbox engine's vocabulary (design.md §22). A *kind* is one sort of side effect (an e-mail,
 * a webhook delivery, a Stripe call); its jobs live in a *store*, a table with the lifecycle
 * columns below. The engine owns the lifecycle, the kind only says how to perform one job and
 * when to try again:
 *
 *   pending --claim--> sending --done-----> <doneStatus>
 *                         |-----retry----> pending (next_attempt_at later)
 *                         |-----failed---> failed
 *                         '-----release--> pending (a cron run out of time; attempt not counted)
 */

export type Clock = () => Date;

/** The columns every store has, under the same property names (the engine writes them by name). */
export type JobRow = {
  id: string;
  tenantId: string | null;
  status: string;
  attempts: number;
  nextAttemptAt: string;
  lockedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
};

export type Store = {
  /** For logs. */
  name: string;
  table: SQLiteTable;
  columns: {
    id: AnySQLiteColumn;
    status: AnySQLiteColumn;
    attempts: AnySQLiteColumn;
    nextAttemptAt: AnySQLiteColumn;
    lockedAt: AnySQLiteColumn;
    /** The owning business; lets a test-only run be scoped to one tenant (`DispatchScope`). */
    tenantId?: AnySQLiteColumn;
  };
  /** The rows of this kind when the table holds several kinds (jobs.kind = ...). */
  scope?: SQL;
  /** The status a successful job ends in ("sent", "delivered", "done"). */
  doneStatus: string;
};

/** What one try came to, as the kind reports it. `set` adds kind columns to the outcome write. */
export type Attempt =
  | { ok: true; set?: Record<string, unknown>; effects?: (db: Db, gate: SQL) => Part[] }
  | { ok: false; permanent: boolean; error: string; set?: Record<string, unknown> };

/** The next state the engine writes, fenced on the claim. */
export type Outcome =
  | { kind: "done"; set: Record<string, unknown>; effects?: (db: Db, gate: SQL) => Part[] }
  | { kind: "retry"; delaySeconds: number; nextAttemptAt: Date; error: string; set: Record<string, unknown> }
  | { kind: "failed"; error: string; set: Record<string, unknown> };

export type RetryPlan = { delaySeconds: number; nextAttemptAt: Date };

/**
 * How a kind's queue messages wait: `retryDelay` maps a row's wait onto a message delay, or null
 * to ack and leave the wait to next_attempt_at and the cron; `errorDelay` is the wait after the
 * database or configuration could not be reached.
 */
export type QueuePolicy = {
  retryDelay(waitSeconds: number, messageAttempts: number): number | null;
  errorDelay(messageAttempts: number): number;
};

export type PerformContext<Extra> = {
  /** What the third party deduplicates on: the same for every try of this job. */
  idempotencyKey: string;
  /** The kind's `related` read for this row (the webhook's endpoint), if it has one. */
  extra: Extra | undefined;
  clock: Clock;
};

/** One kind of side effect: a small handler the engine runs. */
export type Kind<Row extends JobRow = JobRow, Extra = unknown> = {
  /** The queue pointer's `kind` ("email", "webhook", "stripe_call", ...). */
  name: string;
  store: Store;
  /**
   * A read that travels in the claim's batch (no extra round trip): `rows` selects the claimed
   * rows of the store; `pick` finds a row's part of the result.
   */
  related?: { query(db: Db, rows: SQL): BatchItem<"sqlite">; pick(row: Row, result: unknown): Extra | undefined };
  idempotencyKey(row: Row): string;
  /** One try. Throwing counts as a transient failure. */
  perform(row: Row, ctx: PerformContext<Extra>): Promise<Attempt>;
  /** After a transient failure on try `row.attempts`: when to try again, or null to give up. */
  retry(row: Row, now: Date): RetryPlan | null;
  /** Columns written with either end state, done or failed (e-mail: blank a sensitive body). */
  terminalSet?(row: Row): Record<string, unknown>;
  /** A claim older than this is presumed dead and may be taken over (well above the send timeout). */
  stuckAfterMs: number;
  queue: QueuePolicy;
  /** Housekeeping that rides in the cron's claim batch (e-mail: the 30-day purge). */
  cleanup?(db: Db, now: Date): BatchItem<"sqlite">;
};

// biome-ignore lint/suspicious/noExplicitAny: a registry holds kinds of different row types
export type AnyKind = Kind<any, any>;

/**
 * Who runs a job and where its outcome is reported (design.md §24): every outcome is one log line
 * (`actor` = the origin) and one data point.
 */
export type JobObserver = { origin: "queue" | "cron"; metrics: Metrics };
