// The local libSQL server (tools/libsql-server) must behave like sqld for the real
// @libsql/client (HTTP, Hrana JSON) and Drizzle, because every integration test and local dev run
// goes through it. Each test starts its own server on a fresh temporary database file.
import { createClient, LibsqlError, type Client, type Config } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import Database from "libsql";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startLibsqlServer } from "../../tools/libsql-server/server.mjs";

type Server = Awaited<ReturnType<typeof startLibsqlServer>>;
type Options = Omit<Parameters<typeof startLibsqlServer>[0], "file">;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(options: Options = {}) {
  const dir = mkdtempSync(join(tmpdir(), "libsql-server-test-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "test.db");
  const server = await startLibsqlServer({ file, ...options });
  cleanups.push(() => server.close());
  const client = (config: Partial<Config> = {}): Client => {
    const c = createClient({ url: server.url, ...config });
    cleanups.push(() => c.close());
    return c;
  };
  /** A connection of our own on the same file: a writer "in another process". */
  const external = () => {
    const db = new Database(file);
    cleanups.push(() => db.close());
    return db;
  };
  return { server, file, client, external, db: client() };
}

async function pipeline(server: Server, body: unknown, path = "/v2/pipeline") {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, contentType: res.headers.get("content-type"), body: (await res.json()) as any };
}

const count = async (c: Client, table: string) => Number((await c.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe("statements and values", () => {
  it("binds positional and named arguments (:a, @a, $a, with or without the prefix)", async () => {
    const { db } = await setup();
    const row = async (sql: string, args: any) => (await db.execute({ sql, args })).rows[0];
    expect(await row("SELECT ? AS a, ? AS b", [1, "x"])).toMatchObject({ a: 1, b: "x" });
    expect(await row("SELECT ?2 AS a, ?1 AS b", ["first", "second"])).toMatchObject({ a: "second", b: "first" });
    expect(await row("SELECT :a AS a, @b AS b, $c AS c, :a || '!' AS d", { a: "A", b: "B", c: "C" })).toMatchObject({
      a: "A",
      b: "B",
      c: "C",
      d: "A!",
    });
    expect(await row("SELECT :a AS a, @b AS b, $c AS c", { ":a": 1, "@b": 2, $c: 3 })).toMatchObject({ a: 1, b: 2, c: 3 });
    expect(await row("SELECT ? AS a, :n AS n, ? AS b", [1, 2, 3])).toMatchObject({ a: 1, n: 2, b: 3 });
    // '?' and ':x' inside literals, identifiers and comments are not parameters
    expect(await row(`SELECT '?:x' AS "q?", :x AS x -- :y ?`, { x: 5 })).toMatchObject({ "q?": "?:x", x: 5 });
  });

  it("round-trips every value type", async () => {
    const { client } = await setup();
    const big = 2n ** 53n + 1n;
    const bigDb = client({ intMode: "bigint" });
    await bigDb.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, v)");
    const values = [
      null,
      0n,
      -1n,
      big,
      -(2n ** 63n),
      2n ** 63n - 1n,
      1.5,
      -0.25,
      1e300,
      "",
      "héllo wörld — ✓ 🌍 中文",
      new Uint8Array([0, 1, 2, 254, 255]),
    ];
    for (const v of values) await bigDb.execute({ sql: "INSERT INTO v (v) VALUES (?)", args: [v] });
    const { rows, columnTypes } = await bigDb.execute("SELECT v, typeof(v) AS t FROM v ORDER BY id");
    expect(columnTypes).toEqual(["", ""]);
    expect(rows.map((r) => r.t)).toEqual([
      "null",
      "integer",
      "integer",
      "integer",
      "integer",
      "integer",
      "real",
      "real",
      "real",
      "text",
      "text",
      "blob",
    ]);
    for (const [i, v] of values.entries()) {
      const got = rows[i].v;
      if (v instanceof Uint8Array) expect(new Uint8Array(got as ArrayBuffer)).toEqual(v);
      else expect(got).toBe(v);
    }
    // a float that happens to be integral stays a float
    expect((await bigDb.execute({ sql: "SELECT typeof(?) AS t", args: [2] })).rows[0].t).toBe("real");
    // last_insert_rowid beyond 2^53 is exact
    const r = await bigDb.execute({ sql: "INSERT INTO v (id, v) VALUES (?, 'x')", args: [2n ** 62n + 1n] });
    expect(r.lastInsertRowid).toBe(2n ** 62n + 1n);
    expect(r.rowsAffected).toBe(1);
    // declared column types come through
    await bigDb.execute("CREATE TABLE typed (a INTEGER, b TEXT, c REAL)");
    expect((await bigDb.execute("SELECT a, b, c FROM typed")).columnTypes).toEqual(["INTEGER", "TEXT", "REAL"]);
  });

  it("reports rowsAffected and lastInsertRowid, also for RETURNING", async () => {
    const { db } = await setup();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const ins = await db.execute("INSERT INTO t (k) VALUES ('a'), ('b'), ('c')");
    expect(ins.rowsAffected).toBe(3);
    expect(ins.lastInsertRowid).toBe(3n);
    const upd = await db.execute("UPDATE t SET k = k || '!' WHERE id > 1 RETURNING id, k");
    expect(upd.rowsAffected).toBe(2);
    expect(upd.rows.map((r) => r.k)).toEqual(["b!", "c!"]);
    const sel = await db.execute("SELECT * FROM t");
    expect(sel.rowsAffected).toBe(0);
    expect(sel.columns).toEqual(["id", "k"]);
  });

  it("surfaces constraint errors as LibsqlError with SQLite codes", async () => {
    const { db } = await setup();
    await db.batch([
      "CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
      "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id))",
      "CREATE TABLE keyed (k TEXT PRIMARY KEY)",
      "INSERT INTO parent (id, name) VALUES (1, 'p')",
      "INSERT INTO keyed VALUES ('k')",
    ]);
    const failure = async (sql: string) => {
      const err = await db.execute(sql).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(LibsqlError);
      return (err as LibsqlError).code;
    };
    expect(await failure("INSERT INTO parent (name) VALUES ('p')")).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(await failure("INSERT INTO keyed VALUES ('k')")).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(await failure("INSERT INTO parent (id, name) VALUES (1, 'other')")).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(await failure("INSERT INTO child (parent_id) VALUES (999)")).toBe("SQLITE_CONSTRAINT_FOREIGNKEY");
    expect(await failure("INSERT INTO parent (name) VALUES (NULL)")).toBe("SQLITE_CONSTRAINT_NOTNULL");
    expect(await failure("SELECT * FROM missing")).toBe("SQLITE_ERROR");
    expect(await failure("SELEC 1")).toBe("SQLITE_ERROR");
    expect(await failure("SELECT 1; SELECT 2")).toBe("SQLITE_ERROR");
    // the failures left nothing behind
    expect(await count(db, "parent")).toBe(1);
    expect(await count(db, "child")).toBe(0);
  });

  it("runs executeMultiple (sequence), including trigger bodies with ';' and CASE ... END", async () => {
    const { db } = await setup();
    await db.executeMultiple(`
      CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER);
      CREATE TABLE log (msg TEXT);
      -- a comment; with a semicolon
      CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
        INSERT INTO log VALUES ('inserted ' || new.v);
        INSERT INTO log VALUES (CASE WHEN new.v > 1 THEN 'big' ELSE 'small' END);
      END;
      INSERT INTO t (v) VALUES (1), (2);
    `);
    expect((await db.execute("SELECT msg FROM log ORDER BY rowid")).rows.map((r) => r.msg)).toEqual([
      "inserted 1",
      "small",
      "inserted 2",
      "big",
    ]);
  });
});

describe("batches and transactions", () => {
  it("commits a batch", async () => {
    const { db } = await setup();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT NOT NULL)");
    const results = await db.batch(
      [
        { sql: "INSERT INTO t (k) VALUES (?)", args: ["a"] },
        { sql: "INSERT INTO t (k) VALUES (:k)", args: { k: "b" } },
        "SELECT k FROM t ORDER BY id",
      ],
      "write",
    );
    expect(results[0].lastInsertRowid).toBe(1n);
    expect(results[1].lastInsertRowid).toBe(2n);
    expect(results[2].rows.map((r) => r.k)).toEqual(["a", "b"]);
    expect(await count(db, "t")).toBe(2);
  });

  it("rolls a batch back completely when a step fails", async () => {
    const { db } = await setup();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT NOT NULL UNIQUE)");
    await db.execute("INSERT INTO t (k) VALUES ('existing')");
    for (const mode of ["write", "deferred"] as const) {
      const err = await db
        .batch(["INSERT INTO t (k) VALUES ('new 1')", "INSERT INTO t (k) VALUES ('new 2')", "INSERT INTO t (k) VALUES ('existing')"], mode)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(LibsqlError);
      expect((err as LibsqlError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
      expect((await db.execute("SELECT k FROM t")).rows.map((r) => r.k)).toEqual(["existing"]);
    }
  });

  it("commits an interactive transaction across several requests", async () => {
    const { db } = await setup();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const tx = await db.transaction("write");
    await tx.execute("INSERT INTO t (k) VALUES ('a')");
    const { rows } = await tx.execute("SELECT count(*) AS n FROM t");
    expect(rows[0].n).toBe(1);
    await tx.execute({ sql: "INSERT INTO t (k) VALUES (?)", args: ["b"] });
    await tx.commit();
    expect(await count(db, "t")).toBe(2);
  });

  it("rolls an interactive transaction back", async () => {
    const { db } = await setup();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const tx = await db.transaction("write");
    await tx.execute("INSERT INTO t (k) VALUES ('a')");
    await tx.rollback();
    expect(await count(db, "t")).toBe(0);
    // and the lock is free again
    await db.execute("INSERT INTO t (k) VALUES ('b')");
    expect(await count(db, "t")).toBe(1);
  });

  it("isolates an open transaction from other clients", async () => {
    const { db, client } = await setup();
    const other = client();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const tx = await db.transaction("write");
    await tx.execute("INSERT INTO t (k) VALUES ('uncommitted')");
    expect(await count(tx as unknown as Client, "t")).toBe(1);
    expect(await count(other, "t")).toBe(0); // readers do not wait for the writer (WAL)
    await tx.commit();
    expect(await count(other, "t")).toBe(1);
  });

  it("runs 50 concurrent write transactions without deadlock or lost writes", async () => {
    const { db } = await setup();
    await db.batch([
      "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)",
      "INSERT INTO counter VALUES (1, 0)",
      "CREATE TABLE items (id INTEGER PRIMARY KEY, k TEXT NOT NULL)",
    ]);
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const tx = await db.transaction("write");
        try {
          const { rows } = await tx.execute("SELECT n FROM counter WHERE id = 1");
          await tx.execute({ sql: "UPDATE counter SET n = ? WHERE id = 1", args: [Number(rows[0].n) + 1] });
          await tx.execute({ sql: "INSERT INTO items (k) VALUES (?)", args: [`tx ${i}`] });
          await tx.commit();
        } finally {
          tx.close();
        }
      }),
    );
    expect((await db.execute("SELECT n FROM counter")).rows[0].n).toBe(50);
    expect(await count(db, "items")).toBe(50);
  });

  it("runs 50 concurrent read-then-write batches without deadlock or lost writes", async () => {
    const { db, client, server } = await setup();
    await db.batch([
      "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)",
      "INSERT INTO counter VALUES (1, 0)",
      "CREATE TABLE items (id INTEGER PRIMARY KEY, k TEXT NOT NULL)",
    ]);
    // A batch runs start to finish within one request, so batches alone never overlap inside the
    // server; an interactive transaction holding the write lock makes all of them wait for it.
    const holder = await db.transaction("write");
    await holder.execute("UPDATE counter SET n = n + 1 WHERE id = 1");
    await holder.execute("INSERT INTO items (k) VALUES ('holder')");
    const clients = Array.from({ length: 5 }, () => client());
    const before = server.stats().pipelineRequests;
    const batches = Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        clients[i % clients.length].batch(
          [
            "SELECT n FROM counter WHERE id = 1",
            "UPDATE counter SET n = n + 1 WHERE id = 1",
            { sql: "INSERT INTO items (k) VALUES (?)", args: [`batch ${i}`] },
          ],
          i % 2 ? "deferred" : "write",
        ),
      ),
    );
    await vi.waitFor(() => expect(server.stats().pipelineRequests).toBe(before + 50));
    await holder.commit();
    await batches;
    expect((await db.execute("SELECT n FROM counter")).rows[0].n).toBe(51);
    expect(await count(db, "items")).toBe(51);
  });
});

describe("SQLITE_BUSY handling", () => {
  it("waits asynchronously for a writer in another process, then completes", async () => {
    const { db, server, external } = await setup();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const ext = external();
    ext.exec("BEGIN IMMEDIATE");
    ext.exec("INSERT INTO t (k) VALUES ('external')");
    const before = server.stats().pipelineRequests;
    let settled = false;
    const pending = db.execute("INSERT INTO t (k) VALUES ('server')").finally(() => (settled = true));
    // the request arrived and is waiting, while the event loop keeps running
    await vi.waitFor(() => expect(server.stats().pipelineRequests).toBe(before + 1));
    expect(settled).toBe(false);
    ext.exec("COMMIT");
    await pending;
    expect((await db.execute("SELECT k FROM t ORDER BY id")).rows.map((r) => r.k)).toEqual(["external", "server"]);
  });

  it("gives up with SQLITE_BUSY after busyTimeoutMs and leaves nothing half-done", async () => {
    const { db, external } = await setup({ busyTimeoutMs: 150 });
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const ext = external();
    ext.exec("BEGIN IMMEDIATE");
    const single = await db.execute("INSERT INTO t (k) VALUES ('a')").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((single as LibsqlError).code).toMatch(/^SQLITE_BUSY/);
    const batch = await db.batch(["INSERT INTO t (k) VALUES ('b')"], "deferred").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((batch as LibsqlError).code).toMatch(/^SQLITE_BUSY/);
    ext.exec("COMMIT");
    // no server connection kept a lock or an uncommitted write: the external writer gets the lock,
    // and later autocommit writes through the server are really committed
    ext.exec("BEGIN IMMEDIATE");
    ext.exec("ROLLBACK");
    await db.execute("INSERT INTO t (k) VALUES ('c')");
    await db.execute("INSERT INTO t (k) VALUES ('d')");
    expect(ext.prepare("SELECT k FROM t ORDER BY id").raw(true).all().flat()).toEqual(["c", "d"]);
    ext.exec("BEGIN IMMEDIATE");
    ext.exec("COMMIT");
  });

  it("returns SQLITE_BUSY inside an open transaction and recovers after its rollback", async () => {
    const { db, client, external } = await setup();
    const other = client();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const writer = await db.transaction("write");
    await writer.execute("INSERT INTO t (k) VALUES ('writer')");
    const reader = await other.transaction("deferred");
    expect((await reader.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(0);
    const err = await reader.execute("INSERT INTO t (k) VALUES ('reader')").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as LibsqlError).code).toMatch(/^SQLITE_BUSY/);
    await reader.rollback();
    await writer.commit();
    // Pooled connections are reused most-recently-released first: while `holder` keeps the
    // writer's connection, the next stream would get the reader's (the one that saw the busy error).
    const holder = await db.transaction("read");
    await holder.execute("SELECT 1");
    await other.execute("INSERT INTO t (k) VALUES ('after 1')");
    await other.execute("INSERT INTO t (k) VALUES ('after 2')");
    await holder.rollback();
    const ext = external();
    expect(ext.prepare("SELECT k FROM t ORDER BY id").raw(true).all().flat()).toEqual(["writer", "after 1", "after 2"]);
    ext.exec("BEGIN IMMEDIATE");
    ext.exec("COMMIT");
  });

  it("rolls back a stream idle for longer than streamIdleMs, releasing its lock", async () => {
    const { db, client } = await setup({ streamIdleMs: 200 });
    const other = client();
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT)");
    const abandoned = await db.transaction("write");
    await abandoned.execute("INSERT INTO t (k) VALUES ('abandoned')");
    await other.execute("INSERT INTO t (k) VALUES ('waited')"); // waits until the idle stream is closed
    const err = await abandoned.commit().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as LibsqlError).code).toBe("STREAM_EXPIRED");
    expect((await other.execute("SELECT k FROM t")).rows.map((r) => r.k)).toEqual(["waited"]);
  });
});

describe("drizzle", () => {
  const authors = sqliteTable("authors", {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
  });
  const books = sqliteTable("books", {
    id: integer("id").primaryKey({ autoIncrement: true }),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    isbn: text("isbn").unique(),
  });
  const migrationsFolder = fileURLToPath(new URL("./fixtures/libsql-migrations", import.meta.url));

  it("migrates with drizzle-orm/libsql/migrator, then inserts and selects", async () => {
    const { db: client } = await setup();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder });
    await migrate(db, { migrationsFolder }); // idempotent
    expect((await client.execute("SELECT count(*) AS n FROM __drizzle_migrations")).rows[0].n).toBe(2);
    expect((await client.execute("PRAGMA foreign_keys")).rows[0].foreign_keys).toBe(1);

    const [author] = await db.insert(authors).values({ name: "Ursula" }).returning();
    await db.insert(books).values([
      { authorId: author.id, title: "A Wizard of Earthsea", priceCents: 1299, isbn: "isbn-1" },
      { authorId: author.id, title: "The Dispossessed" },
    ]);
    const rows = await db
      .select({ title: books.title, price: books.priceCents, author: authors.name })
      .from(books)
      .innerJoin(authors, eq(books.authorId, authors.id))
      .orderBy(books.id);
    expect(rows).toEqual([
      { title: "A Wizard of Earthsea", price: 1299, author: "Ursula" },
      { title: "The Dispossessed", price: 0, author: "Ursula" },
    ]);
    await expect(db.insert(books).values({ authorId: 999, title: "orphan" })).rejects.toMatchObject({
      cause: { code: "SQLITE_CONSTRAINT_FOREIGNKEY" },
    });
    const [result] = await db.batch([
      db.update(books).set({ priceCents: 999 }).where(eq(books.isbn, "isbn-1")).returning({ id: books.id }),
      db.delete(authors).where(eq(authors.id, author.id)),
    ]);
    expect(result).toEqual([{ id: 1 }]);
    expect(await db.select().from(books)).toEqual([]); // ON DELETE CASCADE ran: foreign keys are on
  });
});

describe("protocol and endpoints", () => {
  it("counts pipeline requests per tag and in total", async () => {
    const { server, db, client } = await setup();
    const tagged = client({ url: `${server.url}/t/abc/` });
    await db.execute("CREATE TABLE t (x)");
    const base = server.stats().pipelineRequests;
    await tagged.execute("INSERT INTO t VALUES (1)");
    await tagged.execute("INSERT INTO t VALUES (2)");
    await tagged.execute("SELECT * FROM t");
    expect(server.stats("abc")).toEqual({ pipelineRequests: 3 });
    await tagged.batch(["INSERT INTO t VALUES (3)", "INSERT INTO t VALUES (3)", "SELECT 1"]);
    expect(server.stats("abc")).toEqual({ pipelineRequests: 4 });
    expect(server.stats("nope")).toEqual({ pipelineRequests: 0 });
    expect(server.stats()).toEqual({ pipelineRequests: base + 4, tags: { abc: 4 } });

    expect(await (await fetch(`${server.url}/__stats`)).json()).toEqual({ pipelineRequests: base + 4, tags: { abc: 4 } });
    expect(await (await fetch(`${server.url}/__stats?tag=abc`)).json()).toEqual({ pipelineRequests: 4 });
    const reset = await fetch(`${server.url}/__stats/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(server.stats()).toEqual({ pipelineRequests: 0, tags: {} });
    await tagged.execute("SELECT 1");
    expect(server.stats()).toEqual({ pipelineRequests: 1, tags: { abc: 1 } });
  });

  it("answers the version probes, health, and protocol errors", async () => {
    const { server } = await setup();
    for (const path of ["/v2", "/v3", "/health", "/t/abc/v2", "/t/abc/v3"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
    expect((await fetch(`${server.url}/t/abc/v3-protobuf/pipeline`, { method: "POST", body: "" })).status).toBe(404);

    const expired = await pipeline(server, { baton: "no-such-baton", requests: [] });
    expect(expired).toMatchObject({ status: 400, contentType: "application/json", body: { code: "STREAM_EXPIRED" } });
    expect((await pipeline(server, { requests: [{ type: "frobnicate" }] })).status).toBe(400);
    expect((await pipeline(server, { requests: [{ type: "execute", stmt: { sql_id: 7 } }] })).body.code).toBe("SQL_NOT_FOUND");
    const notJson = await fetch(`${server.url}/v2/pipeline`, { method: "POST", body: "{" });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it("speaks raw Hrana: batons, stored SQL, batch conditions, describe, autocommit", async () => {
    const { server } = await setup();
    const int = (n: number) => ({ type: "integer", value: String(n) });
    const first = await pipeline(server, {
      baton: null,
      requests: [
        { type: "store_sql", sql_id: 1, sql: "INSERT INTO t (v) VALUES (?)" },
        { type: "sequence", sql: "CREATE TABLE t (v INTEGER NOT NULL); CREATE TABLE u (w)" },
        { type: "execute", stmt: { sql: "BEGIN", want_rows: false } },
        { type: "execute", stmt: { sql_id: 1, args: [int(1)], want_rows: false } },
        { type: "get_autocommit" },
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: { sql_id: 1, args: [{ type: "null" }] } },
              { condition: { type: "error", step: 0 }, stmt: { sql: "SELECT 'after error' AS x" } },
              { condition: { type: "ok", step: 0 }, stmt: { sql: "SELECT 'never' AS x" } },
              {
                condition: { type: "and", conds: [{ type: "not", cond: { type: "ok", step: 0 } }, { type: "is_autocommit" }] },
                stmt: { sql: "SELECT 'autocommit?' AS x" },
              },
              {
                condition: {
                  type: "or",
                  conds: [
                    { type: "ok", step: 1 },
                    { type: "ok", step: 2 },
                  ],
                },
                stmt: { sql_id: 1, args: [int(2)] },
              },
            ],
          },
        },
        { type: "describe", sql: "SELECT v AS value, :name AS n, ? AS p FROM t" },
        { type: "close_sql", sql_id: 1 },
      ],
    });
    expect(first.status).toBe(200);
    const { baton, base_url, results } = first.body;
    expect(typeof baton).toBe("string");
    expect(base_url).toBeNull();
    expect(results.map((r: any) => r.type)).toEqual(["ok", "ok", "ok", "ok", "ok", "ok", "ok", "ok"]);
    expect(results[4].response).toEqual({ type: "get_autocommit", is_autocommit: false });
    const batch = results[5].response.result;
    expect(batch.step_errors[0]).toMatchObject({ code: "SQLITE_CONSTRAINT_NOTNULL" });
    expect(batch.step_results[1].rows).toEqual([[{ type: "text", value: "after error" }]]);
    expect(batch.step_results[2]).toBeNull();
    expect(batch.step_results[3]).toBeNull(); // inside BEGIN: not autocommit
    expect(batch.step_results[4]).toMatchObject({ affected_row_count: 1, last_insert_rowid: "2" });
    expect(results[6].response.result).toEqual({
      params: [{ name: ":name" }, { name: null }],
      cols: [
        { name: "value", decltype: "INTEGER" },
        { name: "n", decltype: null },
        { name: "p", decltype: null },
      ],
      is_explain: false,
      is_readonly: true,
    });

    // a different stream does not see the open transaction
    const outside = await pipeline(server, { requests: [{ type: "execute", stmt: { sql: "SELECT count(*) FROM t" } }, { type: "close" }] });
    expect(outside.body.baton).toBeNull();
    expect(outside.body.results[0].response.result.rows).toEqual([[int(0)]]);

    // the same stream (by baton) still is in it; sql_id 1 was closed
    const second = await pipeline(server, {
      baton,
      requests: [
        { type: "execute", stmt: { sql: "SELECT count(*) FROM t" } },
        { type: "execute", stmt: { sql: "COMMIT" } },
        { type: "get_autocommit" },
        { type: "close" },
        { type: "execute", stmt: { sql: "SELECT 1" } },
      ],
    });
    expect(second.body.baton).toBeNull();
    expect(second.body.results[0].response.result.rows).toEqual([[int(2)]]);
    expect(second.body.results[2].response).toEqual({ type: "get_autocommit", is_autocommit: true });
    expect(second.body.results[4]).toMatchObject({ type: "error", error: { code: "STREAM_CLOSED" } });
    // the old baton is spent
    expect((await pipeline(server, { baton, requests: [] })).status).toBe(400);
  });

  it("requires the bearer token when started with authToken", async () => {
    const { server, client } = await setup({ authToken: "sekrit" });
    const anonymous = client();
    const err = await anonymous.execute("SELECT 1").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LibsqlError);
    expect((err as LibsqlError).code).toBe("UNAUTHORIZED");
    const authed = client({ authToken: "sekrit" });
    expect((await authed.execute("SELECT 1 AS one")).rows[0].one).toBe(1);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});

describe("scratch databases (tests of platform-wide state)", () => {
  it("POST /__scratch copies the template into a database of its own, served under /db/<name>", async () => {
    const dir = mkdtempSync(join(tmpdir(), "libsql-scratch-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const template = join(dir, "template.db");
    const seed = new Database(template);
    seed.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t (v) VALUES ('from the template')");
    seed.close();
    const { server, db } = await setup({ scratchTemplate: template });
    await db.execute("CREATE TABLE main_only (id INTEGER)");

    const made = await fetch(`${server.url}/__scratch`, { method: "POST" });
    expect(made.status).toBe(201);
    const { url } = (await made.json()) as { url: string };
    expect(url).toMatch(/\/db\/[a-z0-9-]+\/$/);
    const scratchDb = createClient({ url });
    cleanups.push(() => scratchDb.close());
    expect((await scratchDb.execute("SELECT v FROM t")).rows[0].v).toBe("from the template");
    await scratchDb.execute("INSERT INTO t (v) VALUES ('scratch only')");
    expect(await count(scratchDb, "t")).toBe(2);
    // Separate files: the main database has its own tables, another scratch database its own rows.
    await expect(db.execute("SELECT * FROM t")).rejects.toThrow(/no such table/);
    const other = createClient({
      url: ((await (await fetch(`${server.url}/__scratch`, { method: "POST" })).json()) as { url: string }).url,
    });
    cleanups.push(() => other.close());
    expect(await count(other, "t")).toBe(1);
    expect((await fetch(`${server.url}/db/nope/v2/pipeline`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("is refused without a template", async () => {
    const { server } = await setup();
    expect((await fetch(`${server.url}/__scratch`, { method: "POST" })).status).toBe(404);
  });
});
