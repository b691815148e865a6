// Just enough of SQLite's tokenizer to answer what the server has to know about a SQL text
// without asking the driver (which cannot tell us): where the parameters are and what they are
// numbered (the driver binds positionally, and panics when given an object for `?` parameters),
// where one statement ends (trigger bodies contain `;`), and what kind of statement it is
// (transaction control runs through `exec`, writes decide BEGIN upgrades and retry safety).

/** @typedef {"empty" | "read" | "write" | "txn" | "pragma" | "other"} StmtKind */
/**
 * @typedef {object} SqlInfo
 * @property {StmtKind} kind
 * @property {number} statementCount   statements in the text (the driver only prepares the first)
 * @property {number} paramCount       highest parameter index in the first statement
 * @property {(string | null)[]} paramNames  index i holds the name of parameter i+1 (null for `?`)
 * @property {Map<string, number>} nameToIndex  e.g. ":id" -> 1
 * @property {string} verb             first keyword, upper case ("" when empty)
 * @property {boolean} dml             INSERT / UPDATE / DELETE / REPLACE (also behind WITH)
 * @property {boolean} explain
 * @property {"deferred" | "immediate" | "exclusive" | "readonly" | null} begin  for BEGIN statements
 * @property {boolean} dirtiesConnection  changes per-connection state (PRAGMA, ATTACH, TEMP objects)
 */

const CACHE_MAX = 2000;
/** @type {Map<string, SqlInfo>} */
const cache = new Map();

const isDigit = (/** @type {number} */ c) => c >= 48 && c <= 57;
const isIdChar = (/** @type {number} */ c) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 || c === 36 || c > 127;
const isIdStart = (/** @type {number} */ c) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c > 127;
const isSpace = (/** @type {number} */ c) => c === 32 || (c >= 9 && c <= 13);

/**
 * @typedef {{ type: "word" | "param" | "semi" | "punct" | "literal", text: string, start: number, end: number }} Token
 */

/** @param {string} sql @returns {Token[]} comments and whitespace dropped */
export function tokenize(sql) {
  /** @type {Token[]} */
  const tokens = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql.charCodeAt(i);
    const start = i;
    if (isSpace(c)) {
      i++;
    } else if (c === 45 && sql.charCodeAt(i + 1) === 45) {
      // -- comment
      while (i < n && sql.charCodeAt(i) !== 10) i++;
    } else if (c === 47 && sql.charCodeAt(i + 1) === 42) {
      // /* comment */ (an unterminated one runs to the end, as in SQLite)
      const close = sql.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === 39 || c === 34 || c === 96) {
      // '...', "...", `...` with doubled-quote escapes
      i++;
      while (i < n) {
        if (sql.charCodeAt(i) === c) {
          if (sql.charCodeAt(i + 1) === c) i += 2;
          else break;
        } else i++;
      }
      i = Math.min(i + 1, n);
      tokens.push({ type: c === 39 ? "literal" : "word", text: sql.slice(start, i), start, end: i });
    } else if (c === 91) {
      // [identifier]
      const close = sql.indexOf("]", i + 1);
      i = close < 0 ? n : close + 1;
      tokens.push({ type: "word", text: sql.slice(start, i), start, end: i });
    } else if (c === 59) {
      i++;
      tokens.push({ type: "semi", text: ";", start, end: i });
    } else if (c === 63) {
      // ? or ?NNN
      i++;
      while (i < n && isDigit(sql.charCodeAt(i))) i++;
      tokens.push({ type: "param", text: sql.slice(start, i), start, end: i });
    } else if ((c === 58 || c === 64 || c === 36 || c === 35) && i + 1 < n && isIdChar(sql.charCodeAt(i + 1))) {
      // :name @name $name #name
      i++;
      while (i < n && isIdChar(sql.charCodeAt(i))) i++;
      tokens.push({ type: "param", text: sql.slice(start, i), start, end: i });
    } else if (isDigit(c) || (c === 46 && isDigit(sql.charCodeAt(i + 1)))) {
      i++;
      while (i < n && (isIdChar(sql.charCodeAt(i)) || sql.charCodeAt(i) === 46)) i++;
      tokens.push({ type: "literal", text: sql.slice(start, i), start, end: i });
    } else if (isIdStart(c)) {
      i++;
      // x'0102' blob literals: the quote right after x starts the string token
      if ((c === 120 || c === 88) && sql.charCodeAt(i) === 39) continue;
      while (i < n && isIdChar(sql.charCodeAt(i))) i++;
      tokens.push({ type: "word", text: sql.slice(start, i), start, end: i });
    } else {
      i++;
      tokens.push({ type: "punct", text: sql[start], start, end: i });
    }
  }
  return tokens;
}

/**
 * Split token list into statements. `;` inside CREATE TRIGGER ... BEGIN ... END does not end the
 * statement (CASE ... END inside the body is told apart by counting CASE).
 * @param {Token[]} tokens
 * @returns {Token[][]} non-empty statements, without their terminating `;`
 */
export function splitTokens(tokens) {
  /** @type {Token[][]} */
  const statements = [];
  /** @type {Token[]} */
  let current = [];
  let inTriggerBody = false;
  let caseDepth = 0;
  for (const tok of tokens) {
    if (tok.type === "semi" && !inTriggerBody) {
      if (current.length) statements.push(current);
      current = [];
      caseDepth = 0;
      continue;
    }
    current.push(tok);
    if (tok.type !== "word") continue;
    const word = tok.text.toUpperCase();
    if (word === "BEGIN" && !inTriggerBody && isCreateTrigger(current)) inTriggerBody = true;
    else if (inTriggerBody && word === "CASE") caseDepth++;
    else if (inTriggerBody && word === "END") {
      if (caseDepth > 0) caseDepth--;
      else inTriggerBody = false;
    }
  }
  if (current.length) statements.push(current);
  return statements;
}

/** @param {Token[]} toks */
function isCreateTrigger(toks) {
  const words = toks.slice(0, 4).map((t) => t.text.toUpperCase());
  if (words[0] !== "CREATE") return false;
  const next = words[1] === "TEMP" || words[1] === "TEMPORARY" ? words[2] : words[1];
  return next === "TRIGGER";
}

/** Split a SQL text into statement texts (for `sequence` requests). @param {string} sql */
export function splitStatements(sql) {
  return splitTokens(tokenize(sql)).map((toks) => sql.slice(toks[0].start, toks[toks.length - 1].end));
}

const READ_VERBS = new Set(["SELECT", "VALUES", "EXPLAIN"]);
const TXN_VERBS = new Set(["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]);
const DML_VERBS = new Set(["INSERT", "UPDATE", "DELETE", "REPLACE"]);
// Pragmas that change the database file itself (the rest only configure the connection).
const QUERY_PRAGMAS = new Set([
  "TABLE_INFO",
  "TABLE_XINFO",
  "TABLE_LIST",
  "INDEX_LIST",
  "INDEX_INFO",
  "INDEX_XINFO",
  "FOREIGN_KEY_LIST",
  "FOREIGN_KEY_CHECK",
  "INTEGRITY_CHECK",
  "QUICK_CHECK",
  "WAL_CHECKPOINT",
  "DATABASE_LIST",
  "COLLATION_LIST",
  "FUNCTION_LIST",
  "MODULE_LIST",
  "PRAGMA_LIST",
  "COMPILE_OPTIONS",
]);
const PERSISTENT_PRAGMAS = new Set(["USER_VERSION", "APPLICATION_ID", "SCHEMA_VERSION", "INCREMENTAL_VACUUM"]);

/** @param {string} sql @returns {SqlInfo} cached per SQL text */
export function analyzeSql(sql) {
  let info = cache.get(sql);
  if (info) {
    cache.delete(sql);
    cache.set(sql, info);
    return info;
  }
  info = analyze(sql);
  cache.set(sql, info);
  if (cache.size > CACHE_MAX) cache.delete(/** @type {string} */ (cache.keys().next().value));
  return info;
}

/** @param {string} sql @returns {SqlInfo} */
function analyze(sql) {
  const statements = splitTokens(tokenize(sql));
  /** @type {SqlInfo} */
  const info = {
    kind: "empty",
    statementCount: statements.length,
    paramCount: 0,
    paramNames: [],
    nameToIndex: new Map(),
    verb: "",
    dml: false,
    explain: false,
    begin: null,
    dirtiesConnection: false,
  };
  const toks = statements[0];
  if (!toks) return info;
  numberParameters(toks, info);
  const words = toks.filter((t) => t.type === "word").map((t) => t.text.toUpperCase());
  const verb = words[0] ?? "";
  info.verb = verb;
  info.explain = verb === "EXPLAIN";
  if (TXN_VERBS.has(verb)) {
    info.kind = "txn";
    if (verb === "BEGIN") {
      const mode = words[1];
      info.begin =
        mode === "IMMEDIATE" ? "immediate" : mode === "EXCLUSIVE" ? "exclusive" : words.includes("READONLY") ? "readonly" : "deferred";
    }
  } else if (READ_VERBS.has(verb)) {
    info.kind = "read";
  } else if (DML_VERBS.has(verb)) {
    info.kind = "write";
    info.dml = true;
  } else if (verb === "WITH") {
    // A CTE in front of INSERT/UPDATE/DELETE makes it a write; `replace(` is the function.
    info.dml = toks.some((t, i) => {
      if (t.type !== "word") return false;
      const w = t.text.toUpperCase();
      if (w === "REPLACE") return toks[i + 1]?.text !== "(";
      return w === "INSERT" || w === "UPDATE" || w === "DELETE";
    });
    info.kind = info.dml ? "write" : "read";
  } else if (verb === "PRAGMA") {
    const name = (words[1] === "MAIN" || words[1] === "TEMP") && toks[2]?.text === "." ? words[2] : words[1];
    const assigns = toks.some((t) => t.text === "=");
    info.kind = assigns && PERSISTENT_PRAGMAS.has(name ?? "") ? "write" : "pragma";
    // `PRAGMA x = v` and `PRAGMA x(v)` configure the connection, except the query-style ones.
    info.dirtiesConnection = assigns || (toks.some((t) => t.text === "(") && !QUERY_PRAGMAS.has(name ?? ""));
  } else if (verb === "ATTACH" || verb === "DETACH") {
    info.kind = "other";
    info.dirtiesConnection = true;
  } else {
    // CREATE / DROP / ALTER / ANALYZE / VACUUM / REINDEX and anything unknown
    info.kind = "write";
    if (verb === "CREATE" && (words[1] === "TEMP" || words[1] === "TEMPORARY")) info.dirtiesConnection = true;
  }
  return info;
}

/**
 * Number the parameters the way SQLite does: `?` takes the next index, `?NNN` takes NNN,
 * a name takes the next index the first time it appears and the same index after that.
 * @param {Token[]} toks @param {SqlInfo} info
 */
function numberParameters(toks, info) {
  let count = 0;
  for (const tok of toks) {
    if (tok.type !== "param") continue;
    const text = tok.text;
    if (text === "?") {
      count++;
      info.paramNames[count - 1] = null;
    } else if (text[0] === "?") {
      const index = Number(text.slice(1));
      if (!Number.isSafeInteger(index) || index < 1) continue; // SQLite rejects it at prepare time
      if (index > count) count = index;
      if (!info.nameToIndex.has(text)) info.nameToIndex.set(text, index);
      if (info.paramNames[index - 1] == null) info.paramNames[index - 1] = text;
    } else if (!info.nameToIndex.has(text)) {
      count++;
      info.nameToIndex.set(text, count);
      info.paramNames[count - 1] = text;
    }
  }
  for (let i = 0; i < count; i++) if (info.paramNames[i] === undefined) info.paramNames[i] = null;
  info.paramCount = count;
}
