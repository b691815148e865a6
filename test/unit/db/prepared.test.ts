import { Placeholder, is, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renderSql } from "../../../src/db/client";
import { numberedOnce } from "../../../src/db/prepared";

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
