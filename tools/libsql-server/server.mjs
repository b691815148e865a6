// Local libSQL server speaking Hrana over HTTP (JSON), standing in for sqld/Turso in dev and tests.
// Built on the `libsql` npm package (synchronous, better-sqlite3 style) and node:http only.
//
//   POST [/t/<tag>]/v2/pipeline, /v3/pipeline   { baton, requests } -> { baton, base_url, results }
//   GET  [/t/<tag>]/v2, /v3                      200 (version probe); /v3-protobuf* is 404 -> JSON
//   GET  /health                                 200
//   GET  /__stats[?tag=X]   POST /__stats/reset  pipeline requests served, in total and per tag
//   POST /__scratch                              (with `scratchTemplate`) a new database copied from the
//                                                template -> { url: ".../db/<name>" }; its pipelines are
//                                                served under /db/<name>/v2/pipeline
//
// A client created with url `http://host:port/t/<tag>/` posts to `/t/<tag>/v2/pipeline`; those
// requests are counted under <tag> (and in the total). See streams.mjs for batons and busy retry.
import { mkdirSync } from "node:fs";
import http from "node:http";
import { dirname, resolve } from "node:path";
import { Conn, Pool } from "./connection.mjs";
import { ProtoError } from "./protocol.mjs";
import { StreamManager } from "./streams.mjs";

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * @typedef {object} LibsqlServerOptions
 * @property {string} file            database file (created, with its directory, if missing)
 * @property {string} [host]          default 127.0.0.1
 * @property {number} [port]          default 0 (any free port)
 * @property {boolean} [log]          log every pipeline request to stderr
 * @property {string} [authToken]     require `Authorization: Bearer <authToken>` (default: no auth)
 * @property {number} [busyTimeoutMs] how long a busy request is retried before SQLITE_BUSY (default 5000)
 * @property {number} [streamIdleMs]  idle streams are closed (rolled back) after this (default 10000)
 * @property {number} [poolSize]      idle connections kept for reuse (default 16)
 * @property {string} [scratchTemplate] a closed database file (e.g. migrated, empty) that POST /__scratch copies
 *                                    into a new database of its own, for tests of platform-wide state
 */

/**
 * @typedef {object} LibsqlServer
 * @property {string} url      e.g. http://127.0.0.1:41234
 * @property {number} port
 * @property {() => Promise<void>} close
 * @property {{ (): { pipelineRequests: number, tags: Record<string, number> }, (tag: string): { pipelineRequests: number } }} stats
 */

/**
 * Start the server on a file database (WAL mode, foreign keys on every connection).
 * @param {LibsqlServerOptions} options
 * @returns {Promise<LibsqlServer>}
 */
export async function startLibsqlServer({
  file,
  host = "127.0.0.1",
  port = 0,
  log = false,
  authToken,
  busyTimeoutMs = 5000,
  streamIdleMs = 10_000,
  poolSize = 16,
  scratchTemplate,
}) {
  if (typeof file !== "string" || file === "" || file === ":memory:" || file.startsWith("file::memory:")) {
    throw new TypeError("startLibsqlServer: `file` must be a database file path (every stream has its own connection)");
  }
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  const first = new Conn(path);
  first.db.exec("PRAGMA journal_mode = WAL");
  const pool = new Pool(path, poolSize);
  pool.release(first);
  const streams = new StreamManager(pool, { busyTimeoutMs, streamIdleMs });

  let total = 0;
  /** @type {Map<string, number>} */
  const tags = new Map();
  /** @type {Set<Promise<unknown>>} */
  const inflight = new Set();
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  /** Scratch databases by name: each its own file, pool and streams. @type {Map<string, { pool: Pool, streams: StreamManager }>} */
  const scratch = new Map();

  function newScratch() {
    if (!scratchTemplate) throw new ProtoError("This server has no scratch template", "NOT_FOUND", 404);
    const name = `s${scratch.size + 1}-${Math.random().toString(36).slice(2, 10)}`;
    const file = resolve(dirname(path), `scratch-${name}.db`);
    // VACUUM INTO reads through the template's WAL, so a template still open elsewhere copies whole.
    const source = new Conn(resolve(scratchTemplate));
    try {
      source.db.exec(`VACUUM INTO '${file.replace(/'/g, "''")}'`);
    } finally {
      source.close();
    }
    const conn = new Conn(file);
    conn.db.exec("PRAGMA journal_mode = WAL");
    const scratchPool = new Pool(file, 4);
    scratchPool.release(conn);
    scratch.set(name, { pool: scratchPool, streams: new StreamManager(scratchPool, { busyTimeoutMs, streamIdleMs }) });
    return name;
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://localhost");
    let path = url.pathname;
    /** @type {string | undefined} */
    let tag;
    const tagged = /^\/t\/([^/]+)(\/.*)?$/.exec(path);
    if (tagged) {
      tag = decodeURIComponent(tagged[1]);
      path = tagged[2] ?? "/";
    }
    /** The database this request is for: the main one, or a scratch one under /db/<name>/. */
    let target = streams;
    const scratched = /^\/db\/([^/]+)(\/.*)?$/.exec(path);
    if (scratched) {
      const found = scratch.get(decodeURIComponent(scratched[1]));
      if (!found) {
        await drain(req);
        return send(res, 404, { message: "No such scratch database", code: "NOT_FOUND" });
      }
      target = found.streams;
      path = scratched[2] ?? "/";
    }
    path = path.length > 1 ? path.replace(/\/+$/, "") : path;
    const method = req.method ?? "GET";

    if (path === "/health" && (method === "GET" || method === "HEAD")) return send(res, 200, { ok: true });
    if ((path === "/v2" || path === "/v3") && method === "GET") return send(res, 200, { version: path.slice(1) });
    if (path === "/" && method === "GET") return send(res, 200, { server: "local libsql (hrana over http)" });
    if (path.startsWith("/v3-protobuf")) {
      await drain(req);
      return send(res, 404, { message: "Protobuf encoding is not supported; use JSON", code: "NOT_FOUND" });
    }
    if (authToken !== undefined && req.headers.authorization !== `Bearer ${authToken}`) {
      await drain(req);
      return send(res, 401, { message: "Unauthorized", code: "UNAUTHORIZED" });
    }
    if (path === "/__stats" && method === "GET") {
      const q = url.searchParams.get("tag");
      return send(res, 200, q === null ? stats() : stats(q));
    }
    if (path === "/__scratch" && method === "POST") {
      await drain(req);
      const name = newScratch();
      const listening = /** @type {import("node:net").AddressInfo} */ (server.address());
      return send(res, 201, { name, url: `http://${urlHost}:${listening.port}/db/${name}/` });
    }
    if (path === "/__stats/reset" && method === "POST") {
      await drain(req);
      total = 0;
      tags.clear();
      return send(res, 200, stats());
    }
    if ((path === "/v2/pipeline" || path === "/v3/pipeline") && method === "POST") {
      total++;
      if (tag !== undefined) tags.set(tag, (tags.get(tag) ?? 0) + 1);
      const started = performance.now();
      const text = await readBody(req);
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { message: "Request body is not valid JSON", code: "HRANA_PROTO_ERROR" });
      }
      const out = await target.pipeline(body);
      if (log) {
        const n = body.requests.length;
        const errors = out.results.filter((r) => r.type === "error").length;
        console.error(
          `[libsql] ${tag ? `[${tag}] ` : ""}pipeline ${n} req${errors ? `, ${errors} error(s)` : ""} ${(performance.now() - started).toFixed(1)}ms`,
        );
      }
      return send(res, 200, out);
    }
    await drain(req);
    return send(res, 404, { message: `Not found: ${method} ${url.pathname}`, code: "NOT_FOUND" });
  }

  /** @param {string} [tag] */
  function stats(tag) {
    if (tag !== undefined) return { pipelineRequests: tags.get(tag) ?? 0 };
    return { pipelineRequests: total, tags: Object.fromEntries(tags) };
  }

  const server = http.createServer((req, res) => {
    const p = handle(req, res).catch((err) => {
      const status = err instanceof ProtoError ? err.status : 500;
      const code = err instanceof ProtoError ? err.code : "INTERNAL_ERROR";
      if (status === 500 || log) console.error(`[libsql] ${req.method} ${req.url} -> ${status}: ${err?.stack ?? err}`);
      if (!res.headersSent) send(res, status, { message: String(err?.message ?? err), code });
      else res.destroy();
    });
    inflight.add(p);
    p.finally(() => inflight.delete(p));
  });
  // An idle keep-alive connection is kept for 10 minutes, not Node's 5 s: workerd reuses pooled connections,
  // and one it picks as Node times it out is reset under the request ("Network connection lost", a 500),
  // which hit a burst of 200 racing creates on a loaded machine (test/integration/visits/race.test.ts).
  // Idle sockets cost nothing here; close() still ends every one of them.
  server.keepAliveTimeout = 600_000;

  await new Promise((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolveListen(undefined);
    });
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());

  let closed = false;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    stats: /** @type {LibsqlServer["stats"]} */ (stats),
    async close() {
      if (closed) return;
      closed = true;
      const stopped = new Promise((r) => server.close(() => r(undefined)));
      server.closeIdleConnections();
      streams.closeAll(); // wakes busy waiters; their requests answer SQLITE_BUSY
      await Promise.allSettled([...inflight]);
      server.closeAllConnections();
      await stopped;
      streams.closeAll();
      pool.closeAll();
      for (const db of scratch.values()) {
        db.streams.closeAll();
        db.pool.closeAll();
      }
    },
  };
}

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
function send(res, status, body) {
  const data = JSON.stringify(body);
  // exactly "application/json": the client only parses error bodies with that content type
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(data) });
  res.end(data);
}

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolveBody, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ProtoError("Request body too large", "PAYLOAD_TOO_LARGE", 413));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** @param {http.IncomingMessage} req */
async function drain(req) {
  if (req.readableEnded) return;
  req.resume();
  await new Promise((r) => {
    req.on("end", r);
    req.on("error", r);
    req.on("close", r);
  });
}
