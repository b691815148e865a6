// `npm run deploy -- --env <staging|production> [--dry-run] [--allow-destructive] [--settings <file>]`
// (design.md §23; docs/operations.md is the runbook). The steps are in ./run.ts; this file only
// connects them to the real world: child processes, the network, a scratch libSQL server.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLibsqlServer } from "../../tools/libsql-server/server.mjs";
import { appliedMigrations, MIGRATIONS_FOLDER, migrateDatabase } from "../db/migrate";
import { seedDatabase } from "../db/seed";
import { parseDeployArgs } from "./args";
import { type DeployDeps, deploy, type Runner } from "./run";
import { readWranglerEnv } from "./wrangler-env";

/** Runs a command with its output shown as it comes and kept for the caller; `input` goes to stdin. */
export const runCommand: Runner = (cmd, args, opts) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { env: opts.env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      process.stdout.write(c);
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
      process.stderr.write(c);
    });
    child.on("error", (err) => resolve({ code: 127, stdout, stderr: `${stderr}${err.message}` }));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(opts.input ?? "");
  });

/** The real dependencies; `scratchDir` holds the dry run's database and build output. */
export function realDeps(scratchDir: string): DeployDeps {
  return {
    log: (line) => console.log(line),
    run: runCommand,
    fetch: (input, init) => fetch(input, init),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    readWrangler: (env) => readWranglerEnv("wrangler.toml", env),
    migrationsFolder: MIGRATIONS_FOLDER,
    scratchDatabase: async () => {
      const server = await startLibsqlServer({ file: join(scratchDir, "scratch.db") });
      return { url: server.url, close: () => server.close() };
    },
    applied: (db) => appliedMigrations(db.url, db.authToken),
    migrate: (db, folder) => migrateDatabase(db.url, db.authToken, folder),
    seedOperator: (db, admin) =>
      seedDatabase(db.url, { adminEmail: admin.email, adminPassword: admin.password, authToken: db.authToken, environment: "production" }),
    outDir: () => join(scratchDir, "worker"),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = parseDeployArgs(process.argv.slice(2));
  if ("error" in args) {
    console.error(args.error);
    process.exit(2);
  }
  const scratchDir = mkdtempSync(join(tmpdir(), "deploy-"));
  try {
    const report = await deploy(args, realDeps(scratchDir));
    process.exitCode = report.code;
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}
