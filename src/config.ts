import { z } from "zod";
import type { Env } from "./bindings";

// The Worker's configuration: the zod-validated settings read from the bindings Cloudflare hands
// over (declared in ./bindings.ts). It imports nothing of ours but that type, so every layer may
// depend on it.

export type { Env, QueueMessage } from "./bindings";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

const configSchema = z.object({
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 bytes"),
  GIFT_CODE_SECRET: optionalString.pipe(z.string().min(32, "GIFT_CODE_SECRET must be at least 32 bytes").optional()),
  LIBSQL_URL: z.string().url(),
  LIBSQL_AUTH_TOKEN: optionalString,
  UPSTASH_REDIS_REST_URL: optionalString,
  UPSTASH_REDIS_REST_TOKEN: optionalString,
  EMAIL_PROVIDER_URL: optionalString,
  EMAIL_API_KEY: optionalString,
  EMAIL_FROM: optionalString.transform((v) => v ?? "Bookings <no-reply@bookings.local>"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.transform((v) => v ?? "https://api.stripe.com"),
  // design.md §21: the browser's key for Stripe.js, the Connect endpoint's signing secret, where
  // the booking page loads Stripe.js from (tests: a local stand-in), how long a slot is held.
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  STRIPE_JS_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => absoluteHttpBase(v.split("?")[0]) !== null, "STRIPE_JS_URL must be an absolute http(s) URL")
      .default("https://js.stripe.com/v3/"),
  ),
  PAYMENT_HOLD_MINUTES: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(60).default(15)),
  // An absolute http(s) base for links in e-mails, stored without a trailing slash; anything else
  // is a configuration error at start, not a broken link (or a 500) later.
  PUBLIC_BASE_URL: optionalString.pipe(
    z
      .string()
      .optional()
      .refine((v) => v === undefined || absoluteHttpBase(v) !== null, "PUBLIC_BASE_URL must be an absolute http(s) URL")
      .transform((v) => (v === undefined ? undefined : (absoluteHttpBase(v) as string))),
  ),
  // design.md §27: Twilio's Messages API; texts are off unless the account, its token and a sender are all set.
  SMS_API_BASE: optionalString.pipe(
    z
      .string()
      .refine((v) => absoluteHttpBase(v) !== null, "SMS_API_BASE must be an absolute http(s) URL")
      .transform((v) => absoluteHttpBase(v) as string)
      .default("https://api.twilio.com"),
  ),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  SMS_FROM: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  SMS_STATUS_CHECK_MINUTES: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(1440).default(10)),
  AI_PROVIDER_URL: optionalString.pipe(z.string().url("AI_PROVIDER_URL must be a URL").optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  // Output tokens per model call (design.md §20 caps); the request's rounds are capped separately.
  AI_MAX_TOKENS: optionalString.pipe(z.coerce.number<string | undefined>().int().min(16).max(8192).default(1024)),
  AI_DAILY_REQUESTS_PER_TENANT: optionalString.pipe(
    z
      .string()
      .default("500,200")
      .refine((v) => dailyBudget(v) !== null, "AI_DAILY_REQUESTS_PER_TENANT must be <public>,<owner> (or one number for both)")
      .transform((v) => dailyBudget(v) as { public: number; owner: number }),
  ),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  TURNSTILE_VERIFY_URL: optionalString.pipe(
    z.string().url("TURNSTILE_VERIFY_URL must be a URL").default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  ),
  TURNSTILE_JS_URL: optionalString.pipe(
    z
      .string()
      .refine((v) => absoluteHttpBase(v.split("?")[0]) !== null, "TURNSTILE_JS_URL must be an absolute http(s) URL")
      .default("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"),
  ),
  CF_API_BASE: optionalString.pipe(
    z
      .string()
      .refine((v) => absoluteHttpBase(v) !== null, "CF_API_BASE must be an absolute http(s) URL")
      .transform((v) => absoluteHttpBase(v) as string)
      .default("https://api.cloudflare.com/client/v4"),
  ),
  CF_API_TOKEN: optionalString,
  CF_ZONE_ID: optionalString,
  CUSTOM_DOMAIN_TARGET: optionalString.pipe(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
        "CUSTOM_DOMAIN_TARGET must be a host name",
      )
      .optional(),
  ),
  ENVIRONMENT: z.enum(["production", "development", "test"]).default("production"),
  RATE_LIMIT_STORE: optionalString.pipe(z.enum(["kv", "upstash"]).optional()),
  TEST_HOOKS: optionalString.transform((v) => v === "1"),
  TEST_NOW: optionalString.pipe(z.iso.datetime({ offset: true, error: "TEST_NOW must be an ISO-8601 instant" }).optional()),
  TEST_NOW_AT: optionalString.pipe(z.coerce.number<string | undefined>().int().positive().optional()),
  BENCH_ROUTES: optionalString.transform((v) => v === "1"),
  // design.md §24-25: operator alerts and audit retention.
  VERSION: optionalString,
  ALERT_EMAIL: optionalString.pipe(z.email("ALERT_EMAIL must be an e-mail address").optional()),
  ALERT_FAILED_JOBS: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(1_000_000).default(20)),
  AUDIT_RETENTION_DAYS: optionalString.pipe(z.coerce.number<string | undefined>().int().min(30).max(36_500).default(730)),
});

/** "500,200" -> public 500, owner 200; "300" -> 300 each; null when not whole numbers >= 0. */
function dailyBudget(raw: string): { public: number; owner: number } | null {
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.length > 2 || !parts.every((p) => /^\d{1,9}$/.test(p))) return null;
  const [pub, owner = pub] = parts.map(Number);
  return { public: pub, owner };
}

/** `https://book.example.com/` -> `https://book.example.com`; null unless absolute http(s) without query or fragment. */
function absoluteHttpBase(raw: string): string | null {
  try {
    const url = new URL(raw);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || url.search || url.hash) return null;
    if (url.username || url.password) return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

export type Config = z.infer<typeof configSchema>;

/**
 * design.md §18: what production refuses to serve without (or with). Each problem names the
 * setting, never its value.
 */
export function productionProblems(c: Config): string[] {
  if (c.ENVIRONMENT !== "production") return [];
  const problems: string[] = [];
  if (!c.PUBLIC_BASE_URL?.startsWith("https://")) {
    problems.push("PUBLIC_BASE_URL must be set to an absolute https URL in production");
  }
  if (c.RATE_LIMIT_STORE !== "kv" && !(c.UPSTASH_REDIS_REST_URL && c.UPSTASH_REDIS_REST_TOKEN)) {
    problems.push("UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are required in production (or RATE_LIMIT_STORE=kv on purpose)");
  }
  if (!c.EMAIL_PROVIDER_URL) problems.push("EMAIL_PROVIDER_URL is required in production (no log-only e-mail)");
  if (c.TEST_HOOKS) problems.push("TEST_HOOKS must be off in production");
  if (c.TEST_NOW) problems.push("TEST_NOW must be unset in production");
  if (c.BENCH_ROUTES) problems.push("BENCH_ROUTES must be off in production");
  return problems;
}

/**
 * Settings that cannot work anywhere: RATE_LIMIT_STORE=upstash without both Upstash settings; a
 * Cloudflare token without the zone whose custom hostnames it manages or the CNAME target owners
 * are told to use (a domain saved then could never become active).
 */
function storeProblems(c: Config): string[] {
  const problems: string[] = [];
  if (c.RATE_LIMIT_STORE === "upstash" && !(c.UPSTASH_REDIS_REST_URL && c.UPSTASH_REDIS_REST_TOKEN)) {
    problems.push("RATE_LIMIT_STORE=upstash needs UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN");
  }
  if (c.CF_API_TOKEN && !(c.CF_ZONE_ID && c.CUSTOM_DOMAIN_TARGET)) {
    problems.push("CF_API_TOKEN needs CF_ZONE_ID and CUSTOM_DOMAIN_TARGET");
  }
  return problems;
}

/** design.md §23: Cloudflare for SaaS is on when a token is set (and then, by storeProblems, zone and target too). */
export type CloudflareSettings = { apiBase: string; token: string; zoneId: string; target: string };

export function cloudflareSettings(c: Config): CloudflareSettings | null {
  if (!c.CF_API_TOKEN || !c.CF_ZONE_ID || !c.CUSTOM_DOMAIN_TARGET) return null;
  return { apiBase: c.CF_API_BASE, token: c.CF_API_TOKEN, zoneId: c.CF_ZONE_ID, target: c.CUSTOM_DOMAIN_TARGET };
}

/**
 * Text messages (design.md §27) are off when none of their settings is set; a half-made setup (an
 * account without its token, or without a sender) is a configuration error, not texts that
 * silently never go out.
 */
function smsProblems(c: Config): string[] {
  const parts = [c.TWILIO_ACCOUNT_SID, c.TWILIO_AUTH_TOKEN, c.SMS_FROM ?? c.TWILIO_MESSAGING_SERVICE_SID];
  if (parts.every((p) => p === undefined) || parts.every((p) => p !== undefined)) return [];
  return ["Text messages need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM (or TWILIO_MESSAGING_SERVICE_SID) together"];
}

/** Twilio's Messages API as configured, or null: text messages are off (design.md §27). */
export type SmsConfig = {
  apiBase: string;
  accountSid: string;
  authToken: string;
  sender: { from: string } | { messagingServiceSid: string };
};

export function smsConfig(c: Config): SmsConfig | null {
  if (!c.TWILIO_ACCOUNT_SID || !c.TWILIO_AUTH_TOKEN) return null;
  const sender = c.SMS_FROM
    ? { from: c.SMS_FROM }
    : c.TWILIO_MESSAGING_SERVICE_SID
      ? { messagingServiceSid: c.TWILIO_MESSAGING_SERVICE_SID }
      : null;
  if (!sender) return null;
  return { apiBase: c.SMS_API_BASE, accountSid: c.TWILIO_ACCOUNT_SID, authToken: c.TWILIO_AUTH_TOKEN, sender };
}

/**
 * The key of the codes' HMAC (design.md §32). The deploy requires GIFT_CODE_SECRET (scripts/deploy/
 * settings.ts); local development and tests without one derive a key from JWT_SECRET, labelled so
 * it is never the token key itself.
 */
export function giftCodeSecret(c: Pick<Config, "GIFT_CODE_SECRET" | "JWT_SECRET">): string {
  return c.GIFT_CODE_SECRET ?? `gift-codes:${c.JWT_SECRET}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`misconfigured: ${problems.join("; ")}`);
  }
}

// Validated once per isolate: the env object Cloudflare passes is stable for the isolate's life.
const cache = new WeakMap<object, Config>();

export function loadConfig(env: Env): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    // Names only: a secret's value must never reach a log or a response.
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")} is missing or invalid`));
  }
  const problems = [...productionProblems(parsed.data), ...storeProblems(parsed.data), ...smsProblems(parsed.data)];
  if (problems.length > 0) throw new ConfigError(problems);
  cache.set(env, parsed.data);
  return parsed.data;
}
