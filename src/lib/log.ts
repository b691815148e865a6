/**
 * The one logger (design.md §24): one JSON object per line, nothing else in src/ prints (Biome's
 * noConsole rule allows console.* in this file only). Every string that reaches a line passes
 * `redact()`, and an error becomes `{ name, message, stack }` without the values it was handed:
 * a failed Drizzle query's message quotes the SQL *and its parameters* (e-mail addresses, names,
 * token hashes), so such a wrapper is named, not quoted, and the driver's own message is used.
 * Request and response bodies are never given to the logger.
 */

export type LogLevel = "info" | "warn" | "error";

/** Who caused the line: a request's caller kind, or the entry point that ran a job. */
export type LogActor = "public" | "owner" | "customer" | "admin" | "api_key" | "cron" | "queue";

export type LogFields = {
  requestId?: string;
  method?: string;
  /** The matched route pattern (`/api/bookings/:id`), never the raw path or query. */
  route?: string;
  status?: number;
  ms?: number;
  tenantId?: string | null;
  actor?: LogActor;
  dbRoundTrips?: number;
  /** Anything thrown: logged as `{ name, message, stack }`, redacted. */
  error?: unknown;
  [key: string]: unknown;
};

export type ErrorFields = { name: string; message: string; stack: string };

const REDACTED = "[redacted]";

const RULES: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // A Drizzle "Failed query" message lists its parameters after "params:": nothing after it is kept.
  [/params:[\s\S]*/gi, "params: [redacted]"],
  // key=value / "key": "value" pairs whose value is a credential.
  [
    /((?:password|passwd|secret|token|authorization|api[_-]?key|cookie)["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)/gi,
    (_m, key: string) => `${key}${REDACTED}`,
  ],
  [/\bBearer\s+\S+/gi, `Bearer ${REDACTED}`],
  // JSON Web Tokens, then any other long opaque credential (API keys, signing secrets, hashes).
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  [/[A-Za-z0-9_-]{32,}/g, REDACTED],
  // E-mail addresses.
  [/[^\s@"'<>(),;:[\]]+@[^\s@"'<>(),;:[\]]+\.[A-Za-z]{2,}/g, REDACTED],
];

/** Phone numbers (and other long digit runs: card numbers, IP addresses), but not dates or times. */
const DIGITS = /(?<![\w+])\+?\(?\d[\d\s().-]{5,}\d(?!\w)/g;
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;

/** `text` with credentials, e-mail addresses, phone numbers and SQL parameters removed. */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement as string);
  return out.replace(DIGITS, (m) => (DATE_LIKE.test(m.trim()) || (m.match(/\d/g)?.length ?? 0) < 7 ? m : REDACTED));
}

function messageChain(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    if (!(e instanceof Error)) {
      parts.push(`non-error ${typeof e}`);
      break;
    }
    if (/^Failed query:/.test(e.message)) parts.push(`${e.name} (query failed)`);
    else parts.push(`${e.name}: ${e.message.split("\n")[0].slice(0, 300)}`);
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" <- ");
}

/** An error as a log line carries it: the cause chain's messages and the stack's frames (code locations only). */
export function errorFields(err: unknown): ErrorFields {
  const frames =
    err instanceof Error && err.stack
      ? err.stack
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l.startsWith("at "))
          .slice(0, 8)
      : [];
  return {
    name: err instanceof Error ? err.name : typeof err,
    message: redact(messageChain(err)),
    stack: redact(frames.join("\n")),
  };
}

/** One line describing an error, redacted (for `last_error` columns and older call sites). */
export function safeErrorSummary(err: unknown): string {
  const f = errorFields(err);
  return f.stack ? `${f.message}\n  ${f.stack.split("\n").join("\n  ")}` : f.message;
}

/** Fields the logger itself fills with identifiers and patterns, never with values a person typed. */
const OWN_FIELDS = new Set(["requestId", "method", "route", "tenantId", "actor", "kind", "jobId", "outcome"]);

function clean(value: unknown, depth = 0, key = ""): unknown {
  if (typeof value === "string") return depth === 1 && OWN_FIELDS.has(key) ? value.slice(0, 200) : redact(value);
  if (value === null || typeof value !== "object" || depth > 3) return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = clean(v, depth + 1, k);
  return out;
}

/** A request id when the edge gave none (`cf-ray`): 16 hex characters. */
export function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Writes one line. Fields are redacted like the message; `error` becomes `{ name, message, stack }`. */
export function log(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const { error, ...rest } = fields;
  const line: Record<string, unknown> = { level, msg: redact(msg), ...(clean(rest) as object) };
  if (error !== undefined) line.error = errorFields(error);
  let text: string;
  try {
    text = JSON.stringify(line);
  } catch {
    text = JSON.stringify({ level, msg: redact(msg), note: "fields could not be serialised" });
  }
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

export const logger = {
  info: (msg: string, fields?: LogFields) => log("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => log("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => log("error", msg, fields),
};
