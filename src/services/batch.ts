import type { BatchItem } from "drizzle-orm/batch";
import { type Db, runBatch } from "../db/client";
import type { AfterCommit } from "./context";
import { enqueue, type JobPointer } from "./outbox/pointer";

/**
 * The batch builder: ONE way to run a write (or read) batch. Every piece of a batch is a
 * *fragment*: its statements, in order, and a `settle` step that turns its own statements'
 * results into its value and the outbox jobs it wrote that the queue should perform now. Adding a
 * part returns a typed handle to that value, so nobody counts positions in the results:
 *
 *   const b = batch(db);
 *   const update = b.add(db.run(sql`UPDATE ...`));        // Handle<ResultSet>
 *   b.add(emailInsert(db, mail, now, gate));                // enqueued after commit if written
 *   const after = b.add(bookingViewQuery(db, ref));        // Handle<BookingView[]>
 *   await b.run(ctx);                                      // ONE db.batch round trip, atomic
 *   if (update.result().rowsAffected !== 1) ...
 *
 * `run(ctx)` hands every fragment's pointers to the queue in one `enqueue` (best effort: the cron
 * performs what a lost message leaves pending). Without `ctx` nothing is enqueued and the rows wait
 * for the cron (its own batches) or for the caller, which gets the pointers back.
 */

/** One statement of a batch: `db.run`, `db.all`, a select/insert/update builder. */
export type Statement = BatchItem<"sqlite">;
/** What a statement answers inside a batch: a ResultSet for `db.run`, rows for `db.all` and selects. */
export type ResultOf<S extends Statement> = S["_"]["result"];

/** A fragment's value and the jobs it wrote that the queue should perform at once. */
export type Settled<R> = { value: R; pointers: readonly JobPointer[] };

/** The one shape of every part of a batch (outbox e-mail, webhook event, job, audit row, booking effects, money). */
export type Fragment<R = void> = {
  readonly statements: readonly Statement[];
  /** After the batch committed, with the results of its own statements (same order). */
  settle(results: readonly unknown[]): Settled<R>;
};

/** What `add` takes: a fragment, or a bare statement (a fragment whose value is its result). */
export type Part = Statement | Fragment<unknown>;

/** A part's value once its batch ran; reading it earlier is a programming error. */
export type Handle<R> = { result(): R };

export type { AfterCommit };

export type Add = {
  <S extends Statement>(part: S): Handle<ResultOf<S>>;
  <R>(part: Fragment<R>): Handle<R>;
  (part: Part): Handle<unknown>;
};

const NOTHING: readonly JobPointer[] = [];

const isFragment = (part: Part): part is Fragment<unknown> => typeof (part as Partial<Fragment<unknown>>).settle === "function";

/** A single statement as a fragment, its value derived from its result. */
export function single<S extends Statement, R>(statement: S, settle: (result: ResultOf<S>) => Settled<R>): Fragment<R> {
  return { statements: [statement], settle: (results) => settle(results[0] as ResultOf<S>) };
}

const bare = (statement: Statement): Fragment<unknown> => ({
  statements: [statement],
  settle: (r) => ({ value: r[0], pointers: NOTHING }),
});

class Slot<R> implements Handle<R> {
  private filled = false;
  private value: R | undefined;
  fill(value: R) {
    this.value = value;
    this.filled = true;
  }
  result(): R {
    if (!this.filled) throw new Error("A batch part was read before its batch ran");
    return this.value as R;
  }
}

/** Parts in order, each with the slot its value lands in. */
class Parts {
  private readonly entries: { fragment: Fragment<unknown>; slot: Slot<unknown> }[] = [];

  readonly add = ((part: Part) => {
    const slot = new Slot<unknown>();
    this.entries.push({ fragment: isFragment(part) ? part : bare(part), slot });
    return slot;
  }) as Add;

  statements(): Statement[] {
    return this.entries.flatMap((e) => e.fragment.statements);
  }

  /** Hands each part its own slice of `results`; returns every part's pointers, in order. */
  settle(results: readonly unknown[]): JobPointer[] {
    const pointers: JobPointer[] = [];
    let at = 0;
    for (const { fragment, slot } of this.entries) {
      const n = fragment.statements.length;
      const settled = fragment.settle(results.slice(at, at + n));
      at += n;
      slot.fill(settled.value);
      pointers.push(...settled.pointers);
    }
    return pointers;
  }
}

/**
 * A fragment made of parts (an e-mail and a webhook, a refund row and its job, ...): `build` adds
 * them and may return how the fragment's value is read from their handles. Its pointers are its
 * parts' pointers.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a build step without a value of its own returns nothing.
export function compose<R = void>(build: (add: Add) => (() => R) | void): Fragment<R> {
  const parts = new Parts();
  const value = build(parts.add);
  return {
    statements: parts.statements(),
    settle(results) {
      const pointers = parts.settle(results);
      return { value: (value ? value() : undefined) as R, pointers };
    },
  };
}

/** Several parts as one fragment without a value of its own. */
export const group = (parts: readonly Part[]): Fragment =>
  compose((add) => {
    for (const part of parts) add(part);
  });

export class Batch {
  private readonly parts = new Parts();
  private ran = false;

  constructor(private readonly db: Db) {}

  /** Adds a part in order; its handle reads the part's value after `run`. */
  readonly add: Add = this.parts.add;

  /**
   * ONE round trip (`db.batch`, atomic; none when the batch is empty). A failing statement (a
   * unique index, ...) rejects with the driver's error and settles nothing. After commit every
   * part is settled; with `after` the pointers go to the queue. Returns the pointers either way.
   */
  async run(after?: AfterCommit): Promise<JobPointer[]> {
    if (this.ran) throw new Error("A batch runs once");
    this.ran = true;
    const statements = this.parts.statements();
    const results = statements.length > 0 ? await runBatch(this.db, statements) : [];
    const pointers = this.parts.settle(results);
    if (after && pointers.length > 0) after.waitUntil(enqueue(after.queue, pointers));
    return pointers;
  }
}

export const batch = (db: Db) => new Batch(db);

/** Runs one part alone (one round trip) and answers its value. */
export async function runPart<S extends Statement>(db: Db, part: S, after?: AfterCommit): Promise<ResultOf<S>>;
export async function runPart<R>(db: Db, part: Fragment<R>, after?: AfterCommit): Promise<R>;
export async function runPart(db: Db, part: Part, after?: AfterCommit): Promise<unknown> {
  const b = batch(db);
  const handle = b.add(part);
  await b.run(after);
  return handle.result();
}

/** `db.run` results: did the statement write a row. */
export const wrote = (result: { rowsAffected: number }) => result.rowsAffected > 0;
