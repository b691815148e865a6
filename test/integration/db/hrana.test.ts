import { createClient, type InStatement, LibsqlBatchError, LibsqlError, type ResultSet } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../src/db/client";
import { pipelineClient, pipelineEndpoint } from "../../../src/db/hrana";
import { scratchDatabase } from "../../helpers/scratch-db";

/**
 * The pipeline client (src/db/hrana.ts) against @libsql/client's own HTTP client, on the same
 * database: what each sends, what each answers, how each fails. Every route reads and writes through
 * the pipeline client, so any difference here would be a difference in every answer.
 */

/** A fetch that records the bodies it sends, then sends them. */
function recording() {
  const bodies: string[] = [];
  const fetchVia = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    bodies.push(await request.clone().text());
    return fetch(request);
  };
  return { bodies, fetch: fetchVia as typeof fetch };
}

/** Both clients on one database; the library's with its per-batch SQL cache off, as production used it. */
async function bothClients() {
  const { url } = await scratchDatabase();
  const ours = recording();
  const theirs = recording();
  const library = createClient({ url, intMode: "number", fetch: theirs.fetch });
  const pipeline = pipelineClient({ ...pipelineEndpoint(url, undefined), fetch: ours.fetch }, () => library);
  const uncached = (s: InStatement) => (typeof s === "string" ? s : { ...s, sql: new String(s.sql) as unknown as string });
  return {
    ours,
    theirs,
    pipeline,
    library: {
      execute: library.execute.bind(library),
      batch: (stmts: InStatement[], mode?: "write" | "read" | "deferred") => library.batch(stmts.map(uncached), mode),
    },
  };
}

/** What a caller can observe of a result set. */
function observed(r: ResultSet) {
  return {
    columns: r.columns,
    columnTypes: r.columnTypes,
    rowsAffected: r.rowsAffected,
    lastInsertRowid: r.lastInsertRowid,
    rows: r.rows.map((row) => ({
      keys: Object.keys(row),
      byIndex: Array.prototype.slice.call(row),
      length: row.length,
      json: JSON.stringify(row),
      spread: { ...row },
    })),
    json: JSON.stringify(r),
  };
}

const table = (suffix: string) => `pipeline_${suffix}_${crypto.randomUUID().replace(/-/g, "")}`;

describe("the pipeline client sends and answers exactly what @libsql/client does", () => {
  it("sends the same request body for a batch and for a statement, with every kind of value", async () => {
    const c = await bothClients();
    const t = table("values");
    await c.pipeline.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, a TEXT, b REAL, c INTEGER, d BLOB, e)`);
    const statements: InStatement[] = [
      { sql: `INSERT INTO ${t} (a, b, c, d, e) VALUES (?, ?, ?, ?, ?)`, args: ['x"y\n', 1.5, 42n, new Uint8Array([0, 1, 254]), null] },
      { sql: `INSERT INTO ${t} (a, b, c, d, e) VALUES (?, ?, ?, ?, ?)`, args: ["é", 7, true, new Uint8Array([1, 2]), new Date(0)] },
      { sql: `SELECT a, b, c, d, e FROM ${t} WHERE a = :a`, args: { a: "é" } },
    ];
    c.ours.bodies.length = 0;
    await c.pipeline.batch(statements, "write");
    await c.library.batch(statements, "write");
    await c.pipeline.execute({ sql: `SELECT count(*) AS n FROM ${t} WHERE c > ?`, args: [1] });
    await c.library.execute({ sql: `SELECT count(*) AS n FROM ${t} WHERE c > ?`, args: [1] });
    expect(c.ours.bodies).toHaveLength(2);
    expect(c.ours.bodies).toEqual(c.theirs.bodies);
  });

  it("answers the same result sets: rows by index and by name, counts, the last row id", async () => {
    const c = await bothClients();
    // Two tables in the same state, one for each client: their writes answer the same.
    const run = async (client: typeof c.pipeline | typeof c.library, t: string) => {
      await c.pipeline.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB)`);
      await c.pipeline.batch([
        { sql: `INSERT INTO ${t} (name, price, data) VALUES (?, ?, ?)`, args: ["Cut", 30.5, new Uint8Array([9, 8])] },
        { sql: `INSERT INTO ${t} (name, price, data) VALUES (?, ?, ?)`, args: ["Colour", 80, null] },
      ]);
      const results = await client.batch([
        { sql: `UPDATE ${t} SET price = price + 1 WHERE price > ?`, args: [0] },
        { sql: `INSERT INTO ${t} (name) VALUES (?) RETURNING id, name`, args: ["Wash"] },
        // A repeated column name and names that look like indexes: the first of a name wins.
        { sql: `SELECT id, name, price, data, name AS "name", 1 AS "1", 5 AS "0", 7 AS "__proto__" FROM ${t} ORDER BY id`, args: [] },
        { sql: `SELECT * FROM ${t} WHERE id < 0`, args: [] },
      ]);
      const single = await client.execute({ sql: `SELECT name, price FROM ${t} ORDER BY id`, args: [] });
      return [...results, single];
    };
    const mine = await run(c.pipeline, table("ours"));
    const theirs = await run(c.library, table("theirs"));
    expect(mine.map(observed)).toEqual(theirs.map(observed));
    expect(mine[0].rowsAffected).toBe(2);
    expect(mine[1].lastInsertRowid).toBe(3n);
    expect(mine[2].rows[0].name).toBe("Cut");
    expect(Object.keys(mine[2].rows[0])).toContain("__proto__");
    expect([...new Uint8Array(mine[2].rows[0].data as ArrayBuffer)]).toEqual([9, 8]);
    expect(mine[3].rows).toEqual([]);
  });

  it("gives Drizzle the same rows through db.all and a select", async () => {
    const { url } = await scratchDatabase();
    const t = table("drizzle");
    const db = createDb({ LIBSQL_URL: url, LIBSQL_AUTH_TOKEN: undefined });
    await db.run(sql.raw(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT)`));
    await db.run(sql`INSERT INTO ${sql.raw(t)} (name) VALUES (${"Ada"}), (${"Grace"})`);
    const rows = await db.all<{ id: number; name: string }>(sql`SELECT id, name FROM ${sql.raw(t)} ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, name: "Ada" },
      { id: 2, name: "Grace" },
    ]);
    const values = await db.values<[number, string]>(sql`SELECT id, name FROM ${sql.raw(t)} ORDER BY id`);
    expect(values.map((row) => Array.prototype.slice.call(row))).toEqual([
      [1, "Ada"],
      [2, "Grace"],
    ]);
  });

  it("fails a batch the same way: the statement's index, code and message, and nothing of it applied", async () => {
    const c = await bothClients();
    const t = table("unique");
    await c.pipeline.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, code TEXT UNIQUE)`);
    await c.pipeline.execute({ sql: `INSERT INTO ${t} (code) VALUES (?)`, args: ["A"] });
    const statements: InStatement[] = [
      { sql: `INSERT INTO ${t} (code) VALUES (?)`, args: ["B"] },
      { sql: `INSERT INTO ${t} (code) VALUES (?)`, args: ["A"] },
      { sql: `INSERT INTO ${t} (code) VALUES (?)`, args: ["C"] },
    ];
    const mine = await c.pipeline.batch(statements).catch((e: unknown) => e);
    const theirs = await c.library.batch(statements).catch((e: unknown) => e);
    expect(mine).toBeInstanceOf(LibsqlBatchError);
    expect(theirs).toBeInstanceOf(LibsqlBatchError);
    const shape = (e: LibsqlBatchError) => ({ index: e.statementIndex, code: e.code, message: e.message, name: e.name });
    expect(shape(mine as LibsqlBatchError)).toEqual(shape(theirs as LibsqlBatchError));
    expect((mine as LibsqlBatchError).statementIndex).toBe(1);
    expect((mine as Error).message).toMatch(/UNIQUE constraint failed/);
    const left = await c.pipeline.execute(`SELECT code FROM ${t} ORDER BY code`);
    expect(left.rows.map((r) => r.code)).toEqual(["A"]);
  });

  it("fails a statement the same way", async () => {
    const c = await bothClients();
    const mine = await c.pipeline.execute("SELECT * FROM no_such_table").catch((e: unknown) => e);
    const theirs = await c.library.execute("SELECT * FROM no_such_table").catch((e: unknown) => e);
    expect(mine).toBeInstanceOf(LibsqlError);
    expect({ code: (mine as LibsqlError).code, message: (mine as Error).message }).toEqual({
      code: (theirs as LibsqlError).code,
      message: (theirs as Error).message,
    });
  });
});
