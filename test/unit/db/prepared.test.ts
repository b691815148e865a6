import { Placeholder, is, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, renderSql } from "../../../src/db/client";
import { numberedOnce, prepared } from "../../../src/db/prepared";
import { compactSql } from "../../../src/db/sql-text";

/** What prepared() renders once per isolate: the text, its parameters and each one's placeholder name. */
function rendered(statement: ReturnType<typeof sql>) {
  const q = renderSql(statement);
  return { ...q, names: q.params.map((p) => (is(p, Placeholder) ? p.name : null)) };
}

const p = { staff: sql.placeholder("staff"), from: sql.placeholder("from"), to: sql.placeholder("to") };

// Issue #42: a hot statement names one value many times; each is bound once, by its number.
describe("prepared statements bind each named value once", () => {
  it("gives every use of one name the same number, in first-use order", () => {
    const q = numberedOnce(
      rendered(sql`SELECT 1 FROM bookings WHERE staff_id = ${p.staff} AND start_at < ${p.to} AND end_at > ${p.from}
        AND NOT EXISTS (SELECT 1 FROM staff_time_off x WHERE x.staff_id = ${p.staff} AND x.start_at < ${p.to})`),
    );
    expect(q.sql).toContain("staff_id = ?1 AND start_at < ?2 AND end_at > ?3");
    expect(q.sql).toContain("x.staff_id = ?1 AND x.start_at < ?2");
    expect(q.names).toEqual(["staff", "to", "from"]);
    expect(q.params).toHaveLength(3);
  });

  it("keeps a constant of the template as a parameter of its own", () => {
    const q = numberedOnce(rendered(sql`SELECT ${p.staff} AS a, ${"confirmed"} AS b, ${p.staff} AS c, ${"confirmed"} AS d`));
    expect(q.sql).toBe("SELECT ?1 AS a, ?2 AS b, ?1 AS c, ?3 AS d");
    expect(q.names).toEqual(["staff", null, null]);
    expect(q.params.slice(1)).toEqual(["confirmed", "confirmed"]);
  });

  it("leaves a question mark inside a quoted literal or identifier alone", () => {
    const q = numberedOnce(rendered(sql`SELECT 'why?' AS "q?", ${p.staff} AS s, ${p.staff} AS t`));
    expect(q.sql).toBe(`SELECT 'why?' AS "q?", ?1 AS s, ?1 AS t`);
  });

  it("keeps a text it cannot number as it was (a parameter count it does not find)", () => {
    const odd = { sql: "SELECT ? AS a, 'unclosed", params: [1], names: [null] };
    expect(numberedOnce(odd)).toBe(odd);
  });
});

// Issue #42: a prepared text goes out with every request; what SQLite ignores is left out once.
describe("a prepared statement's text without what SQLite ignores", () => {
  it("drops comments and indentation, one space between words", () => {
    const text = `
      SELECT a,   b -- the why, never sent
        FROM t
      WHERE c = ?1`;
    expect(compactSql(text)).toBe("SELECT a,b FROM t WHERE c = ?1");
    expect(compactSql("SELECT f( a ,  b ) , ( 1 )")).toBe("SELECT f(a,b),(1)");
  });

  it("keeps quoted literals and identifiers exactly, spaces and dashes included", () => {
    const text = `SELECT '  two  spaces -- not a comment' AS "a  b", \`x  y\`,  'it''s'`;
    expect(compactSql(text)).toBe(`SELECT '  two  spaces -- not a comment' AS "a  b",\`x  y\`,'it''s'`);
  });

  it("ends a comment at its line: what follows is still sent", () => {
    expect(compactSql("SELECT 1 -- one\n, 2 -- two")).toBe("SELECT 1,2");
  });

  it("keeps a text with an unclosed quote as it was", () => {
    expect(compactSql("SELECT 'unclosed  ")).toBe("SELECT 'unclosed  ");
  });
});

// Issue #42: one statement may write for two changes of a batch, each under its own condition.
describe("a prepared statement with two gates", () => {
  const db = createDb({ LIBSQL_URL: "http://127.0.0.1:9", LIBSQL_AUTH_TOKEN: "" } as never);
  const statement = prepared<{ a: string; b: string }>(
    (p, gate, second) => sql`SELECT ${p.a} WHERE ${gate} UNION ALL SELECT ${p.b} WHERE ${second}`,
  );
  const queryOf = (s: unknown) => (s as { getQuery(): { sql: string; params: unknown[] } }).getQuery();

  it("binds each gate in its own place, its values numbered after the statement's", () => {
    const q = queryOf(statement.allGated(db, { a: "x", b: "y" }, sql`id = ${"one"}`, sql`id = ${"two"}`));
    expect(q.sql).toBe("SELECT ?1 WHERE (id = ?3) UNION ALL SELECT ?2 WHERE (id = ?4)");
    expect(q.params).toEqual(["x", "y", "one", "two"]);
  });

  it("takes 1 for a gate not given", () => {
    const q = queryOf(statement.allGated(db, { a: "x", b: "y" }, sql`id = ${"one"}`));
    expect(q.sql).toBe("SELECT ?1 WHERE (id = ?3) UNION ALL SELECT ?2 WHERE (1)");
  });
});
