import { ConfigError, type Env, loadConfig } from "../../src/config";
import type { DeployEnv } from "./args";

/**
 * What the operator's settings file (deploy/<env>.env) holds (design.md §23): the secrets the
 * Worker gets (uploaded in one `wrangler secret bulk`) and what only the deploy itself uses
 * (wrangler's account and token, the operator account of the health check). Every non-secret
 * setting is in wrangler.toml's [env.<env>.vars]. Pure: the checks list every problem at once.
 */

export type Setting = {
  key: string;
  /** "secret": uploaded to the Worker; "deploy": used by this script only, never uploaded. */
  kind: "secret" | "deploy";
  section: string;
  help: string;
  /** Required unless this says otherwise (given the env's [vars]). */
  optional?: (vars: Record<string, string>) => boolean;
};

const always = () => true;

export const SETTINGS: Setting[] = [
  {
    key: "CLOUDFLARE_ACCOUNT_ID",
    kind: "deploy",
    section: "Cloudflare account (used by wrangler, never uploaded)",
    help: "The account the Worker, its queues and its KV namespace live in (dashboard: Workers & Pages, Account details).",
  },
  {
    key: "CLOUDFLARE_API_TOKEN",
    kind: "deploy",
    section: "Cloudflare account (used by wrangler, never uploaded)",
    help: "An API token with Account: Workers Scripts, Workers KV Storage, Queues (edit) and Zone: Workers Routes, DNS (edit) on the platform's zone.",
  },
  {
    key: "ADMIN_EMAIL",
    kind: "deploy",
    section: "Operator account (created when missing; signs in for the health check after each deploy)",
    help: "The operator's e-mail address.",
  },
  {
    key: "ADMIN_PASSWORD",
    kind: "deploy",
    section: "Operator account (created when missing; signs in for the health check after each deploy)",
    help: "Its password, at least 12 characters.",
  },
  {
    key: "CF_ACCESS_CLIENT_ID",
    kind: "deploy",
    section: "Operator account (created when missing; signs in for the health check after each deploy)",
    help: "Only when Cloudflare Access protects /admin and /api/admin: a service token's client id, sent with the health check.",
    optional: always,
  },
  {
    key: "CF_ACCESS_CLIENT_SECRET",
    kind: "deploy",
    section: "Operator account (created when missing; signs in for the health check after each deploy)",
    help: "That service token's client secret.",
    optional: always,
  },
  {
    key: "JWT_SECRET",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Signs every token: at least 32 random bytes, e.g. `openssl rand -base64 48`. Changing it signs everyone out.",
  },
  {
    key: "GIFT_CODE_SECRET",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Keys the HMAC under which gift-card and package codes are stored (design.md §32): at least 32 random bytes, e.g. `openssl rand -base64 48`. Never change it: codes already sold would stop working.",
  },
  {
    key: "LIBSQL_URL",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "The environment's Turso database, libsql://<database>-<organisation>.turso.io. Migrations are applied to it.",
  },
  {
    key: "LIBSQL_AUTH_TOKEN",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "A token for that database: `turso db tokens create <database>`.",
  },
  {
    key: "UPSTASH_REDIS_REST_URL",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: 'The Upstash Redis database\'s REST URL (rate limits). Not needed when [vars] sets RATE_LIMIT_STORE = "kv".',
    optional: (vars) => vars.RATE_LIMIT_STORE === "kv",
  },
  {
    key: "UPSTASH_REDIS_REST_TOKEN",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Its REST token.",
    optional: (vars) => vars.RATE_LIMIT_STORE === "kv",
  },
  {
    key: "EMAIL_API_KEY",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "The e-mail provider's API key (Resend: re_...), for EMAIL_PROVIDER_URL in [vars].",
  },
  {
    key: "STRIPE_SECRET_KEY",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "The platform's Stripe secret key: sk_live_... in production, sk_test_... on staging.",
  },
  {
    key: "STRIPE_WEBHOOK_SECRET",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Signing secret (whsec_...) of the webhook endpoint for the platform account's events at /api/webhooks/stripe.",
  },
  {
    key: "STRIPE_CONNECT_WEBHOOK_SECRET",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Signing secret (whsec_...) of the Connect webhook endpoint (events of connected accounts), same URL.",
  },
  {
    key: "CF_API_TOKEN",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Businesses' own domains: an API token with Zone: SSL and Certificates (edit) on the zone of CF_ZONE_ID, for its custom hostnames.",
  },
  {
    key: "TURNSTILE_SECRET_KEY",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Cloudflare Turnstile's secret key, so businesses may turn on bot protection (design.md §31); its site key is TURNSTILE_SITE_KEY in [vars].",
    optional: always,
  },
  {
    key: "AI_API_KEY",
    kind: "secret",
    section: "Worker secrets (uploaded in one `wrangler secret bulk`)",
    help: "Only for an OpenAI-compatible AI_PROVIDER_URL in [vars]; the Workers AI binding needs no key.",
    optional: always,
  },
];

const KNOWN = new Map(SETTINGS.map((s) => [s.key, s]));

export type SettingsCheck = {
  /** Required settings without a value, each with what it is. */
  missing: string[];
  /** Everything else that is wrong, in words (never a value). */
  problems: string[];
};

export function checkSettings(env: DeployEnv, values: Record<string, string>, vars: Record<string, string>): SettingsCheck {
  const missing = SETTINGS.filter((s) => !s.optional?.(vars) && !values[s.key]?.trim()).map((s) => `${s.key}: ${s.help}`);
  const problems: string[] = [];
  for (const key of Object.keys(values)) {
    if (!KNOWN.has(key))
      problems.push(`${key} is not a setting of the settings file (a typo, or a non-secret setting that belongs in wrangler.toml [vars])`);
    else if (key in vars) problems.push(`${key} is also in wrangler.toml [env.${env}.vars]; a secret and a var cannot share a name`);
  }
  const mode = env === "production" ? "live" : "test";
  if (
    values.STRIPE_SECRET_KEY &&
    !values.STRIPE_SECRET_KEY.startsWith(`sk_${mode}_`) &&
    !values.STRIPE_SECRET_KEY.startsWith(`rk_${mode}_`)
  ) {
    problems.push(`STRIPE_SECRET_KEY must be a ${mode}-mode key (sk_${mode}_...) for ${env}`);
  }
  if (values.ADMIN_PASSWORD && values.ADMIN_PASSWORD.length < 12) problems.push("ADMIN_PASSWORD must be at least 12 characters");
  if (Boolean(values.CF_ACCESS_CLIENT_ID) !== Boolean(values.CF_ACCESS_CLIENT_SECRET)) {
    problems.push("CF_ACCESS_CLIENT_ID and CF_ACCESS_CLIENT_SECRET go together");
  }
  // With nothing missing, the Worker's own check (design.md §2, §18) on exactly what it will get.
  if (missing.length === 0) problems.push(...workerConfigProblems(vars, secretsOf(values)));
  return { missing, problems };
}

/** The values uploaded to the Worker (its secrets), by name. */
export function secretsOf(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(SETTINGS.filter((s) => s.kind === "secret" && values[s.key]).map((s) => [s.key, values[s.key]]));
}

/** What the Worker would answer 500 misconfigured for, with these vars and secrets. */
export function workerConfigProblems(vars: Record<string, string>, secrets: Record<string, string>): string[] {
  try {
    loadConfig({ ...vars, ...secrets } as unknown as Env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => `the Worker would refuse to serve: ${p}`);
    throw err;
  }
}
