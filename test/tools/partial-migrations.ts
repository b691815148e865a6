import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

// A data migration is tested on a database migrated only up to the point before it: the test
// writes rows as the older schema held them, then runs every migration as `npm run db:migrate` does.

const migrations = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** A scratch folder for the file's databases and migration copies, removed after its tests. */
export function scratchFolder(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of drizzle/ in `dir`/`name` whose journal keeps the first `count(entries)` migrations. */
export function journalUpTo(dir: string, name: string, count: (entries: { tag: string }[]) => number) {
  const folder = join(dir, name);
  cpSync(migrations, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count(journal.entries));
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** A file database in `dir` migrated with `migrationsFolder` only (a journalUpTo copy): the old schema. */
export async function databaseAt(dir: string, migrationsFolder: string) {
  const url = `file:${join(dir, "db.sqlite")}`;
  const client = createClient({ url });
  await migrate(drizzle(client), { migrationsFolder });
  return { url, client };
}
