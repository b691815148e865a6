// design.md §29 (issue #40): the report roll-up's triggers are written by scripts/db/report-rollup-sql.ts
// from the same rules the reports use (src/domain/reports.ts: which payments are money taken, which
// statuses hold a chair). The migration must be that text: a rule changed without a new migration
// would leave the triggers counting by the old one.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { reportRollupSql } from "../../scripts/db/report-rollup-sql";
import { zoneOffsetRows } from "../../src/services/reports/rollup";

const migrations = fileURLToPath(new URL("../../drizzle", import.meta.url));

describe("the report roll-up migration", () => {
  it("is the text the rules of src/domain/reports.ts give", () => {
    // The latest roll-up migration (a later rule change writes the triggers anew in one of its own).
    const file = readdirSync(migrations)
      .filter((f) => f.endsWith("_report_rollup.sql"))
      .sort()
      .at(-1);
    expect(file).toBeDefined();
    expect(readFileSync(`${migrations}/${file}`, "utf8")).toBe(reportRollupSql());
  });

  it("stores a zone's offsets as the zone database gives them, every change of offset from 1970 to 2200", () => {
    const ny = zoneOffsetRows("America/New_York");
    // Standard time before 1970 already; then the DST rules to 2200 (two changes a year, some years more).
    expect(ny[0]).toEqual({ fromMs: -8_640_000_000_000_000, offsetMs: -5 * 3_600_000 });
    expect(ny.length).toBeGreaterThan(2 * 229);
    // 9 March 2031, 02:00 EST: clocks go forward.
    expect(ny).toContainEqual({ fromMs: Date.UTC(2031, 2, 9, 7), offsetMs: -4 * 3_600_000 });
    for (let i = 1; i < ny.length; i++) expect(ny[i].offsetMs).not.toBe(ny[i - 1].offsetMs);
    expect(zoneOffsetRows("UTC")).toEqual([{ fromMs: -8_640_000_000_000_000, offsetMs: 0 }]);
  });
});
