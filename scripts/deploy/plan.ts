import type { DeployArgs } from "./args";
import type { MigrationPlan } from "./migrations";
import type { WranglerEnv } from "./wrangler-env";

/**
 * The plan a deploy prints before it acts (and a dry run prints instead of acting): each step as
 * the operator would run it by hand. Names of secrets, never their values. Pure.
 */

export type PlanInput = {
  args: DeployArgs;
  wrangler: WranglerEnv;
  secretNames: string[];
  migrations: MigrationPlan;
  /** Where the migrations go: the env's database (its host only) or the dry run's scratch copy. */
  database: string;
  base: string;
};

export function planLines(p: PlanInput): string[] {
  const env = p.args.env;
  const m = p.migrations;
  const lines = [
    `Plan for ${env} (Worker ${p.wrangler.name})${p.args.dryRun ? ", dry run: nothing is uploaded or deployed" : ""}:`,
    `  1. build: npx wrangler deploy --dry-run --env ${env} (browser code, Worker bundle, gzip size within budget)`,
    `  2. queues: make sure ${p.wrangler.queues.join(", ")} exist; the KV namespace ${p.wrangler.kvBindings.join(", ")} is created by wrangler on the first deploy`,
    m.pending.length
      ? `  3. migrations on ${p.database}: apply ${m.pending.length} pending, forward-only, in one transaction: ${m.pending.map((x) => x.tag).join(", ")}`
      : `  3. migrations on ${p.database}: none pending`,
    ...m.destructive.map((d) => `       ! ${d.tag} ${d.what} (allowed by --allow-destructive): ${d.statement}`),
    ...(m.databaseAhead ? [`       note: the database has ${m.databaseAhead} migration(s) newer than this checkout; none is undone`] : []),
    "     then the operator account ADMIN_EMAIL, when it does not exist yet",
    `  4. rollback target: the version live now (npx wrangler deployments status --env ${env} --json)`,
    `  5. secrets: npx wrangler secret bulk --env ${env}, one call: ${p.secretNames.join(", ")}`,
    `  6. deploy: npx wrangler deploy --env ${env} (routes ${p.wrangler.routes.map((r) => r.pattern).join(", ")}; smart placement; cron ${p.wrangler.crons.join(", ")})`,
    `  7. smoke check: GET ${p.base}/healthz and GET ${p.base}/api/admin/system/health as the operator`,
    `  8. print the rollback command: npx wrangler rollback <previous version> --env ${env}`,
  ];
  return lines;
}

/** The database's address as shown: scheme and host only (a URL may carry a token). */
export function databaseLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return "the database";
  }
}

export function rollbackLines(env: string, version: string | null): string[] {
  if (!version) return [`Rollback: this was the first deploy of ${env}; there is no earlier version to roll back to.`];
  return [
    "If this release misbehaves, roll the code back (migrations stay: they were written to work with the release before):",
    `  npx wrangler rollback ${version} --env ${env} -m "rollback"`,
  ];
}
