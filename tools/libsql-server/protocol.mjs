// Hrana JSON encoding: values in and out, errors, and the static shape check of a pipeline body.
// The shape is checked completely before anything runs, so a malformed pipeline is rejected
// (HTTP 400) instead of failing half-way through.

/** A request the protocol does not allow: answered with HTTP 400 `{ message, code }`. */
export class ProtoError extends Error {
  /** @param {string} message @param {string} [code] @param {number} [status] */
  constructor(message, code = "HRANA_PROTO_ERROR", status = 400) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/**
 * Protocol value -> what the driver binds. Integers become BigInt so they stay integers.
 * @param {any} v
 * @returns {null | bigint | number | string | Buffer}
 */
export function decodeValue(v) {
  switch (v.type) {
    case undefined: // the client writes `{}` for an undefined argument
    case "null":
      return null;
    case "integer": {
      const n = BigInt(v.value);
      if (n < I64_MIN || n > I64_MAX) throw new ProtoError(`Integer value out of 64-bit range: ${v.value}`);
      return n;
    }
    case "float":
      return v.value;
    case "text":
      return v.value;
    case "blob":
      return Buffer.from(v.base64, "base64");
    default:
      throw new ProtoError(`Unknown value type ${JSON.stringify(v.type)}`);
  }
}

/** Driver value (safe-integers mode) -> protocol value. @param {unknown} x */
export function encodeValue(x) {
  if (x === null || x === undefined) return { type: "null" };
  switch (typeof x) {
    case "bigint":
      return { type: "integer", value: x.toString() };
    case "number":
      return { type: "float", value: x };
    case "string":
      return { type: "text", value: x };
    default:
      if (x instanceof Uint8Array) return { type: "blob", base64: Buffer.from(x.buffer, x.byteOffset, x.byteLength).toString("base64") };
      if (x instanceof ArrayBuffer) return { type: "blob", base64: Buffer.from(x).toString("base64") };
      throw new Error(`cannot encode value of type ${typeof x}`);
  }
}

/** An error from SQL execution -> protocol error `{ message, code }`. @param {any} err */
export function errorToProto(err) {
  const code = typeof err?.code === "string" && err.code !== "SQLITE_OK" ? err.code : "SQLITE_ERROR";
  return { message: String(err?.message ?? err), code };
}

/** @param {unknown} v */
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** @param {boolean} ok @param {string} message */
function check(ok, message) {
  if (!ok) throw new ProtoError(message);
}

/** @param {any} v @param {string} where */
function checkValue(v, where) {
  check(isObject(v), `${where}: value must be an object`);
  switch (v.type) {
    case undefined:
    case "null":
      return;
    case "integer":
      check(typeof v.value === "string" && /^-?\d{1,19}$/.test(v.value), `${where}: integer value must be a decimal string`);
      check(BigInt(v.value) >= I64_MIN && BigInt(v.value) <= I64_MAX, `${where}: integer value out of 64-bit range`);
      return;
    case "float":
      check(typeof v.value === "number", `${where}: float value must be a number`);
      return;
    case "text":
      check(typeof v.value === "string", `${where}: text value must be a string`);
      return;
    case "blob":
      check(typeof v.base64 === "string", `${where}: blob value must have base64`);
      return;
    default:
      throw new ProtoError(`${where}: unknown value type ${JSON.stringify(v.type)}`);
  }
}

/** @param {any} s @param {string} where @param {Set<number>} sqlIds */
function checkSqlRef(s, where, sqlIds) {
  const hasSql = s.sql !== undefined && s.sql !== null;
  const hasId = s.sql_id !== undefined && s.sql_id !== null;
  check(hasSql !== hasId, `${where}: exactly one of sql and sql_id is required`);
  if (hasSql) check(typeof s.sql === "string", `${where}: sql must be a string`);
  else {
    check(Number.isInteger(s.sql_id), `${where}: sql_id must be an integer`);
    if (!sqlIds.has(s.sql_id)) throw new ProtoError(`${where}: SQL text with id ${s.sql_id} was not stored`, "SQL_NOT_FOUND");
  }
}

/** @param {any} stmt @param {string} where @param {Set<number>} sqlIds */
function checkStmt(stmt, where, sqlIds) {
  check(isObject(stmt), `${where}: stmt must be an object`);
  checkSqlRef(stmt, where, sqlIds);
  if (stmt.args != null) {
    check(Array.isArray(stmt.args), `${where}: args must be an array`);
    stmt.args.forEach((/** @type {any} */ a, /** @type {number} */ i) => {
      checkValue(a, `${where}.args[${i}]`);
    });
  }
  if (stmt.named_args != null) {
    check(Array.isArray(stmt.named_args), `${where}: named_args must be an array`);
    for (const [i, a] of stmt.named_args.entries()) {
      check(isObject(a) && typeof a.name === "string", `${where}.named_args[${i}]: name must be a string`);
      checkValue(a.value, `${where}.named_args[${i}]`);
    }
  }
  if (stmt.want_rows != null) check(typeof stmt.want_rows === "boolean", `${where}: want_rows must be a boolean`);
}

/** @param {any} cond @param {number} stepIndex @param {string} where */
function checkCond(cond, stepIndex, where) {
  check(isObject(cond), `${where}: condition must be an object`);
  switch (cond.type) {
    case "ok":
    case "error":
      check(
        Number.isInteger(cond.step) && cond.step >= 0 && cond.step < stepIndex,
        `${where}: condition refers to step ${cond.step}, which does not run before it`,
      );
      return;
    case "not":
      return checkCond(cond.cond, stepIndex, where);
    case "and":
    case "or":
      check(Array.isArray(cond.conds), `${where}: conds must be an array`);
      for (const c of cond.conds) checkCond(c, stepIndex, where);
      return;
    case "is_autocommit":
      return;
    default:
      throw new ProtoError(`${where}: unknown condition type ${JSON.stringify(cond.type)}`);
  }
}

const REQUEST_TYPES = new Set(["close", "execute", "batch", "sequence", "describe", "store_sql", "close_sql", "get_autocommit"]);

/**
 * Check a whole pipeline body. SQL ids are followed through the pipeline (store_sql / close_sql
 * in order), starting from the ids the stream already holds.
 * @param {any} body
 * @param {Iterable<number>} storedIds
 */
export function validatePipeline(body, storedIds) {
  check(isObject(body), "pipeline body must be a JSON object");
  check(body.baton == null || typeof body.baton === "string", "baton must be a string or null");
  check(Array.isArray(body.requests), "requests must be an array");
  const ids = new Set(storedIds);
  for (const [i, req] of body.requests.entries()) {
    const where = `requests[${i}]`;
    check(isObject(req) && REQUEST_TYPES.has(req.type), `${where}: unknown request type ${JSON.stringify(req?.type)}`);
    switch (req.type) {
      case "execute":
        checkStmt(req.stmt, `${where}.stmt`, ids);
        break;
      case "batch": {
        check(isObject(req.batch) && Array.isArray(req.batch.steps), `${where}: batch.steps must be an array`);
        for (const [s, step] of req.batch.steps.entries()) {
          check(isObject(step), `${where}.batch.steps[${s}] must be an object`);
          checkStmt(step.stmt, `${where}.batch.steps[${s}].stmt`, ids);
          if (step.condition != null) checkCond(step.condition, s, `${where}.batch.steps[${s}]`);
        }
        break;
      }
      case "sequence":
      case "describe":
        checkSqlRef(req, where, ids);
        break;
      case "store_sql":
        check(Number.isInteger(req.sql_id) && typeof req.sql === "string", `${where}: store_sql needs sql_id and sql`);
        if (ids.has(req.sql_id)) throw new ProtoError(`${where}: SQL text with id ${req.sql_id} is already stored`, "SQL_EXISTS");
        ids.add(req.sql_id);
        break;
      case "close_sql":
        check(Number.isInteger(req.sql_id), `${where}: close_sql needs sql_id`);
        ids.delete(req.sql_id);
        break;
    }
  }
}
