// Test-support Upstash REST endpoint in front of a real redis-server, so code using
// @upstash/redis (e.g. the production rate limiter) runs against real Redis semantics.
//
//   POST /            ["SET","k","v"]           -> {"result": ...} | 400 {"error": "..."}
//   POST /pipeline    [["INCR","a"],["GET","a"]] -> [{"result"}|{"error"}, ...] (in order, one connection)
//   POST /multi-exec  same shape, executed in MULTI/EXEC on one connection (atomic)
//   GET|POST /<cmd>/<arg>/...                    path style; a POST body is appended as last argument
//   POST /subscribe/<ch>, /psubscribe/<pattern>  server-sent events (redis.subscribe / psubscribe)
//
// Auth: `Authorization: Bearer <token>` (or `?_token=<token>`), else 401 {"error":"Unauthorized"}.
// `Upstash-Encoding: base64`: strings in results are base64 except a top-level "OK" (see format.mjs).
import http from "node:http";
import { RedisPool } from "./redis-client.mjs";
import { commandError, toEntry, toJson, transactionResponse } from "./format.mjs";
import { RespError } from "./resp.mjs";
import { streamSubscription } from "./sse.mjs";

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
  /** @type {Set<{ close: () => void }>} */
  const streams = new Set();
  let commands = 0;

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!authorized(req, url, token)) return send(res, 401, { error: "Unauthorized" });
    if (req.method !== "POST" && req.method !== "GET") {
      return send(res, 405, { error: `ERR method not allowed: ${req.method}` });
    }
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const segments = url.pathname.split("/").filter(Boolean).map(decodeSegment);
    const route = segments.length === 1 ? segments[0].toLowerCase() : "";

    if ((segments[0] === "subscribe" || segments[0] === "psubscribe") && segments.length > 1) {
      await readBody(req); // the client sends `[]`
      const stream = streamSubscription(res, {
        redisPort,
        redisHost,
        pattern: segments[0] === "psubscribe",
        channels: segments.slice(1),
        onCommand: () => commands++,
      });
      streams.add(stream);
      res.on("close", () => streams.delete(stream));
      return;
    }

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

    /** @type {unknown} */
    let command;
    if (segments.length === 0) {
      command = parseJson(body);
    } else {
      // Path style: /set/key/value, or POST /set/key with the value as body.
      command = body.length > 0 && req.method === "POST" ? [...segments, body.toString("utf8")] : segments;
    }
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
        for (const stream of streams) stream.close();
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
 * @param {URL} url
 * @param {string} token
 */
function authorized(req, url, token) {
  const header = req.headers.authorization ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const given = match ? match[1].trim() : url.searchParams.get("_token");
  return given === token;
}

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, "ERR malformed URL path");
  }
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
