// Streams (one connection each, addressed by a baton that changes with every response), the
// pipeline loop, and the asynchronous SQLITE_BUSY retry.
//
// Why waiting works without polling in the common case: request execution is synchronous, so the
// only in-process holder of the write lock across event-loop turns is a stream resting inside a
// transaction. Whenever a stream finishes a pipeline outside a transaction (or is closed/expired),
// the oldest waiter is woken. A timer (backoff) covers writers in other processes.
import { randomBytes } from "node:crypto";
import { BusySignal, batchWrites, describe, executeBatch, executeSequence, executeStmt } from "./executor.mjs";
import { ProtoError, errorToProto, validatePipeline } from "./protocol.mjs";

class LockWaiters {
  constructor() {
    /** @type {{ since: number, wake: () => void }[]} oldest first */
    this.queue = [];
  }

  /**
   * Resolve on notify() or after `ms`. Waiters are woken oldest first (by when they first waited).
   * @param {number} ms @param {number} since
   */
  wait(ms, since) {
    return new Promise((resolve) => {
      const waiter = {
        since,
        wake: () => {
          clearTimeout(timer);
          resolve(undefined);
        },
      };
      const timer = setTimeout(() => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) this.queue.splice(i, 1);
        resolve(undefined);
      }, ms);
      let i = this.queue.length;
      while (i > 0 && this.queue[i - 1].since > since) i--;
      this.queue.splice(i, 0, waiter);
    });
  }

  /** Wake the oldest waiter (the write lock may be free). */
  notify() {
    this.queue.shift()?.wake();
  }

  wakeAll() {
    for (const w of this.queue.splice(0)) w.wake();
  }
}

/**
 * @typedef {object} Stream
 * @property {number} id
 * @property {import("./connection.mjs").Conn | null} conn
 * @property {Map<number, string>} sqls
 * @property {boolean} closed
 * @property {boolean} busy        a pipeline is being served
 * @property {number} lastUsed
 */

export class StreamManager {
  /**
   * @param {import("./connection.mjs").Pool} pool
   * @param {{ busyTimeoutMs: number, streamIdleMs: number }} options
   */
  constructor(pool, { busyTimeoutMs, streamIdleMs }) {
    this.pool = pool;
    this.busyTimeoutMs = busyTimeoutMs;
    this.streamIdleMs = streamIdleMs;
    /** @type {Map<string, Stream>} */
    this.byBaton = new Map();
    this.waiters = new LockWaiters();
    this.nextId = 1;
    this.closing = false;
    this.busyRetries = 0;
    this.sweeper = setInterval(() => this.sweep(), Math.min(1000, streamIdleMs));
    this.sweeper.unref();
  }

  /** Serve one pipeline body; returns the response body. Throws ProtoError for HTTP 400. @param {any} body */
  async pipeline(body) {
    if (this.closing) throw new ProtoError("Server is shutting down", "SERVER_SHUTTING_DOWN", 503);
    /** @type {Stream | undefined} */
    let stream;
    if (body?.baton != null) {
      stream = this.byBaton.get(body.baton);
      if (!stream) throw new ProtoError("The stream has expired due to inactivity or was closed", "STREAM_EXPIRED");
      this.byBaton.delete(body.baton);
    } else {
      stream = { id: this.nextId++, conn: null, sqls: new Map(), closed: false, busy: false, lastUsed: Date.now() };
    }
    stream.busy = true;
    try {
      validatePipeline(body, stream.sqls.keys());
      const results = [];
      for (const req of body.requests) results.push(await this.request(stream, req));
      stream.busy = false;
      stream.lastUsed = Date.now();
      let baton = null;
      if (this.closing) this.closeStream(stream);
      if (!stream.closed) {
        if (stream.conn?.tainted && !stream.conn.inTransaction) this.replaceConn(stream);
        baton = `${stream.id}.${randomBytes(12).toString("base64url")}`;
        this.byBaton.set(baton, stream);
      }
      if (!stream.conn?.inTransaction) this.waiters.notify();
      return { baton, base_url: null, results };
    } catch (err) {
      this.closeStream(stream);
      throw err;
    }
  }

  /** @param {Stream} stream @param {any} req */
  async request(stream, req) {
    if (stream.closed) return { type: "error", error: { message: "The stream is closed", code: "STREAM_CLOSED" } };
    switch (req.type) {
      case "close":
        this.closeStream(stream);
        return ok({ type: "close" });
      case "store_sql":
        stream.sqls.set(req.sql_id, req.sql);
        return ok({ type: "store_sql" });
      case "close_sql":
        stream.sqls.delete(req.sql_id);
        return ok({ type: "close_sql" });
      case "get_autocommit":
        return ok({ type: "get_autocommit", is_autocommit: !this.conn(stream).inTransaction });
      case "execute":
        return this.withRetry(stream, (ctx) => ({ type: "execute", result: executeStmt(ctx, req.stmt) }));
      case "batch":
        return this.withRetry(stream, (ctx) => {
          // BEGIN IMMEDIATE semantics for a batch that writes: take the write lock up front
          // instead of failing half-way (or with a stale snapshot) after its reads.
          ctx.upgradeBegin = batchWrites(ctx, req.batch.steps);
          return { type: "batch", result: executeBatch(ctx, req.batch) };
        });
      case "sequence":
        return this.withRetry(stream, (ctx) => {
          executeSequence(ctx, req);
          return { type: "sequence" };
        });
      case "describe":
        return this.withRetry(stream, (ctx) => ({ type: "describe", result: describe(ctx, req) }));
      default:
        throw new ProtoError(`unknown request type ${req.type}`);
    }
  }

  /**
   * Run `fn` synchronously; on BusySignal roll back, wait (woken early when a lock is released)
   * and run it again, until busyTimeoutMs has passed.
   * @param {Stream} stream
   * @param {(ctx: import("./executor.mjs").ExecContext) => any} fn
   */
  async withRetry(stream, fn) {
    const since = Date.now();
    const deadline = since + this.busyTimeoutMs;
    let backoff = 5;
    for (;;) {
      const startedInAutocommit = !this.conn(stream).inTransaction;
      /** @type {import("./executor.mjs").ExecContext} */
      const ctx = {
        conn: () => this.conn(stream),
        sqls: stream.sqls,
        committed: false,
        upgradeBegin: false,
        canRetry: () => startedInAutocommit && !ctx.committed && !this.closing && Date.now() < deadline,
      };
      try {
        return ok(fn(ctx));
      } catch (err) {
        if (err instanceof ProtoError) throw err;
        if (!(err instanceof BusySignal)) return { type: "error", error: errorToProto(err) };
      }
      // Busy: undo the half-done request so the retry starts from the same (autocommit) state.
      this.busyRetries++;
      stream.conn?.rollback();
      if (stream.conn?.tainted) this.replaceConn(stream);
      await this.waiters.wait(Math.max(1, Math.min(backoff, deadline - Date.now())), since);
      backoff = Math.min(backoff * 2, 100);
    }
  }

  /** The stream's connection, replaced first if a busy statement tainted it and it is in autocommit. @param {Stream} stream */
  conn(stream) {
    if (!stream.conn) stream.conn = this.pool.acquire();
    else if (stream.conn.tainted && !stream.conn.inTransaction) this.replaceConn(stream);
    return /** @type {import("./connection.mjs").Conn} */ (stream.conn);
  }

  /** @param {Stream} stream */
  replaceConn(stream) {
    stream.conn?.close();
    stream.conn = this.pool.acquire();
  }

  /** Close a stream: roll back, return the connection to the pool. @param {Stream} stream */
  closeStream(stream) {
    if (stream.closed) return;
    stream.closed = true;
    stream.sqls.clear();
    const conn = stream.conn;
    stream.conn = null;
    if (conn) {
      const held = conn.inTransaction;
      this.pool.release(conn);
      if (held) this.waiters.notify();
    }
  }

  /** Close streams idle longer than streamIdleMs (rolling back their transactions). */
  sweep(now = Date.now()) {
    for (const [baton, stream] of this.byBaton) {
      if (!stream.busy && now - stream.lastUsed > this.streamIdleMs) {
        this.byBaton.delete(baton);
        this.closeStream(stream);
      }
    }
  }

  get openStreams() {
    return this.byBaton.size;
  }

  closeAll() {
    this.closing = true;
    clearInterval(this.sweeper);
    this.waiters.wakeAll();
    for (const [baton, stream] of this.byBaton) {
      this.byBaton.delete(baton);
      this.closeStream(stream);
    }
  }
}

/** @param {any} response */
function ok(response) {
  return { type: "ok", response };
}
