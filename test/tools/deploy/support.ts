import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { appliedMigrations, MIGRATIONS_FOLDER, migrateDatabase } from "../../../scripts/db/migrate";
import { seedDatabase } from "../../../scripts/db/seed";
import type { DeployEnv } from "../../../scripts/deploy/args";
import type { DeployDeps, RunResult } from "../../../scripts/deploy/run";
import { readWranglerEnv, type WranglerEnv } from "../../../scripts/deploy/wrangler-env";
import { startLibsqlServer } from "../../../tools/libsql-server/server.mjs";

// The deploy script (design.md §23) without the network: the real settings checks, the real
// wrangler.toml read by wrangler's own reader, real migrations on a real local libSQL server. Only
// the third parties stand in: wrangler's commands are recorded and answered (the real dry run runs
// in .ci/run), Cloudflare's API and the deployed host answer through a scripted fetch.

const dir = mkdtempSync(join(tmpdir(), "deploy-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
export const scratchPath = () => join(dir, `x${++n}`);

export const FIXTURE_SETTINGS = new URL("../fixtures/deploy/dry-run.env", import.meta.url).pathname;
export const fixtureValues = () => readFileSync(FIXTURE_SETTINGS, "utf8");

/** A settings file with these lines (KEY=value). */
export function settingsFile(text: string): string {
  const path = join(dir, `settings-${++n}.env`);
  writeFileSync(path, text);
  return path;
}

const wranglerCache = new Map<DeployEnv, Promise<WranglerEnv>>();
/** The committed wrangler.toml's env, read once per file (wrangler's reader is slow to load). */
export const committedEnv = (env: DeployEnv) => {
  if (!wranglerCache.has(env)) wranglerCache.set(env, readWranglerEnv("wrangler.toml", env));
  return wranglerCache.get(env) as Promise<WranglerEnv>;
};

/** The committed env as an operator has filled it in: their hosts, zone id and publishable key. */
export async function filledEnv(env: DeployEnv): Promise<WranglerEnv> {
  const w = await committedEnv(env);
  const rename = (s: string) => s.replace(/example\.(com|net)/g, "bookwell.app");
  const vars = Object.fromEntries(Object.entries(w.vars).map(([k, v]) => [k, rename(v)]));
  return {
    ...w,
    vars: {
      ...vars,
      CF_ZONE_ID: "9f1c2d3e4b5a69788c9d0e1f2a3b4c5d",
      STRIPE_PUBLISHABLE_KEY: env === "production" ? "pk_live_bookwell" : "pk_test_bookwell",
    },
    routes: w.routes.map((r) => ({ ...r, pattern: rename(r.pattern), ...(r.zone_name ? { zone_name: rename(r.zone_name) } : {}) })),
  };
}

export type Recorded = { cmd: string; args: string[]; input?: string; env: Record<string, string> };

/** Stands in for wrangler: records each command, answers the build with its size line. */
export function recordingRunner(answers: Partial<Record<string, RunResult>> = {}) {
  const calls: Recorded[] = [];
  const run: DeployDeps["run"] = async (cmd, args, opts) => {
    calls.push({ cmd, args, input: opts.input, env: opts.env });
    const key = args.slice(1, 3).join(" ");
    return (
      answers[key] ??
      (key === "deploy --dry-run"
        ? { code: 0, stdout: "Total Upload: 2331.32 KiB / gzip: 449.99 KiB\n--dry-run: exiting now.", stderr: "" }
        : { code: 0, stdout: "", stderr: "" })
    );
  };
  return { run, calls };
}

export type FetchCall = { url: string; method: string; headers: Record<string, string>; body: string | null };

function headersOf(h: RequestInit["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(h).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** A scripted fetch: `answer` decides each response; every call is recorded. */
export function scriptedFetch(answer: (call: FetchCall) => { status: number; body: unknown }) {
  const calls: FetchCall[] = [];
  const fetchFn: DeployDeps["fetch"] = async (input, init) => {
    const call = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: headersOf(init?.headers),
      body: typeof init?.body === "string" ? init.body : null,
    };
    calls.push(call);
    const a = answer(call);
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { "Content-Type": "application/json" } });
  };
  return { fetch: fetchFn, calls };
}

/** A real local libSQL server on a fresh file (a dry run's scratch database, or the env's "Turso"). */
export async function localDatabase() {
  return startLibsqlServer({ file: join(scratchPath(), "db.sqlite") });
}

/** The deploy's dependencies with real databases and migrations, and the given stand-ins. */
export function testDeps(over: Partial<DeployDeps> & Pick<DeployDeps, "run" | "fetch">): DeployDeps & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    log: (line) => lines.push(line),
    sleep: async () => {},
    readWrangler: committedEnv,
    migrationsFolder: MIGRATIONS_FOLDER,
    scratchDatabase: async () => {
      const server = await localDatabase();
      return { url: server.url, close: () => server.close() };
    },
    applied: (db) => appliedMigrations(db.url, db.authToken),
    migrate: (db, folder) => migrateDatabase(db.url, db.authToken, folder),
    seedOperator: (db, admin) =>
      seedDatabase(db.url, { adminEmail: admin.email, adminPassword: admin.password, authToken: db.authToken, environment: "production" }),
    outDir: () => scratchPath(),
    ...over,
  };
}

/** A copy of drizzle/ with one more migration (a fixture), as the next release would bring it. */
export function migrationsWith(tag: string, sql: string): string {
  const folder = join(scratchPath(), "drizzle");
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries[journal.entries.length - 1];
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, `${tag}.sql`), sql);
  return folder;
}
