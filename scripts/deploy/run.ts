import { existsSync, readFileSync } from "node:fs";
import type { DeployArgs } from "./args";
import { ensureQueues, gzipKiB, liveVersion } from "./cloudflare";
import { parseEnvFile } from "./env-file";
import { type Applied, type MigrationPlan, planMigrations, readJournal } from "./migrations";
import { databaseLabel, planLines, rollbackLines } from "./plan";
import { checkSettings, SETTINGS, secretsOf } from "./settings";
import { smokeCheck } from "./smoke";
import { checkWranglerEnv, type WranglerEnv, withPlaceholdersFilled } from "./wrangler-env";

/**
 * `npm run deploy` (design.md §23), with everything that reaches outside injected, so tests run
 * it without the network. Order: every check first (nothing is touched when one fails: exit 2),
 * the plan, then build, queues, migrations and the operator account, the rollback target, secrets
 * in one call, deploy, smoke check, rollback command (a failed step: exit 1). A dry run builds
 * and migrates a scratch libSQL database instead, and uploads nothing.
 */

export type RunResult = { code: number; stdout: string; stderr: string };
export type Runner = (cmd: string, args: string[], opts: { env: Record<string, string>; input?: string }) => Promise<RunResult>;
export type Database = { url: string; authToken?: string; close?: () => Promise<void> };

export type DeployDeps = {
  log: (line: string) => void;
  run: Runner;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  sleep: (ms: number) => Promise<void>;
  readWrangler: (env: DeployArgs["env"]) => Promise<WranglerEnv>;
  migrationsFolder: string;
  /** A fresh local libSQL database for a dry run. */
  scratchDatabase: () => Promise<Database>;
  applied: (db: Database) => Promise<Applied[]>;
  migrate: (db: Database, folder: string) => Promise<void>;
  seedOperator: (db: Database, admin: { email: string; password: string }) => Promise<string[]>;
  /** The build's output directory (a temporary one). */
  outDir: () => string;
};

export type DeployReport = {
  code: 0 | 1 | 2;
  /** A dry run's scratch database after the migrations: what it recorded and its tables. */
  scratch?: { migrationsRecorded: number; tables: string[] };
};

/** Budget of the whole Worker, gzipped (docs: < 600 kB). */
export const BUNDLE_BUDGET_KIB = 585;

const refuse = (log: (l: string) => void, title: string, items: string[]): DeployReport => {
  log(title);
  for (const item of items) log(`  - ${item}`);
  log("Nothing was changed.");
  return { code: 2 };
};

export async function deploy(args: DeployArgs, deps: DeployDeps): Promise<DeployReport> {
  const { log } = deps;
  const file = existsSync(args.settingsFile) ? parseEnvFile(readFileSync(args.settingsFile, "utf8")) : null;
  const values = file?.values ?? {};
  const wrangler = await deps.readWrangler(args.env);
  const shape = checkWranglerEnv(args.env, wrangler);
  // A real deploy refuses placeholders below; a dry run checks the rest as if they were filled.
  const settings = checkSettings(args.env, values, args.dryRun ? withPlaceholdersFilled(args.env, wrangler.vars) : wrangler.vars);
  if (!file) log(`${args.settingsFile} does not exist: copy deploy/${args.env}.env.example to it and fill it in.`);
  if (settings.missing.length) return refuse(log, `Missing in ${args.settingsFile}:`, settings.missing);
  const refusals = [...(file?.problems ?? []).map((p) => `${args.settingsFile}: ${p}`), ...settings.problems, ...shape.errors];
  if (!args.dryRun) refusals.push(...shape.placeholders);
  if (refusals.length) return refuse(log, "Refused:", refusals);
  if (args.dryRun && shape.placeholders.length) {
    log("Before a real deploy, wrangler.toml must name your own values (a real deploy refuses until then):");
    for (const p of shape.placeholders) log(`  - ${p}`);
  }

  const journal = readJournal(deps.migrationsFolder);
  const db: Database = args.dryRun ? await deps.scratchDatabase() : { url: values.LIBSQL_URL, authToken: values.LIBSQL_AUTH_TOKEN };
  try {
    const migrations = planMigrations(journal, await deps.applied(db));
    if (migrations.problems.length) return refuse(log, "Refused:", migrations.problems);
    if (migrations.destructive.length && !args.allowDestructive) {
      return refuse(
        log,
        "Refused: these pending migrations drop or rename a column or table while the release before this one still serves (expand first, contract in a later release; pass --allow-destructive only when nothing running reads them):",
        migrations.destructive.map((d) => `${d.tag} ${d.what}: ${d.statement}`),
      );
    }
    const base = (wrangler.vars.PUBLIC_BASE_URL ?? "").replace(/\/+$/, "");
    const secrets = secretsOf(values);
    const label = args.dryRun ? `a scratch local libSQL database (${databaseLabel(db.url)})` : databaseLabel(db.url);
    for (const line of planLines({ args, wrangler, secretNames: Object.keys(secrets), migrations, database: label, base })) log(line);
    return await carryOut(args, deps, { values, wrangler, db, migrations, secrets, base });
  } finally {
    await db.close?.();
  }
}

type Ready = {
  values: Record<string, string>;
  wrangler: WranglerEnv;
  db: Database;
  migrations: MigrationPlan;
  secrets: Record<string, string>;
  base: string;
};

async function carryOut(args: DeployArgs, deps: DeployDeps, r: Ready): Promise<DeployReport> {
  const { log } = deps;
  const env = args.env;
  // wrangler's own settings: never the Worker's secrets (those go only through `secret bulk`'s stdin).
  const wranglerEnv: Record<string, string> = {
    ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === "string")),
    CLOUDFLARE_API_TOKEN: r.values.CLOUDFLARE_API_TOKEN,
    CLOUDFLARE_ACCOUNT_ID: r.values.CLOUDFLARE_ACCOUNT_ID,
    WRANGLER_SEND_METRICS: "false",
    CI: "true",
  };
  const step = async (title: string, cmd: string[], input?: string) => {
    log(`> ${title}: ${cmd.join(" ")}`);
    const out = await deps.run(cmd[0], cmd.slice(1), { env: wranglerEnv, input });
    if (out.code !== 0) log(`${out.stdout}\n${out.stderr}`.trim().split("\n").slice(-20).join("\n"));
    return out;
  };
  const fail = (what: string): DeployReport => {
    log(`Failed: ${what}`);
    return { code: 1 };
  };

  const build = await step("build", ["npx", "wrangler", "deploy", "--dry-run", "--env", env, "--outdir", deps.outDir()]);
  if (build.code !== 0) return fail("the build");
  const size = gzipKiB(`${build.stdout}\n${build.stderr}`);
  log(`  Worker bundle: ${size ?? "?"} KiB gzipped (budget ${BUNDLE_BUDGET_KIB} KiB)`);
  if (size !== null && size > BUNDLE_BUDGET_KIB) return fail(`the Worker is ${size} KiB gzipped, over the ${BUNDLE_BUDGET_KIB} KiB budget`);

  if (!args.dryRun) {
    try {
      const queues = await ensureQueues(
        deps.fetch,
        { id: r.values.CLOUDFLARE_ACCOUNT_ID, token: r.values.CLOUDFLARE_API_TOKEN },
        r.wrangler.queues,
      );
      log(`> queues: ${queues.map((q) => `${q.queue}${q.created ? " (created)" : ""}`).join(", ")}`);
    } catch (err) {
      return fail(String(err instanceof Error ? err.message : err));
    }
  }

  log(`> migrations: ${r.migrations.pending.length ? r.migrations.pending.map((m) => m.tag).join(", ") : "none pending"}`);
  try {
    await deps.migrate(r.db, deps.migrationsFolder);
    for (const line of await deps.seedOperator(r.db, { email: r.values.ADMIN_EMAIL, password: r.values.ADMIN_PASSWORD })) log(`  ${line}`);
  } catch (err) {
    return fail(`the migrations (nothing is half-applied: they run in one transaction): ${String(err).slice(0, 300)}`);
  }

  if (args.dryRun) {
    const scratch = await scratchReport(r.db);
    log(`  scratch database: ${scratch.migrationsRecorded} migrations recorded, ${scratch.tables.length} tables`);
    log("Dry run complete: nothing was uploaded or deployed.");
    return { code: 0, scratch };
  }

  const status = await step("rollback target", ["npx", "wrangler", "deployments", "status", "--env", env, "--json"]);
  const previous = status.code === 0 ? liveVersion(status.stdout) : null;
  log(`  live now: ${previous ?? "nothing (first deploy)"}`);

  const names = SETTINGS.filter((s) => s.kind === "secret" && r.secrets[s.key]).map((s) => s.key);
  if (
    (await step(`secrets (${names.length}, one call)`, ["npx", "wrangler", "secret", "bulk", "--env", env], JSON.stringify(r.secrets)))
      .code !== 0
  ) {
    return fail("uploading the secrets");
  }
  if ((await step("deploy", ["npx", "wrangler", "deploy", "--env", env])).code !== 0) {
    for (const line of rollbackLines(env, previous)) log(line);
    return fail("wrangler deploy");
  }

  const smoke = await smokeCheck({
    base: r.base,
    operator: { email: r.values.ADMIN_EMAIL, password: r.values.ADMIN_PASSWORD },
    access: r.values.CF_ACCESS_CLIENT_ID ? { id: r.values.CF_ACCESS_CLIENT_ID, secret: r.values.CF_ACCESS_CLIENT_SECRET } : undefined,
    fetch: deps.fetch,
    sleep: deps.sleep,
  });
  for (const line of smoke.lines) log(`> ${line}`);
  for (const line of rollbackLines(env, previous)) log(line);
  return smoke.ok
    ? { code: 0 }
    : fail("the smoke check (the new version is live: roll back with the command above if it does not recover)");
}

async function scratchReport(db: Database) {
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: db.url, authToken: db.authToken || undefined });
  try {
    const recorded = await client.execute("SELECT count(*) AS n FROM __drizzle_migrations");
    const tables = await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\' ORDER BY name",
    );
    return { migrationsRecorded: Number(recorded.rows[0].n), tables: tables.rows.map((t) => String(t.name)) };
  } finally {
    client.close();
  }
}
