import type { Client, InArgs, InStatement, InValue, ResultSet, Row, TransactionMode } from "@libsql/client/web";
import { LibsqlBatchError, LibsqlError } from "@libsql/client/web";
import { expandConfig } from "@libsql/core/config";
import { encodeBaseUrl } from "@libsql/core/uri";
import { ResultSetImpl } from "@libsql/core/util";

/**
 * `execute` and `batch`, the two calls every request makes, as ONE Hrana v2 pipeline request each,
 * encoded with one `JSON.stringify` and decoded from one `JSON.parse`. The wire format is exactly
 * what @libsql/client's HTTP client sends (the same steps, conditions, value types and key order;
 * test/integration/db/hrana.test.ts compares the bodies), and its answers and errors are the same
 * shapes: a ResultSet whose rows have non-enumerable indexes and enumerable column names,
 * `LibsqlBatchError` naming the failed statement, `LibsqlError` with the server's code.
 *
 * Why not the library's own path: for each request it builds a stream with a queue, a promise per
 * batch step, an `Error` with a stack trace when the stream closes, a property definition per
 * value of every row, and an encoder that writes JSON piece by piece. On a booking create that was
 * about a fifth of the Worker's JavaScript (issue #42, docs/benchmarks.md). Interactive
 * transactions, `migrate` and `executeMultiple` stay with the library.
 */
export type PipelineTarget = { url: string; authToken: string | undefined; fetch: typeof fetch };

type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
type HranaStmt = { sql: string; args: HranaValue[]; named_args: { name: string; value: HranaValue }[]; want_rows: boolean };
type HranaCond = { type: "ok"; step: number } | { type: "not"; cond: HranaCond };
type HranaStep = { condition?: HranaCond; stmt: HranaStmt };
type HranaCol = { name?: string | null; decltype?: string | null };
type HranaStmtResult = { cols: HranaCol[]; rows: HranaValue[][]; affected_row_count: number; last_insert_rowid?: string | null };
type HranaError = { message: string; code?: string | null };
type StreamResult = { type: "ok"; response: { type: string; result?: unknown } } | { type: "error"; error: HranaError } | { type: "none" };

const MAX_INTEGER = 9223372036854775807n;
const MIN_INTEGER = -9223372036854775808n;

function hranaValue(value: InValue): HranaValue {
  if (value === null) return { type: "null" };
  if (typeof value === "string") return { type: "text", value };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return { type: "float", value };
  }
  if (typeof value === "bigint") {
    if (value < MIN_INTEGER || value > MAX_INTEGER) {
      throw new RangeError("This bigint value is too large to be represented as a 64-bit integer and passed as argument");
    }
    return { type: "integer", value: `${value}` };
  }
  if (typeof value === "boolean") return { type: "integer", value: value ? "1" : "0" };
  if (value instanceof ArrayBuffer) return { type: "blob", base64: base64Of(new Uint8Array(value)) };
  if (value instanceof Uint8Array) return { type: "blob", base64: base64Of(value) };
  if (value instanceof Date) return { type: "float", value: +value.valueOf() };
  if (typeof value === "object") return { type: "text", value: `${(value as object).toString()}` };
  throw new TypeError("Unsupported type of value");
}

function base64Of(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return btoa(text);
}

function stmtOf(stmt: InStatement | [string, InArgs?] | string): HranaStmt {
  const [text, args] = typeof stmt === "string" ? [stmt, undefined] : Array.isArray(stmt) ? stmt : [stmt.sql, stmt.args];
  const positional: HranaValue[] = [];
  const named: { name: string; value: HranaValue }[] = [];
  if (Array.isArray(args)) for (const a of args) positional.push(hranaValue(a));
  else if (args) for (const [name, value] of Object.entries(args)) named.push({ name, value: hranaValue(value) });
  return { sql: `${text}`, args: positional, named_args: named, want_rows: true };
}

const plain = (sql: string): HranaStmt => ({ sql, args: [], named_args: [], want_rows: false });

const BEGIN: Record<TransactionMode, string> = { deferred: "BEGIN DEFERRED", write: "BEGIN IMMEDIATE", read: "BEGIN TRANSACTION READONLY" };

/** Each statement runs only if the one before it succeeded, inside BEGIN ... COMMIT, ROLLBACK if the commit did not happen. */
function batchSteps(stmts: HranaStmt[], mode: TransactionMode): HranaStep[] {
  const steps: HranaStep[] = [{ stmt: plain(BEGIN[mode]) }];
  for (const stmt of stmts) steps.push({ condition: { type: "ok", step: steps.length - 1 }, stmt });
  const commit = steps.length;
  steps.push({ condition: { type: "ok", step: commit - 1 }, stmt: plain("COMMIT") });
  steps.push({ condition: { type: "not", cond: { type: "ok", step: commit } }, stmt: plain("ROLLBACK") });
  return steps;
}

/** The pipeline's one request and the stream's close, in one HTTP round trip; the request's answer. */
async function send(target: PipelineTarget, request: unknown): Promise<{ type: string; result?: unknown }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (target.authToken !== undefined) headers.authorization = `Bearer ${target.authToken}`;
  const body = JSON.stringify({ requests: [request, { type: "close" }] });
  const resp = await target.fetch(target.url, { method: "POST", headers, body });
  if (!resp.ok) throw await httpError(resp);
  const json = (await resp.json()) as { results?: StreamResult[] };
  const first = json.results?.[0];
  if (json.results?.length !== 2 || !first) throw protoError("Server returned unexpected number of pipeline results");
  if (first.type === "error") throw serverError(first.error);
  if (first.type !== "ok" || first.response.type !== (request as { type: string }).type) {
    throw protoError("Received unexpected type of response");
  }
  return first.response;
}

const serverError = (error: HranaError) => new LibsqlError(error.message, error.code ?? "UNKNOWN");
const protoError = (message: string) => new LibsqlError(message, "HRANA_PROTO_ERROR");

async function httpError(resp: Response): Promise<LibsqlError> {
  const type = resp.headers.get("content-type") ?? "text/plain";
  let message = `Server returned HTTP status ${resp.status}`;
  if (type === "application/json") {
    const body = (await resp.json()) as Partial<HranaError>;
    if (typeof body === "object" && body !== null && "message" in body) return serverError(body as HranaError);
  } else if (type === "text/plain") {
    const text = (await resp.text()).trim();
    if (text !== "") message += `: ${text}`;
  } else {
    await resp.body?.cancel();
  }
  return new LibsqlError(message, "SERVER_ERROR");
}

/**
 * A row as @libsql/client gives it: its values by index (not enumerable) and by column name (own,
 * enumerable: what Object.keys, JSON, a spread and Drizzle's row normalising see). The library
 * defines a property per value of every row; here every row shares one prototype whose index
 * getters read the row's private values, and only the names are written per row.
 */
class PipelineRow {
  readonly #values: unknown[];
  constructor(values: unknown[]) {
    this.#values = values;
  }
  get length() {
    return this.#values.length;
  }
  static valueAt(row: PipelineRow, i: number) {
    return row.#values[i];
  }
}

/** How many index getters the shared prototype has; grown when a wider row comes. */
let indexGetters = 0;
function ensureIndexes(width: number) {
  for (; indexGetters < width; indexGetters++) {
    const i = indexGetters;
    Object.defineProperty(PipelineRow.prototype, i, {
      get(this: PipelineRow) {
        return PipelineRow.valueAt(this, i);
      },
    });
  }
}

function decodeValue(v: HranaValue): unknown {
  switch (v.type) {
    case "null":
      return null;
    case "text":
      return v.value;
    case "float":
      return v.value;
    case "integer": {
      const n = Number(v.value);
      if (!Number.isSafeInteger(n))
        throw new RangeError("Received integer which is too large to be safely represented as a JavaScript number");
      return n;
    }
    case "blob": {
      const text = atob(v.base64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return bytes.buffer;
    }
    default:
      throw protoError("Unexpected type of Value");
  }
}

function resultSetOf(r: HranaStmtResult): ResultSet {
  const columns = r.cols.map((c) => c.name ?? "");
  const names = r.cols.map((c) => c.name ?? undefined);
  // Per column, once: a name that reads as an index (`1 AS "0"`) is the rare case.
  const asIndex = names.map((name) => (name !== undefined && isIndex(name) ? Number(name) : -1));
  ensureIndexes(columns.length);
  const rows = r.rows.map((cells) => {
    const values = cells.map(decodeValue);
    const row = new PipelineRow(values) as PipelineRow & Record<string, unknown>;
    for (let i = 0; i < values.length; i++) {
      const name = names[i];
      // The first column of a name wins; `length` and an index already taken stay what they are.
      if (name === undefined || name === "length" || Object.hasOwn(row, name)) continue;
      // An index name (defined by the prototype) and `__proto__` (a setter) are defined, never assigned.
      const index = asIndex[i];
      if (index >= 0 ? index > i : name === "__proto__") {
        Object.defineProperty(row, name, { value: values[i], enumerable: true, configurable: true, writable: true });
      } else if (index < 0) row[name] = values[i];
    }
    return row as unknown as Row;
  });
  const last = r.last_insert_rowid;
  return new ResultSetImpl(
    columns,
    r.cols.map((c) => c.decltype ?? ""),
    rows,
    r.affected_row_count,
    last == null ? undefined : BigInt(last),
  );
}

const isIndex = (name: string) => /^(0|[1-9]\d*)$/.test(name);

export async function executeOverPipeline(target: PipelineTarget, stmt: InStatement | string, args?: InArgs): Promise<ResultSet> {
  const response = await send(target, { type: "execute", stmt: stmtOf(typeof stmt === "string" ? { sql: stmt, args: args ?? [] } : stmt) });
  return resultSetOf(response.result as HranaStmtResult);
}

export async function batchOverPipeline(
  target: PipelineTarget,
  stmts: (InStatement | [string, InArgs?])[],
  mode: TransactionMode = "deferred",
): Promise<ResultSet[]> {
  const steps = batchSteps(
    stmts.map((s) => stmtOf(s)),
    mode,
  );
  const response = await send(target, { type: "batch", batch: { steps } });
  const { step_results: results, step_errors: errors } = response.result as {
    step_results: (HranaStmtResult | null)[];
    step_errors: (HranaError | null)[];
  };
  if (errors[0]) throw serverError(errors[0]);
  const sets: ResultSet[] = [];
  for (let i = 0; i < stmts.length; i++) {
    const error = errors[i + 1];
    if (error) {
      const mapped = serverError(error);
      throw new LibsqlBatchError(mapped.message, i, mapped.code);
    }
    const result = results[i + 1];
    if (!result) {
      throw new LibsqlBatchError(
        "Statement in a batch was not executed, probably because the transaction has been rolled back",
        i,
        "TRANSACTION_CLOSED",
      );
    }
    sets.push(resultSetOf(result));
  }
  const commit = errors[stmts.length + 1];
  if (commit) throw serverError(commit);
  return sets;
}

/** A client whose `execute` and `batch` are the pipeline's; everything else is the library's, made when first needed. */
export function pipelineClient(target: PipelineTarget, library: () => Client): Client {
  let made: Client | undefined;
  const lib = () => {
    made ??= library();
    return made;
  };
  return {
    execute: ((stmt: InStatement | string, args?: InArgs) => executeOverPipeline(target, stmt, args)) as Client["execute"],
    batch: (stmts, mode) => batchOverPipeline(target, stmts, mode),
    migrate: (stmts) => lib().migrate(stmts),
    transaction: ((mode?: TransactionMode) => lib().transaction(mode)) as Client["transaction"],
    executeMultiple: (sql) => lib().executeMultiple(sql),
    sync: () => lib().sync(),
    close: () => made?.close(),
    reconnect: () => made?.reconnect(),
    get closed() {
      return made?.closed ?? false;
    },
    protocol: "http",
  };
}

/**
 * Where a URL's pipeline requests go and the token they carry, read the way @libsql/client reads
 * its URL (`libsql:` is HTTPS unless `?tls=0`, a token in the query wins, the path resolved as its
 * base); kept per URL, since every request of an isolate names the same database.
 */
const endpoints = new Map<string, Omit<PipelineTarget, "fetch">>();

export function pipelineEndpoint(url: string, authToken: string | undefined): Omit<PipelineTarget, "fetch"> {
  const key = `${url}\u0000${authToken ?? ""}`;
  let found = endpoints.get(key);
  if (!found) {
    const expanded = expandConfig({ url, authToken }, true);
    const base = encodeBaseUrl(expanded.scheme, expanded.authority, expanded.path);
    found = { url: new URL("v2/pipeline", base).toString(), authToken: expanded.authToken };
    if (endpoints.size >= 16) endpoints.clear();
    endpoints.set(key, found);
  }
  return found;
}
