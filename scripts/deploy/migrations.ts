import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Which migrations a deploy applies, and whether it may (design.md §23): forward-only, in the
 * journal's order, after those the database already recorded; a migration that drops or renames a
 * column or table is refused unless the operator passes --allow-destructive, because the release
 * before this one is still serving while the migration runs (expand first, contract in a later
 * release). Pure except `readJournal`, which reads drizzle/ as drizzle's migrator does.
 */

export type Migration = { tag: string; when: number; sql: string; hash: string };
/** A row of drizzle's `__drizzle_migrations`: what a database has applied. */
export type Applied = { hash: string; createdAt: number };

export function readJournal(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  return journal.entries.map((e) => {
    const sql = readFileSync(join(folder, `${e.tag}.sql`), "utf8");
    // The same hash drizzle's migrator records for the file.
    return { tag: e.tag, when: e.when, sql, hash: createHash("sha256").update(sql).digest("hex") };
  });
}

/** The SQL with comments and string literals blanked, so only statements' own words are read. */
function codeOnly(sql: string): string {
  return sql
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ");
}

const DESTRUCTIVE: { re: RegExp; what: string }[] = [
  { re: /\bDROP\s+TABLE\b/i, what: "drops a table" },
  { re: /\bALTER\s+TABLE\s+[^;]*?\bDROP\s+(?:COLUMN\s+)?(?!CONSTRAINT\b)[`"\w]/i, what: "drops a column" },
  { re: /\bALTER\s+TABLE\s+[^;]*?\bRENAME\s+(?:COLUMN\s+)?[`"\w]+\s+TO\b/i, what: "renames a column" },
  { re: /\bALTER\s+TABLE\s+[^;]*?\bRENAME\s+TO\b/i, what: "renames a table" },
];

export type Destructive = { tag: string; what: string; statement: string };

/** The statements of one migration that drop or rename a column or table (drizzle's table rebuilds included). */
export function destructiveStatements(tag: string, sql: string): Destructive[] {
  const found: Destructive[] = [];
  for (const part of sql.split("--> statement-breakpoint")) {
    const code = codeOnly(part);
    for (const { re, what } of DESTRUCTIVE) {
      if (re.test(code)) found.push({ tag, what, statement: part.trim().replace(/\s+/g, " ").slice(0, 160) });
    }
  }
  // A rebuild renames __new_x to x after dropping x: one finding per statement is enough.
  return found.filter((f, i) => found.findIndex((g) => g.statement === f.statement) === i);
}

export type MigrationPlan = {
  pending: Migration[];
  /** Destructive statements among the pending ones. */
  destructive: Destructive[];
  /** Refusals that --allow-destructive does not lift. */
  problems: string[];
  /** The database has migrations this checkout does not know (deploying older code). */
  databaseAhead: number;
};

/** What to apply to a database that recorded `applied` (drizzle applies every journal entry newer than its last). */
export function planMigrations(journal: Migration[], applied: Applied[]): MigrationPlan {
  const last = applied.reduce((max, a) => Math.max(max, a.createdAt), Number.NEGATIVE_INFINITY);
  const pending = journal.filter((m) => m.when > last);
  const known = new Map(journal.map((m) => [m.when, m]));
  const problems: string[] = [];
  for (const a of applied) {
    const m = known.get(a.createdAt);
    // Forward-only: an applied migration is never edited; its fix is a new migration.
    if (m && m.hash !== a.hash) problems.push(`${m.tag} was changed after the database applied it; write a new migration instead`);
  }
  const databaseAhead = applied.filter((a) => !known.has(a.createdAt) && a.createdAt > (journal.at(-1)?.when ?? 0)).length;
  return { pending, destructive: pending.flatMap((m) => destructiveStatements(m.tag, m.sql)), problems, databaseAhead };
}
