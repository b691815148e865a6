// One libsql (better-sqlite3 style, synchronous) connection per stream, and a pool of idle ones.
//
// Driver facts this file is built around (libsql 0.5.x, checked by experiment):
// - A statement that fails with SQLITE_BUSY is NOT reset: SQLite keeps it "active" so it could be
//   retried. While it is, later autocommit writes on that connection are left uncommitted and keep
//   the write lock. The driver has no reset(), so such a connection is "tainted" and is replaced as
//   soon as it is back in autocommit (and the statement is dropped from the cache).
// - `exec()` finalizes its statements even on error, so transaction control (BEGIN/COMMIT/...) runs
//   through `exec()` and a busy BEGIN IMMEDIATE leaves nothing behind.
// - `close()` only lets go of the connection; SQLite closes it when the last statement object is
//   garbage-collected. So a connection is always rolled back before it is let go.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {any} */
const Database = require("libsql");

const STMT_CACHE_MAX = 200;

/** @typedef {{ stmt: any, reader: boolean }} CachedStmt */

export class Conn {
  /** @param {string} file */
  constructor(file) {
    /** @type {any} */
    this.db = new Database(file, { timeout: 0 });
    // busy_timeout 0: a busy wait would block the event loop; busy is retried asynchronously.
    this.db.exec("PRAGMA busy_timeout = 0; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL");
    /** @type {Map<string, CachedStmt>} */
    this.stmts = new Map();
    /** A statement hit SQLITE_BUSY/LOCKED and may still be active: replace once in autocommit. */
    this.tainted = false;
    /** Per-connection state was changed (PRAGMA, ATTACH, TEMP objects): do not pool it. */
    this.dirty = false;
    this.open = true;
    /** @type {CachedStmt | undefined} */
    this.infoStmt = undefined;
  }

  get inTransaction() {
    return this.open && this.db.inTransaction;
  }

  /** Prepare (cached) with raw rows and safe integers. Throws the driver's error. @param {string} sql */
  prepare(sql) {
    let entry = this.stmts.get(sql);
    if (entry) {
      this.stmts.delete(sql);
      this.stmts.set(sql, entry);
      return entry;
    }
    const stmt = this.db.prepare(sql);
    const reader = stmt.reader;
    stmt.safeIntegers(true);
    if (reader) stmt.raw(true);
    entry = { stmt, reader };
    this.stmts.set(sql, entry);
    if (this.stmts.size > STMT_CACHE_MAX) this.stmts.delete(/** @type {string} */ (this.stmts.keys().next().value));
    return entry;
  }

  /** Drop a statement that must not be run again (it may still be active). @param {string} sql */
  forget(sql) {
    this.stmts.delete(sql);
  }

  /** `changes()` and `last_insert_rowid()` as BigInt. @returns {[bigint, bigint]} */
  changesAndRowid() {
    if (!this.infoStmt) {
      const stmt = this.db.prepare("SELECT changes(), last_insert_rowid()");
      stmt.safeIntegers(true);
      stmt.raw(true);
      this.infoStmt = { stmt, reader: true };
    }
    const [row] = this.infoStmt.stmt.all([]);
    return [row[0], row[1]];
  }

  /** Roll back whatever is open; never throws. */
  rollback() {
    if (!this.open) return;
    try {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
    } catch {
      // nothing more can be done; close() follows
    }
  }

  close() {
    if (!this.open) return;
    this.rollback();
    this.stmts.clear();
    this.infoStmt = undefined;
    this.open = false;
    try {
      this.db.close();
    } catch {
      // already closed
    }
  }
}

export class Pool {
  /** @param {string} file @param {number} max idle connections kept */
  constructor(file, max) {
    this.file = file;
    this.max = max;
    /** @type {Conn[]} */
    this.idle = [];
    this.opened = 0;
  }

  acquire() {
    const conn = this.idle.pop();
    if (conn) return conn;
    this.opened++;
    return new Conn(this.file);
  }

  /** Back to the pool if clean and in autocommit, else closed. @param {Conn} conn */
  release(conn) {
    if (!conn.open) return;
    conn.rollback();
    if (conn.tainted || conn.dirty || conn.db.inTransaction || this.idle.length >= this.max) conn.close();
    else this.idle.push(conn);
  }

  closeAll() {
    for (const conn of this.idle.splice(0)) conn.close();
  }
}
