import { type Client, type InArgs, type InStatement, LibsqlBatchError, type ResultSet, type TransactionMode } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Db } from "./client";

/**
 * A check that must pass before a request may touch the database, folded into the request's first
 * round trip instead of costing one of its own: the guard statement runs first in that round
 * trip's transaction and makes it fail (so nothing of it is applied or returned) unless the caller
 * is allowed. Every later statement waits for that answer. A request that never reached the
 * database runs the guard alone when `settle()` is called.
 *
 * The statement must raise an error when the check fails (e.g. `CASE WHEN ok THEN .. ELSE json('x')
 * END`): a failing statement is the only way one statement can stop the others of a batch.
 */
export type Guard = {
  statement: InStatement;
  /** The guard refused: the error every database call of the request throws (it may query `db`). */
  refused(db: Db): Promise<Error>;
  /** The guard passed, with its own result (e.g. to note when a credential was last used). */
  passed?(result: ResultSet): void;
};

export type GuardedDb = {
  db: Db;
  /** Runs the guard if nothing ran it yet; rejects with the refusal, if any. */
  settle(): Promise<void>;
};

/** Normalised form of what `Client.execute` accepts. */
const statementOf = (stmt: InStatement | string, args?: InArgs): InStatement =>
  typeof stmt === "string" ? { sql: stmt, args: args ?? [] } : stmt;

export function guardDb(db: Db, guard: Guard): GuardedDb {
  const client = db.$client as Client;
  let gate: Promise<void> | undefined;

  const refusal = async () => guard.refused(db);

  /** The first round trip: the guard, then the caller's statements, in one transaction. */
  function first(stmts: InStatement[], mode?: TransactionMode): Promise<ResultSet[]> {
    const all = client.batch([guard.statement, ...stmts], mode);
    gate = all.then(
      ([own]) => guard.passed?.(own),
      async (err) => {
        // A later statement failing (a unique index, ...) means the guard itself passed; the guard
        // failing is the refusal; anything else (the network) leaves the check undone.
        if (err instanceof LibsqlBatchError && err.statementIndex > 0) return;
        if (err instanceof LibsqlBatchError && err.statementIndex === 0) throw await refusal();
        throw err;
      },
    );
    return all.then(
      (results) => results.slice(1),
      async (err) => {
        await gate; // throws the refusal when it was the guard that failed
        throw err;
      },
    );
  }

  const guarded: Client = {
    execute: (async (stmt: InStatement | string, args?: InArgs) => {
      if (!gate) return (await first([statementOf(stmt, args)]))[0];
      await gate;
      return client.execute(statementOf(stmt, args));
    }) as Client["execute"],
    batch: async (stmts, mode) => {
      const list = stmts.map((s) => (Array.isArray(s) ? statementOf(s[0], s[1]) : statementOf(s)));
      if (!gate) return first(list, mode);
      await gate;
      return client.batch(list, mode);
    },
    migrate: async (stmts) => {
      await settle();
      return client.migrate(stmts);
    },
    transaction: async (mode?: TransactionMode) => {
      await settle();
      return client.transaction(mode);
    },
    executeMultiple: async (sql) => {
      await settle();
      return client.executeMultiple(sql);
    },
    sync: () => client.sync(),
    close: () => client.close(),
    reconnect: () => client.reconnect(),
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
  };

  async function settle() {
    if (!gate) await first([]);
    await gate;
  }

  return { db: drizzle(guarded), settle };
}
