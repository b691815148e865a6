// Map RESP replies to Upstash REST JSON, as @upstash/redis decodes it (pkg/http.ts `decode`):
// with `Upstash-Encoding: base64`, every string is base64 (UTF-8 bytes) except a top-level
// simple-string "OK", which the client passes through unchanged. Numbers stay numbers,
// nil is null, arrays nest. Without the header, strings are plain UTF-8.
import { RespError, SimpleString } from "./resp.mjs";

/**
 * @param {unknown} reply RESP reply (Buffer | SimpleString | RespError | number | null | array)
 * @param {boolean} base64
 * @param {boolean} [top] whether this is a command's whole reply (not an array element)
 * @returns {unknown}
 */
export function toJson(reply, base64, top = true) {
  if (reply === null || reply === undefined) return null;
  if (typeof reply === "number") return reply;
  if (Buffer.isBuffer(reply)) return base64 ? reply.toString("base64") : reply.toString("utf8");
  if (Array.isArray(reply)) return reply.map((item) => toJson(item, base64, false));
  if (reply instanceof SimpleString || reply instanceof RespError) {
    const text = reply instanceof SimpleString ? reply.value : reply.message;
    if (!base64 || (top && reply instanceof SimpleString && text === "OK")) return text;
    return Buffer.from(text, "utf8").toString("base64");
  }
  throw new Error(`Unexpected RESP reply: ${String(reply)}`);
}

/**
 * One command's outcome in /pipeline and /multi-exec responses.
 * @param {unknown} reply
 * @param {boolean} base64
 */
export function toEntry(reply, base64) {
  return reply instanceof RespError ? { error: reply.message } : { result: toJson(reply, base64) };
}

/**
 * Turn the replies of [MULTI, ...commands, EXEC] into the /multi-exec response.
 * @param {unknown[]} replies
 * @param {boolean} base64
 * @returns {{ status: number, body: unknown }}
 */
export function transactionResponse(replies, base64) {
  const exec = replies[replies.length - 1];
  if (exec instanceof RespError || !Array.isArray(exec)) {
    // EXECABORT: a command was rejected while queueing (unknown command, wrong arity, ...).
    const queued = replies.slice(1, -1).find((r) => r instanceof RespError);
    const reason = exec instanceof RespError ? exec.message : "ERR transaction aborted";
    const error = queued instanceof RespError ? `${reason} (${queued.message})` : reason;
    return { status: 400, body: { error } };
  }
  return { status: 200, body: exec.map((r) => toEntry(r, base64)) };
}

// Commands that would change the state of a pooled connection or take it over.
const CONNECTION_STATE_COMMANDS = new Set([
  "MULTI",
  "EXEC",
  "DISCARD",
  "WATCH",
  "UNWATCH",
  "SELECT",
  "SWAPDB",
  "AUTH",
  "HELLO",
  "RESET",
  "QUIT",
  "MONITOR",
  "SUBSCRIBE",
  "PSUBSCRIBE",
  "SSUBSCRIBE",
  "UNSUBSCRIBE",
  "PUNSUBSCRIBE",
  "SUNSUBSCRIBE",
  "SYNC",
  "PSYNC",
  "REPLICAOF",
  "SLAVEOF",
  "SHUTDOWN",
]);

/**
 * Validate one command from a request body; returns an error message or null.
 * @param {unknown} command
 */
export function commandError(command) {
  if (!Array.isArray(command) || command.length === 0) {
    return "ERR failed to parse command: expected a non-empty JSON array";
  }
  for (const arg of command) {
    const t = typeof arg;
    if (t !== "string" && t !== "number" && t !== "boolean" && arg !== null) {
      return "ERR failed to parse command: arguments must be strings, numbers or booleans";
    }
  }
  const name = String(command[0]).toUpperCase();
  if (CONNECTION_STATE_COMMANDS.has(name)) return `ERR Command is not allowed: ${name}`;
  if (name === "CLIENT" && String(command[1] ?? "").toUpperCase() === "REPLY") {
    return "ERR Command is not allowed: CLIENT REPLY";
  }
  return null;
}
