// Test-support Upstash REST endpoint in front of a real redis-server, so code using
// @upstash/redis (e.g. the production rate limiter) runs against real Redis semantics.
// It speaks the three routes @upstash/redis sends (every command goes to Redis as is, so the
// commands themselves need no list here):
//
//   POST /            ["SET","k","v"]           -> {"result": ...} | 400 {"error": "..."}
//   POST /pipeline    [["INCR","a"],["GET","a"]] -> [{"result"}|{"error"}, ...] (in order, one connection)
//                     (the client's auto-pipelining, on by default, sends every command this way)
//   POST /multi-exec  same shape, executed in MULTI/EXEC on one connection (atomic; redis.multi())
//
// Auth: `Authorization: Bearer <token>`, else 401 {"error":"Unauthorized"}.
// `Upstash-Encoding: base64`: strings in results are base64 except a top-level "OK" (see format.mjs).
import http from "node:http";
import { RedisPool } from "./redis-client.mjs";
import { commandError, toEntry, toJson, transactionResponse } from "./format.mjs";
import { RespError } from "./resp.mjs";

export { startRedis, findRedisServer } from "./redis-process.mjs";

const MAX_BODY_BYTES = 64 * 1024 * 1024;

class HttpError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Start the Upstash REST endpoint.
 * @param {{ redisPort: number, redisHost?: string, host?: string, port?: number, token: string, poolSize?: number }} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void>, commandCount: () => number }>}
 *   commandCount(): Redis commands forwarded so far (each pipeline / transaction entry counts once;
 *   the MULTI/EXEC wrapper does not count).
 */
export async function startUpstashServer({ redisPort, redisHost = "127.0.0.1", host = "127.0.0.1", port = 0, token, poolSize = 8 }) {
  if (typeof token !== "string" || token === "") throw new TypeError("startUpstashServer: token is required");
  if (!Number.isInteger(redisPort) || redisPort <= 0) throw new TypeError("startUpstashServer: redisPort is required");
  const pool = new RedisPool({ port: redisPort, host: redisHost, max: poolSize });
  let commands = 0;

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!authorized(req, token)) return send(res, 401, { error: "Unauthorized" });
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const route = url.pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
    if (route !== "" && route !== "pipeline" && route !== "multi-exec") {
      return send(res, 404, { error: `ERR unknown route ${url.pathname} (this emulator serves /, /pipeline and /multi-exec)` });
    }
    if (req.method !== "POST") return send(res, 405, { error: `ERR method not allowed: ${req.method}` });

    const body = await readBody(req);
    if (route === "pipeline" || route === "multi-exec") {
      const list = parseJson(body);
      if (!Array.isArray(list)) throw new HttpError(400, "ERR failed to parse pipeline request: expected a JSON array of commands");
      for (const cmd of list) {
        const problem = commandError(cmd);
        if (problem) throw new HttpError(400, problem);
      }
      if (list.length === 0) return send(res, 200, []);
      commands += list.length;
      if (route === "pipeline") {
        const replies = await pool.run(list);
        return send(
          res,
          200,
          replies.map((r) => toEntry(r, base64)),
        );
      }
      const { status, body: out } = transactionResponse(await pool.run([["MULTI"], ...list, ["EXEC"]]), base64);
      return send(res, status, out);
    }

    const command = parseJson(body);
    const problem = commandError(command);
    if (problem) throw new HttpError(400, problem);
    commands++;
    const [reply] = await pool.run([/** @type {unknown[]} */ (command)]);
    if (reply instanceof RespError) return send(res, 400, { error: reply.message });
    return send(res, 200, { result: toJson(reply, base64) });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (res.headersSent) return void res.destroy();
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof HttpError ? err.message : `ERR upstash-server: ${err?.message ?? err}`;
      send(res, status, { error: message });
    });
  });
  server.keepAliveTimeout = 30_000;

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  });
  const actualPort = /** @type {import("node:net").AddressInfo} */ (server.address()).port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;

  let closing = /** @type {Promise<void> | null} */ (null);
  return {
    url: `http://${urlHost}:${actualPort}`,
    port: actualPort,
    commandCount: () => commands,
    close() {
      closing ??= new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        pool.close();
      });
      return closing;
    },
  };
}

/**
 * @param {http.IncomingMessage} req
 * @param {string} token
 */
function authorized(req, token) {
  const header = req.headers.authorization ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match !== null && match[1].trim() === token;
}

/** @param {Buffer} body */
function parseJson(body) {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new HttpError(400, "ERR failed to parse request body as JSON");
  }
}

/**
 * @param {http.IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "ERR request body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}
