import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { appliedMigrations, MIGRATIONS_FOLDER } from "../../../scripts/db/migrate";
import { parseEnvFile } from "../../../scripts/deploy/env-file";
import { readJournal } from "../../../scripts/deploy/migrations";
import { deploy } from "../../../scripts/deploy/run";
import { secretsOf } from "../../../scripts/deploy/settings";
import {
  FIXTURE_SETTINGS,
  type FetchCall,
  filledEnv,
  fixtureValues,
  localDatabase,
  recordingRunner,
  scriptedFetch,
  settingsFile,
  testDeps,
} from "./support";

// design.md §23: `npm run deploy` end to end without the network. The dry run migrates a scratch
// local libSQL database and prints the plan; a real deploy runs its steps in order against a local
// libSQL server standing in for Turso, with wrangler's commands recorded and Cloudflare's API and
// the deployed host answering through a scripted fetch.

const journal = readJournal(MIGRATIONS_FOLDER);
const values = parseEnvFile(fixtureValues()).values;
const nowhere = () => scriptedFetch(() => ({ status: 599, body: null }));

describe("npm run deploy -- --env staging --dry-run", () => {
  it("applies every pending migration to a scratch database, prints the plan, and uploads nothing", async () => {
    const runner = recordingRunner();
    const net = nowhere();
    const deps = testDeps({ run: runner.run, fetch: net.fetch });
    const report = await deploy({ env: "staging", dryRun: true, allowDestructive: false, settingsFile: FIXTURE_SETTINGS }, deps);
    expect(report.code).toBe(0);
    expect(report.scratch?.migrationsRecorded).toBe(journal.length);
    expect(report.scratch?.tables).toEqual(expect.arrayContaining(["tenants", "bookings", "jobs", "email_outbox"]));

    const out = deps.lines.join("\n");
    expect(out).toContain("Plan for staging (Worker booking-platform-staging), dry run: nothing is uploaded or deployed:");
    expect(out).toContain(`apply ${journal.length} pending, forward-only, in one transaction: ${journal.map((m) => m.tag).join(", ")}`);
    expect(out).toContain(`5. secrets: npx wrangler secret bulk --env staging, one call: ${Object.keys(secretsOf(values)).join(", ")}`);
    expect(out).toContain("6. deploy: npx wrangler deploy --env staging (routes book.staging.example.net, */*; smart placement");
    expect(out).toContain(
      "7. smoke check: GET https://book.staging.example.net/healthz and GET https://book.staging.example.net/api/admin/system/health",
    );
    expect(out).toContain("Worker bundle: 449.99 KiB gzipped (budget 585 KiB)");
    expect(out).toContain("Before a real deploy, wrangler.toml must name your own values");
    expect(out).toContain("Dry run complete: nothing was uploaded or deployed.");
    // Secret values never appear, only their names.
    for (const [key, value] of Object.entries(secretsOf(values))) expect(out, key).not.toContain(value);

    // The only command is the build; no Cloudflare API call at all.
    expect(runner.calls.map((c) => c.args.slice(0, 5).join(" "))).toEqual(["wrangler deploy --dry-run --env staging"]);
    expect(net.calls).toEqual([]);
  });

  it("lists every missing setting before anything is touched", async () => {
    const runner = recordingRunner();
    const deps = testDeps({ run: runner.run, fetch: nowhere().fetch });
    const file = settingsFile("CLOUDFLARE_ACCOUNT_ID=0123\nJWT_SECRET=\n");
    const report = await deploy({ env: "staging", dryRun: true, allowDestructive: false, settingsFile: file }, deps);
    expect(report.code).toBe(2);
    expect(deps.lines[0]).toBe(`Missing in ${file}:`);
    const missing = deps.lines.filter((l) => l.startsWith("  - ")).map((l) => l.slice(4).split(":")[0]);
    expect(missing).toEqual([
      "CLOUDFLARE_API_TOKEN",
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "JWT_SECRET",
      "GIFT_CODE_SECRET",
      "LIBSQL_URL",
      "LIBSQL_AUTH_TOKEN",
      "UPSTASH_REDIS_REST_URL",
      "UPSTASH_REDIS_REST_TOKEN",
      "EMAIL_API_KEY",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_CONNECT_WEBHOOK_SECRET",
      "CF_API_TOKEN",
    ]);
    expect(runner.calls).toEqual([]);
  });
});

describe("npm run deploy -- --env production", () => {
  it("refuses the committed placeholders before touching anything", async () => {
    const runner = recordingRunner();
    const net = nowhere();
    const deps = testDeps({ run: runner.run, fetch: net.fetch });
    const file = settingsFile(fixtureValues().replace("sk_test_dry_run", "sk_live_dry_run"));
    const report = await deploy({ env: "production", dryRun: false, allowDestructive: false, settingsFile: file }, deps);
    expect(report.code).toBe(2);
    expect(deps.lines.join("\n")).toContain(
      "wrangler.toml [env.production]: PUBLIC_BASE_URL still names the example host book.example.com",
    );
    expect(runner.calls).toEqual([]);
    expect(net.calls).toEqual([]);
  });

  it("builds, makes the missing queue, migrates, uploads the secrets in one call, deploys, checks the host and prints the rollback", async () => {
    const turso = await localDatabase();
    const file = settingsFile(
      `${fixtureValues().replace("sk_test_dry_run", "sk_live_dry_run").replace("libsql://dry-run.invalid", turso.url)}\nCF_ACCESS_CLIENT_ID=access-id\nCF_ACCESS_CLIENT_SECRET=access-secret\n`,
    );
    const runner = recordingRunner({
      "deployments status": { code: 0, stdout: JSON.stringify({ versions: [{ version_id: "ver-before", percentage: 100 }] }), stderr: "" },
    });
    const net = scriptedFetch(hostAndCloudflare);
    const deps = testDeps({ run: runner.run, fetch: net.fetch, readWrangler: filledEnv });
    const report = await deploy({ env: "production", dryRun: false, allowDestructive: false, settingsFile: file }, deps);
    expect(report.code, deps.lines.join("\n")).toBe(0);

    expect(runner.calls.map((c) => c.args.slice(1).join(" "))).toEqual([
      expect.stringMatching(/^deploy --dry-run --env production --outdir /),
      "deployments status --env production --json",
      "secret bulk --env production",
      "deploy --env production",
    ]);
    // One upload with exactly the Worker's secrets; wrangler itself gets the account and token only.
    const bulk = runner.calls[2];
    const uploaded = JSON.parse(bulk.input ?? "{}");
    expect(Object.keys(uploaded).sort()).toEqual(Object.keys(secretsOf(parseEnvFile(fixtureValues()).values)).sort());
    expect(uploaded.LIBSQL_URL).toBe(turso.url);
    expect(uploaded).not.toHaveProperty("ADMIN_PASSWORD");
    expect(uploaded).not.toHaveProperty("CLOUDFLARE_API_TOKEN");
    expect(bulk.env).toMatchObject({
      CLOUDFLARE_API_TOKEN: "dry-run-cloudflare-token",
      CLOUDFLARE_ACCOUNT_ID: "0123456789abcdef0123456789abcdef",
    });
    expect(bulk.env).not.toHaveProperty("JWT_SECRET");

    // The dead-letter queue did not exist: created; the main queue was found.
    const created = net.calls
      .filter((c) => c.method === "POST" && c.url.endsWith("/queues"))
      .map((c) => JSON.parse(c.body ?? "{}").queue_name);
    expect(created).toEqual(["booking-email-production-dlq"]);
    // The env's database got every migration and the operator account.
    expect((await appliedMigrations(turso.url)).length).toBe(journal.length);
    const admins = createClient({ url: turso.url });
    expect((await admins.execute("SELECT email FROM super_admins")).rows.map((r) => r.email)).toEqual(["operator@dry-run.invalid"]);
    admins.close();
    // The smoke check ran on the deployed host, the Access service token with the operator calls.
    const health = net.calls.find((c) => c.url === "https://book.bookwell.app/api/admin/system/health");
    expect(health?.headers).toMatchObject({ authorization: "Bearer operator-token", "cf-access-client-id": "access-id" });
    const out = deps.lines.join("\n");
    expect(out).toContain("> GET /healthz: 200 ok");
    expect(out).toContain("> GET /api/admin/system/health: 200 ok");
    expect(out).toContain('npx wrangler rollback ver-before --env production -m "rollback"');
    await turso.close();
  });

  it("a failing smoke check exits 1 and still prints the rollback command", async () => {
    const turso = await localDatabase();
    const file = settingsFile(fixtureValues().replace("sk_test_dry_run", "sk_live_dry_run").replace("libsql://dry-run.invalid", turso.url));
    const runner = recordingRunner();
    const net = scriptedFetch((c) =>
      c.url.endsWith("/healthz") ? { status: 503, body: { status: "unavailable" } } : hostAndCloudflare(c),
    );
    const deps = testDeps({ run: runner.run, fetch: net.fetch, readWrangler: filledEnv });
    const report = await deploy({ env: "production", dryRun: false, allowDestructive: false, settingsFile: file }, deps);
    expect(report.code).toBe(1);
    expect(net.calls.filter((c) => c.url.endsWith("/healthz"))).toHaveLength(12);
    const out = deps.lines.join("\n");
    expect(out).toContain('GET /healthz failed: HTTP 503 {"status":"unavailable"}');
    expect(out).toContain("Rollback: this was the first deploy of production");
    expect(deps.lines.at(-1)).toContain("Failed: the smoke check");
    await turso.close();
  });
});

/** Cloudflare's queues API (the main queue exists, the dead-letter queue not yet) and the deployed Worker. */
function hostAndCloudflare(c: FetchCall): { status: number; body: unknown } {
  if (c.url.includes("/queues?name=")) {
    const name = new URL(c.url).searchParams.get("name");
    return { status: 200, body: { success: true, result: name?.endsWith("-dlq") ? [] : [{ queue_name: name }] } };
  }
  if (c.url.endsWith("/queues") && c.method === "POST") return { status: 200, body: { success: true, result: { queue_id: "q1" } } };
  if (c.url.endsWith("/healthz")) return { status: 200, body: { status: "ok" } };
  if (c.url.endsWith("/api/admin/login")) return { status: 200, body: { data: { token: "operator-token" } } };
  if (c.url.endsWith("/api/admin/system/health")) return { status: 200, body: { data: { status: "ok" } } };
  return { status: 404, body: null };
}
