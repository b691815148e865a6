// Minimal Redis client over node:net: one connection with RESP pipelining, and a small pool
// that hands out connections exclusively (so MULTI/EXEC batches and blocking commands never
// interleave with other requests).
import net from "node:net";
import { RespParser, encodeCommand } from "./resp.mjs";

export class RedisConnection {
  /**
   * @param {number} port
   * @param {string} [host]
   * @returns {Promise<RedisConnection>}
   */
  static connect(port, host = "127.0.0.1") {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection({ port, host });
      const onError = (/** @type {Error} */ err) => reject(err);
      socket.once("error", onError);
      socket.once("connect", () => {
        socket.off("error", onError);
        resolve(new RedisConnection(socket));
      });
    });
  }

  /** @param {net.Socket} socket */
  constructor(socket) {
    this.socket = socket;
    this.alive = true;
    /** @type {{ remaining: number, replies: unknown[], resolve: (r: unknown[]) => void, reject: (e: Error) => void }[]} */
    this.pending = [];
    this.parser = new RespParser((reply) => this.#onReply(reply));
    socket.setNoDelay(true);
    socket.on("data", (chunk) => {
      try {
        this.parser.feed(chunk);
      } catch (err) {
        this.#fail(/** @type {Error} */ (err));
        socket.destroy();
      }
    });
    socket.on("error", (err) => this.#fail(err));
    socket.on("close", () => this.#fail(new Error("Redis connection closed")));
  }

  /** @param {unknown} reply */
  #onReply(reply) {
    const head = this.pending[0];
    if (!head) {
      this.#fail(new Error("Unexpected reply from Redis"));
      this.socket.destroy();
      return;
    }
    head.replies.push(reply);
    if (--head.remaining === 0) {
      this.pending.shift();
      head.resolve(head.replies);
    }
  }

  /** @param {Error} err */
  #fail(err) {
    this.alive = false;
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) p.reject(err);
  }

  /**
   * Send commands in one write (RESP pipelining) and resolve with their replies, in order.
   * Redis error replies are RespError values, not rejections; the promise rejects only on
   * connection failure.
   * @param {unknown[][]} commands
   * @returns {Promise<unknown[]>}
   */
  send(commands) {
    if (!this.alive) return Promise.reject(new Error("Redis connection is closed"));
    if (commands.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.pending.push({ remaining: commands.length, replies: [], resolve, reject });
      this.socket.write(Buffer.concat(commands.map(encodeCommand)));
    });
  }

  close() {
    this.alive = false;
    this.socket.destroy();
  }
}

export class RedisPool {
  /** @param {{ port: number, host?: string, max?: number }} options */
  constructor({ port, host = "127.0.0.1", max = 8 }) {
    this.port = port;
    this.host = host;
    this.max = max;
    this.total = 0;
    this.closed = false;
    /** @type {RedisConnection[]} */
    this.idle = [];
    /** @type {Set<RedisConnection>} */
    this.all = new Set();
    /** @type {{ resolve: (c: RedisConnection) => void, reject: (e: Error) => void }[]} */
    this.waiters = [];
  }

  /** @returns {Promise<RedisConnection>} */
  async acquire() {
    if (this.closed) throw new Error("Redis pool is closed");
    while (this.idle.length > 0) {
      const conn = /** @type {RedisConnection} */ (this.idle.pop());
      if (conn.alive) return conn;
      this.#forget(conn);
    }
    if (this.total < this.max) {
      this.total++;
      try {
        const conn = await RedisConnection.connect(this.port, this.host);
        this.all.add(conn);
        return conn;
      } catch (err) {
        this.total--;
        throw err;
      }
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** @param {RedisConnection} conn */
  release(conn) {
    if (this.closed || !conn.alive) {
      this.#forget(conn);
      conn.close();
      // A slot opened up: let the next waiter open a fresh connection.
      const waiter = this.waiters.shift();
      if (waiter) this.acquire().then(waiter.resolve, waiter.reject);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(conn);
    else this.idle.push(conn);
  }

  /** @param {RedisConnection} conn */
  #forget(conn) {
    if (this.all.delete(conn)) this.total--;
  }

  /**
   * Run commands on one exclusively held connection.
   * @param {unknown[][]} commands
   * @returns {Promise<unknown[]>}
   */
  async run(commands) {
    const conn = await this.acquire();
    try {
      return await conn.send(commands);
    } finally {
      this.release(conn);
    }
  }

  close() {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new Error("Redis pool is closed"));
    for (const conn of this.all) conn.close();
    this.all.clear();
    this.idle = [];
    this.total = 0;
  }
}
