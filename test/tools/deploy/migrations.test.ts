import { describe, expect, it } from "vitest";
import { appliedMigrations, MIGRATIONS_FOLDER } from "../../../scripts/db/migrate";
import { destructiveStatements, planMigrations, readJournal } from "../../../scripts/deploy/migrations";
import { deploy } from "../../../scripts/deploy/run";
import { FIXTURE_SETTINGS, localDatabase, migrationsWith, recordingRunner, scriptedFetch, testDeps } from "./support";

// design.md §23: migrations are forward-only and run while the release before is still serving,
// so one that drops or renames a column or table is refused unless --allow-destructive.

describe("destructive statements", () => {
  it.each([
    ["DROP TABLE `old_things`;", "drops a table"],
    ["drop table if exists old_things", "drops a table"],
    ["ALTER TABLE `tenants` DROP COLUMN `city`;", "drops a column"],
    ["ALTER TABLE tenants DROP city", "drops a column"],
    ["ALTER TABLE `tenants` RENAME COLUMN `city` TO `town`;", "renames a column"],
    ["ALTER TABLE `__new_tenants` RENAME TO `tenants`;", "renames a table"],
  ])("%s %s", (sql, what) => {
    expect(destructiveStatements("9999_x", sql)).toEqual([{ tag: "9999_x", what, statement: sql }]);
  });

  it("are not adding, indexing, triggers, data or words inside strings and comments", () => {
    const sql = [
      "ALTER TABLE `tenants` ADD `custom_domain_status` text;",
      "DROP INDEX IF EXISTS `tenants_old_idx`;",
      "DROP TRIGGER IF EXISTS schedule_version_bookings;",
      "INSERT INTO audit_log (action) VALUES ('drop table tenants');",
      "-- we used to DROP TABLE here",
      "UPDATE tenants SET description = 'ALTER TABLE x RENAME TO y';",
    ].join("\n--> statement-breakpoint\n");
    expect(destructiveStatements("9999_x", sql)).toEqual([]);
  });

  it("a drizzle table rebuild (drop, then rename the copy) counts once per statement", () => {
    const sql = [
      "CREATE TABLE `__new_tenants` (`id` text PRIMARY KEY NOT NULL);",
      "INSERT INTO `__new_tenants`(`id`) SELECT `id` FROM `tenants`;",
      "DROP TABLE `tenants`;",
      "ALTER TABLE `__new_tenants` RENAME TO `tenants`;",
    ].join("--> statement-breakpoint\n");
    expect(destructiveStatements("9999_x", sql).map((d) => d.what)).toEqual(["drops a table", "renames a table"]);
  });

  it("none of the migrations in drizzle/ is destructive", () => {
    expect(readJournal(MIGRATIONS_FOLDER).flatMap((m) => destructiveStatements(m.tag, m.sql))).toEqual([]);
  });
});

describe("the migration plan", () => {
  it("is every journal entry after the database's last, and refuses an applied migration that was edited", () => {
    const journal = readJournal(MIGRATIONS_FOLDER);
    const applied = journal.slice(0, 10).map((m) => ({ hash: m.hash, createdAt: m.when }));
    const plan = planMigrations(journal, applied);
    expect(plan.pending.map((m) => m.tag)).toEqual(journal.slice(10).map((m) => m.tag));
    expect(plan.problems).toEqual([]);
    expect(
      planMigrations(
        journal,
        journal.map((m) => ({ hash: m.hash, createdAt: m.when })),
      ).pending,
    ).toEqual([]);
    const edited = planMigrations(journal, [{ hash: "not-the-file", createdAt: journal[3].when }]);
    expect(edited.problems).toEqual([`${journal[3].tag} was changed after the database applied it; write a new migration instead`]);
    expect(planMigrations(journal, [{ hash: "x", createdAt: journal.at(-1)!.when + 1 }]).databaseAhead).toBe(1);
  });
});

describe("a deploy with a destructive migration pending", () => {
  const dropColumn = "ALTER TABLE `tenants` DROP COLUMN `city`;";

  it("is refused before anything is touched, naming the migration and the statement", async () => {
    const runner = recordingRunner();
    const net = scriptedFetch(() => ({ status: 500, body: null }));
    const db = await localDatabase();
    const deps = testDeps({
      run: runner.run,
      fetch: net.fetch,
      migrationsFolder: migrationsWith("0099_drop_city", dropColumn),
      scratchDatabase: async () => ({ url: db.url }),
    });
    const report = await deploy({ env: "staging", dryRun: true, allowDestructive: false, settingsFile: FIXTURE_SETTINGS }, deps);
    expect(report.code).toBe(2);
    expect(deps.lines.join("\n")).toContain(`0099_drop_city drops a column: ${dropColumn}`);
    expect(deps.lines.at(-1)).toBe("Nothing was changed.");
    expect(await appliedMigrations(db.url)).toEqual([]);
    expect(runner.calls).toEqual([]);
    expect(net.calls).toEqual([]);
    await db.close();
  });

  it("goes ahead with --allow-destructive, the plan naming what it drops", async () => {
    const runner = recordingRunner();
    const deps = testDeps({
      run: runner.run,
      fetch: scriptedFetch(() => ({ status: 500, body: null })).fetch,
      migrationsFolder: migrationsWith("0099_drop_city", dropColumn),
    });
    const report = await deploy({ env: "staging", dryRun: true, allowDestructive: true, settingsFile: FIXTURE_SETTINGS }, deps);
    expect(report.code).toBe(0);
    expect(deps.lines.join("\n")).toContain("! 0099_drop_city drops a column (allowed by --allow-destructive)");
    expect(report.scratch?.migrationsRecorded).toBe(readJournal(MIGRATIONS_FOLDER).length + 1);
  });
});
