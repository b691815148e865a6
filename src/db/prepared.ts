import { is, Placeholder, type SQL, sql } from "drizzle-orm";
import type { SQLiteRaw } from "drizzle-orm/sqlite-core/query-builders/raw";
import { type Db, renderSql } from "./client";
import { compactSql } from "./sql-text";

/**
 * A statement on a hot path whose text is rendered ONCE per isolate, with a named placeholder for
 * every value that changes per request, then only bound to each request's values. Drizzle renders
 * a template by walking its chunks with class checks (`is()` up the prototype chain) every time:
 * the booking create's reads cost 0.3-0.8 ms of Worker CPU per request that way (issue #42,
 * docs/benchmarks.md). Binding is an array map.
 *
 *   const read = prepared<{ slug: string; id: string }>((p) => sql`SELECT ... WHERE slug = ${p.slug} AND id = ${p.id}`);
 *   b.add(read.all<Row>(db, { slug, id }));   // a statement like db.all(sql`...`), in a batch or awaited
 *   b.add(read.all(db, { slug, id }, toView)); // its rows mapped (rows as the driver returns them)
 *
 * `build` must give the same text for every request: whatever changes the statement's shape
 * (public or owner rules, an optional condition) is a separate prepared statement.
 */
export type Placeholders<V> = { readonly [K in keyof V]: Placeholder<K & string> };

type Rendered = { sql: string; params: unknown[]; names: (string | null)[] };

/** A Drizzle raw statement (db.all / db.run) whose text and arguments are the bound ones. */
function asStatement<S extends SQLiteRaw<unknown>>(
  db: Db,
  raw: S,
  action: "all" | "run",
  query: { sql: string; args: unknown[] },
  map?: (rows: unknown[]) => unknown,
): S {
  const own = raw.mapResult.bind(raw);
  const mapResult = map ? (result: unknown) => map((result as { rows: unknown[] }).rows) : (result: unknown) => own(result, true);
  // Drizzle's batch asks every statement for its query (getQuery) and maps its result
  // (mapResult); awaited alone it runs `execute`. All three see the bound text, never the placeholders.
  return Object.assign(raw, {
    getQuery: () => ({ sql: query.sql, params: query.args, method: action }),
    mapResult,
    execute: async () => mapResult(await db.$client.execute({ sql: query.sql, args: query.args as never })),
  });
}

/** Where the per-request conditions sit in a rendered text (never valid SQL, so never in a real one). */
const GATE_MARKS = ["\u0000gate\u0000", "\u0000second\u0000"];

/**
 * `build` places at most one `gate` (a batch's condition, e.g. "the booking row exists") and one
 * `second` (another statement's condition, when one statement writes for two changes).
 */
export function prepared<V extends Record<string, unknown>>(build: (p: Placeholders<V>, gate: SQL, second: SQL) => SQL) {
  let rendered: (Rendered & { tails: string[]; order: number[] }) | undefined;
  const render = () => {
    const names = new Proxy({} as Placeholders<V>, { get: (_, name) => sql.placeholder(String(name)) });
    const full = renderSql(build(names, sql.raw(GATE_MARKS[0]), sql.raw(GATE_MARKS[1])));
    // Sent with every request: without indentation and comments (once per isolate).
    const q = { ...full, sql: compactSql(full.sql) };
    const numbered = numberedOnce({ ...q, names: q.params.map((p) => (is(p, Placeholder) ? p.name : null)) });
    const [head, ...tails] = numbered.sql.split(GATE_MARKS[0]).flatMap((piece) => piece.split(GATE_MARKS[1]));
    // Which condition each slot takes, in the order they appear in the text.
    const order = GATE_MARKS.map((mark) => numbered.sql.indexOf(mark))
      .map((at, k) => ({ at, k }))
      .filter((g) => g.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((g) => g.k);
    if (order.length !== tails.length) throw new Error("A prepared statement takes each of its gates once");
    return { ...numbered, sql: head, tails, order };
  };
  const bind = (values: V, gates: (SQL | undefined)[] = []) => {
    rendered ??= render();
    const r = rendered;
    const args = r.names.map((name, i) => (name === null ? r.params[i] : values[name]));
    if (r.tails.length === 0) return { sql: r.sql, args };
    // A gate is small and changes per caller: rendered alone, its parameters numbered after the
    // statement's own (and the gates before it).
    let text = r.sql;
    r.order.forEach((k, i) => {
      const g = renderSql(gates[k] ?? sql`1`);
      // A guard names the staff member and the span in every part: each value bound once.
      const own = numberedOnce({ ...g, names: g.params.map(valueKey) }, args.length);
      args.push(...own.params);
      text += `(${own.sql})${r.tails[i]}`;
    });
    return { sql: text, args };
  };
  const statement = asStatement;
  function all<R>(db: Db, values: V): SQLiteRaw<R[]>;
  function all<Row, R>(db: Db, values: V, map: (row: Row) => R): SQLiteRaw<R[]>;
  function all(db: Db, values: V, map?: (row: unknown) => unknown) {
    return statement(db, db.all(sql`SELECT 1`), "all", bind(values), map && ((rows) => rows.map(map)));
  }
  return {
    all,
    /** Rows of a statement taking a gate (`INSERT ... RETURNING` gated on the change). */
    allGated: <R>(db: Db, values: V, gate: SQL, second?: SQL): SQLiteRaw<R[]> =>
      statement(db, db.all<R>(sql`SELECT 1`), "all", bind(values, [gate, second])),
    /** `gate`: the condition the build placed (its second argument); `1` when none is given. */
    run: (db: Db, values: V, gate?: SQL) => statement(db, db.run(sql`SELECT 1`), "run", bind(values, [gate])),
  };
}

/**
 * A statement whose shape changes per request (a guard of one, two or three parts), rendered now
 * like any other, with each repeated value bound once (numberedOnce, by value): the overlap guard
 * names the staff member and the span's bounds in every part, about 25 arguments where 10 differ.
 */
export function runBoundOnce(db: Db, statement: SQL) {
  const q = renderSql(statement);
  const numbered = numberedOnce({ ...q, names: q.params.map(valueKey) });
  return asStatement(db, db.run(sql`SELECT 1`), "run", { sql: numbered.sql, args: numbered.params });
}

/** A name for a value that equals another's exactly (same type and value); null: never shared. */
const valueKey = (v: unknown): string | null =>
  typeof v === "string" ? `s${v}` : typeof v === "number" ? `n${v}` : v === null ? "null" : null;

/**
 * The rendered text with each named value bound ONCE (issue #42): a hot statement names the same
 * value many times (a staff member's id and a day's bounds in every part of the schedule read, a
 * booking's id in every sub-select), and every argument costs its encoding in the pipeline, its
 * decoding and binding in the server. Drizzle writes `?` per use; this numbers them (`?1`, `?2`,
 * SQLite's numbered parameters), the same number for every use of one placeholder name. Values
 * the template holds as constants keep a number each. A `?` inside a quoted literal or identifier
 * is left alone; if the count of `?` found differs from the parameters, the text stays as it was.
 */
const QUOTE = 39;
const DOUBLE_QUOTE = 34;
const BACKTICK = 96;
const QUESTION = 63;

export function numberedOnce(q: Rendered, offset = 0): Rendered {
  const marks: number[] = [];
  const text0 = q.sql;
  for (let i = 0; i < text0.length; i++) {
    const ch = text0.charCodeAt(i);
    if (ch === QUOTE || ch === DOUBLE_QUOTE || ch === BACKTICK) {
      const end = text0.indexOf(text0[i], i + 1);
      if (end < 0) return q;
      i = end;
    } else if (ch === QUESTION) {
      // Already numbered (`?12`): not Drizzle's output; keep the text as written.
      const next = text0.charCodeAt(i + 1);
      if (next >= 48 && next <= 57) return q;
      marks.push(i);
    }
  }
  if (marks.length !== q.params.length) return q;
  const byName = new Map<string, number>();
  const params: unknown[] = [];
  const names: (string | null)[] = [];
  const numbers = q.params.map((param, k) => {
    const name = q.names[k];
    const known = name === null ? undefined : byName.get(name);
    if (known !== undefined) return known;
    params.push(param);
    names.push(name);
    if (name !== null) byName.set(name, params.length + offset);
    return params.length + offset;
  });
  let text = "";
  let from = 0;
  marks.forEach((at, k) => {
    text += `${q.sql.slice(from, at)}?${numbers[k]}`;
    from = at + 1;
  });
  return { sql: text + q.sql.slice(from), params, names };
}
