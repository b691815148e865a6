// Runs execute / batch / sequence / describe requests on a stream's connection, synchronously.
//
// SQLITE_BUSY: when the request may safely run again from the start (the stream was in autocommit
// when it began and nothing of it has been committed yet) a BusySignal aborts it at once; the
// caller rolls back, waits asynchronously and runs it again. Otherwise the busy error is returned
// like any other statement error.
import { analyzeSql, splitStatements } from "./sql-text.mjs";
import { ProtoError, decodeValue, encodeValue, errorToProto } from "./protocol.mjs";

/** Thrown to abort a request that hit SQLITE_BUSY and will be retried. */
export class BusySignal extends Error {
  constructor() {
    super("busy: retry");
  }
}

/**
 * @typedef {object} ExecContext
 * @property {() => import("./connection.mjs").Conn} conn   the stream's usable connection
 * @property {Map<number, string>} sqls                    stored SQL texts of the stream
 * @property {() => boolean} canRetry                      may a BusySignal be thrown now?
 * @property {boolean} committed                            something of this request is committed
 * @property {boolean} upgradeBegin                         run BEGIN [DEFERRED] as BEGIN IMMEDIATE
 */

/** @param {any} err */
export const isBusy = (err) => typeof err?.code === "string" && err.code.startsWith("SQLITE_BUSY");
/** @param {any} err */
const taints = (err) => isBusy(err) || (typeof err?.code === "string" && err.code.startsWith("SQLITE_LOCKED"));

/** @param {string} message */
function sqlError(message) {
  return Object.assign(new Error(message), { code: "SQLITE_ERROR" });
}

/** @param {ExecContext} ctx @param {{ sql?: string | null, sql_id?: number | null }} ref */
function resolveSql(ctx, ref) {
  if (typeof ref.sql === "string") return ref.sql;
  const sql = ctx.sqls.get(/** @type {number} */ (ref.sql_id));
  if (sql === undefined) throw new ProtoError(`SQL text with id ${ref.sql_id} was not stored`, "SQL_NOT_FOUND");
  return sql;
}

/** @param {import("./sql-text.mjs").SqlInfo} info @param {any[] | undefined} args @param {any[] | undefined} namedArgs */
function bindValues(info, args, namedArgs) {
  const values = new Array(info.paramCount).fill(null);
  if (args) for (let i = 0; i < args.length && i < values.length; i++) values[i] = decodeValue(args[i]);
  if (namedArgs) {
    for (const { name, value } of namedArgs) {
      let index = info.nameToIndex.get(name);
      if (index === undefined && !/^[:@$?#]/.test(name)) {
        index = info.nameToIndex.get(`:${name}`) ?? info.nameToIndex.get(`@${name}`) ?? info.nameToIndex.get(`$${name}`);
      }
      if (index !== undefined) values[index - 1] = decodeValue(value);
    }
  }
  return values;
}

/**
 * Did this statement, which just succeeded, commit something?
 * @param {import("./sql-text.mjs").SqlInfo} info @param {boolean} wasInTx @param {boolean} inTx
 */
function commits(info, wasInTx, inTx) {
  if (inTx) return false;
  if (info.kind === "read" || info.kind === "pragma") return false;
  if (info.kind === "txn") return wasInTx && (info.verb === "COMMIT" || info.verb === "END" || info.verb === "RELEASE");
  return true;
}

/**
 * Run one statement and build its StmtResult.
 * @param {ExecContext} ctx
 * @param {string} sql
 * @param {{ args?: any[], named_args?: any[], want_rows?: boolean }} [stmt]
 */
export function runSql(ctx, sql, stmt = {}) {
  const info = analyzeSql(sql);
  if (info.kind === "empty") throw sqlError("SQL string does not contain any statement");
  if (info.statementCount > 1) throw sqlError("SQL string contains more than one statement");
  const conn = ctx.conn();
  const wasInTx = conn.inTransaction;
  const started = performance.now();
  if (info.dirtiesConnection) conn.dirty = true;

  /** @type {any[][]} */
  let rows = [];
  /** @type {{ name: string | null, decltype: string | null }[]} */
  let cols = [];
  let affected = 0;
  /** @type {string | null} */
  let lastRowid = null;

  if (info.kind === "txn" && info.paramCount === 0) {
    // exec() finalizes even on error: nothing stays active after a busy BEGIN IMMEDIATE.
    const text = ctx.upgradeBegin && info.begin === "deferred" ? "BEGIN IMMEDIATE" : sql;
    try {
      conn.db.exec(text);
    } catch (err) {
      if (isBusy(err) && ctx.canRetry()) throw new BusySignal();
      throw err;
    }
  } else {
    const values = bindValues(info, stmt.args, stmt.named_args);
    /** @type {import("./connection.mjs").CachedStmt | undefined} */
    let entry;
    try {
      entry = conn.prepare(sql);
      if (entry.reader) {
        rows = entry.stmt.all(values);
        cols = entry.stmt.columns().map((/** @type {any} */ c) => ({ name: c.name ?? null, decltype: c.type ?? null }));
        if (info.dml) {
          const [changes, rowid] = conn.changesAndRowid();
          affected = Number(changes);
          lastRowid = rowid.toString();
        }
      } else {
        const res = entry.stmt.run(values);
        if (info.dml) {
          affected = res.changes;
          lastRowid = Number.isSafeInteger(res.lastInsertRowid) ? String(res.lastInsertRowid) : conn.changesAndRowid()[1].toString();
        }
      }
    } catch (err) {
      if (entry && taints(err)) {
        conn.tainted = true;
        conn.forget(sql);
      }
      if (isBusy(err) && ctx.canRetry()) throw new BusySignal();
      throw err;
    }
  }

  if (commits(info, wasInTx, conn.inTransaction)) ctx.committed = true;
  return {
    cols,
    rows: stmt.want_rows === false ? [] : rows.map((row) => row.map(encodeValue)),
    affected_row_count: affected,
    last_insert_rowid: lastRowid,
    rows_read: rows.length,
    rows_written: info.dml ? affected : 0,
    query_duration_ms: performance.now() - started,
  };
}

/** @param {ExecContext} ctx @param {any} stmt */
export function executeStmt(ctx, stmt) {
  return runSql(ctx, resolveSql(ctx, stmt), stmt);
}

/** Does any step run a statement that writes? @param {ExecContext} ctx @param {any[]} steps */
export function batchWrites(ctx, steps) {
  return steps.some((step) => {
    const sql = typeof step.stmt.sql === "string" ? step.stmt.sql : ctx.sqls.get(step.stmt.sql_id);
    return sql !== undefined && analyzeSql(sql).kind === "write";
  });
}

/** @param {ExecContext} ctx @param {{ steps: any[] }} batch */
export function executeBatch(ctx, batch) {
  const n = batch.steps.length;
  /** @type {any[]} */
  const results = new Array(n).fill(null);
  /** @type {any[]} */
  const errors = new Array(n).fill(null);
  /** @param {any} cond @returns {boolean} */
  const holds = (cond) => {
    switch (cond.type) {
      case "ok":
        return results[cond.step] !== null;
      case "error":
        return errors[cond.step] !== null;
      case "not":
        return !holds(cond.cond);
      case "and":
        return cond.conds.every(holds);
      case "or":
        return cond.conds.some(holds);
      case "is_autocommit":
        return !ctx.conn().inTransaction;
      default:
        throw new ProtoError(`unknown condition type ${cond.type}`);
    }
  };
  for (let i = 0; i < n; i++) {
    const step = batch.steps[i];
    if (step.condition != null && !holds(step.condition)) continue;
    try {
      results[i] = executeStmt(ctx, step.stmt);
    } catch (err) {
      if (err instanceof BusySignal || err instanceof ProtoError) throw err;
      errors[i] = errorToProto(err);
    }
  }
  return { step_results: results, step_errors: errors };
}

/** Run every statement of a SQL text; stops at the first error. @param {ExecContext} ctx @param {any} req */
export function executeSequence(ctx, req) {
  const statements = splitStatements(resolveSql(ctx, req));
  ctx.upgradeBegin = statements.some((sql) => analyzeSql(sql).kind === "write");
  for (const sql of statements) runSql(ctx, sql, { want_rows: false });
}

/** @param {ExecContext} ctx @param {any} req */
export function describe(ctx, req) {
  const sql = resolveSql(ctx, req);
  const info = analyzeSql(sql);
  if (info.kind === "empty") throw sqlError("SQL string does not contain any statement");
  if (info.statementCount > 1) throw sqlError("SQL string contains more than one statement");
  let cols = [];
  if (info.kind !== "txn") {
    const entry = ctx.conn().prepare(sql);
    cols = entry.stmt.columns().map((/** @type {any} */ c) => ({ name: c.name, decltype: c.type ?? null }));
  }
  return {
    params: info.paramNames.map((name) => ({ name })),
    cols,
    is_explain: info.explain,
    is_readonly: info.kind === "read" || info.kind === "txn",
  };
}
