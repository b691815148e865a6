import type { DeployEnv } from "./args";

/**
 * One environment of wrangler.toml as the deploy needs it, and what in it is not ready for a real
 * deploy. Reading is wrangler's own (`readWranglerEnv`); the checks are pure.
 */

export type WranglerRoute = { pattern: string; custom_domain?: boolean; zone_name?: string };

export type WranglerEnv = {
  /** The Worker's name in this env (what `wrangler rollback --env` acts on). */
  name: string;
  vars: Record<string, string>;
  routes: WranglerRoute[];
  /** Every queue the env names: producers, consumers and their dead-letter queues. */
  queues: string[];
  kvBindings: string[];
  workersDev: boolean | undefined;
  placementMode: string | undefined;
  crons: string[];
  aiBinding: string | undefined;
};

/** The parts of wrangler's resolved config read here. */
type ReadConfig = {
  name?: string;
  vars?: Record<string, unknown>;
  routes?: (string | WranglerRoute)[];
  queues: { producers?: { queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  kv_namespaces?: { binding: string }[];
  workers_dev?: boolean;
  placement?: { mode?: string };
  triggers?: { crons?: string[] };
  ai?: { binding?: string };
};

/** Reads `env` of the wrangler config file with wrangler's own reader (so it reads it as a deploy would). */
export async function readWranglerEnv(configPath: string, env: DeployEnv): Promise<WranglerEnv> {
  const { unstable_readConfig } = await import("wrangler");
  const c = unstable_readConfig({ config: configPath, env }) as unknown as ReadConfig;
  const vars = Object.fromEntries(Object.entries(c.vars ?? {}).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
  const routes = (c.routes ?? []).map((r) => (typeof r === "string" ? { pattern: r } : (r as WranglerRoute)));
  const queues = [
    ...(c.queues.producers ?? []).map((p) => p.queue),
    ...(c.queues.consumers ?? []).flatMap((q) => [q.queue, ...(q.dead_letter_queue ? [q.dead_letter_queue] : [])]),
  ];
  return {
    name: c.name ?? "",
    vars,
    routes,
    queues: [...new Set(queues)],
    kvBindings: (c.kv_namespaces ?? []).map((k) => k.binding),
    workersDev: c.workers_dev,
    placementMode: c.placement?.mode,
    crons: c.triggers?.crons ?? [],
    aiBinding: c.ai?.binding,
  };
}

const RESERVED = /(^|\.)(example|invalid|localhost|test)$|(^|\.)example\.(com|net|org)$/;

/** A host under the names reserved for documentation and tests (RFC 2606 / 6761): a placeholder. */
export const isExampleHost = (host: string) => RESERVED.test(host.toLowerCase());

function hostOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

export type EnvCheck = {
  /** The file contradicts itself or design.md §23: refused, dry run included. */
  errors: string[];
  /** Values still the committed placeholders: a real deploy is refused, a dry run notes them. */
  placeholders: string[];
};

/** design.md §23's shape of a deployed env, and the placeholders the operator must replace. */
export function checkWranglerEnv(env: DeployEnv, w: WranglerEnv): EnvCheck {
  const at = `wrangler.toml [env.${env}]`;
  const errors: string[] = [];
  const placeholders: string[] = [];
  const v = w.vars;
  const platform = hostOf(v.PUBLIC_BASE_URL);
  if (v.ENVIRONMENT !== "production") errors.push(`${at} vars: ENVIRONMENT must be "production" (the fail-closed checks of design.md §18)`);
  if (!platform || !v.PUBLIC_BASE_URL?.startsWith("https://"))
    errors.push(`${at} vars: PUBLIC_BASE_URL must be the platform's https address`);
  if (w.workersDev !== false) errors.push(`${at}: workers_dev must be false (only the platform host and tenants' domains answer)`);
  if (w.placementMode !== "smart") errors.push(`${at}: [placement] mode must be "smart"`);
  if (!w.routes.some((r) => r.custom_domain && r.pattern === platform)) {
    errors.push(`${at}: routes must hold the platform host of PUBLIC_BASE_URL (${platform ?? "?"}) as a custom_domain route`);
  }
  if (!w.routes.some((r) => r.pattern === "*/*" && r.zone_name))
    errors.push(`${at}: routes must hold a "*/*" route with the zone of tenants' custom hostnames`);
  if (w.crons.length === 0) errors.push(`${at}: [triggers] crons must run the outbox every minute`);
  if (!w.kvBindings.includes("RATE_LIMIT_KV")) errors.push(`${at}: the RATE_LIMIT_KV namespace binding is missing`);
  if (w.queues.length === 0) errors.push(`${at}: the JOBS_QUEUE producer and consumer are missing`);

  for (const [what, host] of [
    ["PUBLIC_BASE_URL", platform],
    ["CUSTOM_DOMAIN_TARGET", v.CUSTOM_DOMAIN_TARGET?.toLowerCase() ?? null],
    ["EMAIL_FROM", /@([^>\s]+)>?\s*$/.exec(v.EMAIL_FROM ?? "")?.[1] ?? null],
    ...w.routes.map((r) => [`route ${r.pattern}`, r.zone_name ?? r.pattern] as const),
  ] as const) {
    if (host && isExampleHost(host)) placeholders.push(`${at}: ${what} still names the example host ${host}`);
  }
  if (!v.CUSTOM_DOMAIN_TARGET) placeholders.push(`${at} vars: CUSTOM_DOMAIN_TARGET is empty (the host owners point their CNAME at)`);
  if (!/^[0-9a-f]{32}$/.test(v.CF_ZONE_ID ?? "")) placeholders.push(`${at} vars: CF_ZONE_ID is not a zone id (32 hex characters)`);
  const mode = env === "production" ? "live" : "test";
  if (!(v.STRIPE_PUBLISHABLE_KEY ?? "").startsWith(`pk_${mode}_`)) {
    placeholders.push(`${at} vars: STRIPE_PUBLISHABLE_KEY must be the ${mode}-mode publishable key (pk_${mode}_...)`);
  }
  return { errors, placeholders };
}

/**
 * A dry run checks what the Worker would say once the placeholders are replaced: the same vars
 * with stand-ins for the values `checkWranglerEnv` listed as placeholders (and only those).
 */
export function withPlaceholdersFilled(env: DeployEnv, vars: Record<string, string>): Record<string, string> {
  const mode = env === "production" ? "live" : "test";
  return {
    ...vars,
    ...(/^[0-9a-f]{32}$/.test(vars.CF_ZONE_ID ?? "") ? {} : { CF_ZONE_ID: "0".repeat(32) }),
    ...(vars.CUSTOM_DOMAIN_TARGET ? {} : { CUSTOM_DOMAIN_TARGET: "customers.example.com" }),
    ...((vars.STRIPE_PUBLISHABLE_KEY ?? "").startsWith(`pk_${mode}_`) ? {} : { STRIPE_PUBLISHABLE_KEY: `pk_${mode}_placeholder` }),
  };
}
