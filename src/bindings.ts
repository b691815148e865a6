// The bindings and vars Cloudflare hands the Worker, and what its queue carries. Imports nothing
// of ours; src/config.ts validates these into the Config every layer reads.

/**
 * What the queue carries: always a pointer `{ kind, id }` to a durable job row, never the payload
 * itself. The two older shapes are still read, so messages in flight at a deploy are not lost.
 */
export type QueueMessage = { kind: string; id: string } | { kind: "email"; outboxId: string } | { kind: "webhook"; deliveryId: string };

/** Bindings and vars as Cloudflare hands them to the Worker. */
export interface Env {
  JWT_SECRET?: string;
  /** design.md §32: keys the HMAC of gift-card and package codes (required by the deploy; see giftCodeSecret). */
  GIFT_CODE_SECRET?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  UPSTASH_REDIS_REST_URL?: string;
  UPSTASH_REDIS_REST_TOKEN?: string;
  EMAIL_PROVIDER_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  STRIPE_JS_URL?: string;
  PAYMENT_HOLD_MINUTES?: string;
  PUBLIC_BASE_URL?: string;
  /** design.md §27: Twilio's Messages API (texts are off unless the account, token and a sender are set). */
  SMS_API_BASE?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** The sender: a phone number (E.164) or, instead, a Messaging Service. */
  SMS_FROM?: string;
  TWILIO_MESSAGING_SERVICE_SID?: string;
  /** Minutes after a send before the cron first reads the text's delivery status (default 10). */
  SMS_STATUS_CHECK_MINUTES?: string;
  /** OpenAI-compatible chat-completions base URL (…/v1); used when no Workers AI binding is bound. */
  AI_PROVIDER_URL?: string;
  AI_API_KEY?: string;
  AI_MODEL?: string;
  AI_MAX_TOKENS?: string;
  /** design.md §31: each business's daily assistant budget, `<public>,<owner>` requests per UTC day (default 500,200). */
  AI_DAILY_REQUESTS_PER_TENANT?: string;
  /** design.md §31: Cloudflare Turnstile (bot protection a business may turn on). */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Turnstile's siteverify endpoint (tests: the capture server). */
  TURNSTILE_VERIFY_URL?: string;
  /** Where the booking page loads Turnstile's script from (tests: a local stand-in). */
  TURNSTILE_JS_URL?: string;
  /** Workers AI binding (`[ai] binding = "AI"`); preferred over AI_PROVIDER_URL when bound. */
  AI?: Ai;
  ENVIRONMENT?: string;
  /** "kv" keeps the limiter on the KV binding on purpose (production otherwise requires Upstash). */
  RATE_LIMIT_STORE?: string;
  /** "1" only in the test pool: enables the x-test-* request headers (db tag, clock). Refused in production. */
  TEST_HOOKS?: string;
  /**
   * An ISO instant: the Worker's clock starts there (src/lib/clock.ts). Set by the e2e stack under
   * `TEST_NOW=... npm test`; refused in production.
   */
  TEST_NOW?: string;
  /** Epoch ms of the real instant at which TEST_NOW held (the e2e stack sets both). */
  TEST_NOW_AT?: string;
  /** "1" mounts the benchmark ceiling routes under /__bench (npm run bench only). */
  BENCH_ROUTES?: string;
  /**
   * Custom domains through Cloudflare for SaaS (design.md §23): the API base, a token allowed to
   * edit the zone's custom hostnames, the zone, and the host owners point their CNAME at. Without
   * CF_API_TOKEN a saved domain is active at once (local development, tests of other features).
   */
  CF_API_BASE?: string;
  CF_API_TOKEN?: string;
  CF_ZONE_ID?: string;
  CUSTOM_DOMAIN_TARGET?: string;
  /** Address of the test capture server (tests only). */
  CAPTURE_URL?: string;
  RATE_LIMIT_KV: KVNamespace;
  JOBS_QUEUE: Queue<QueueMessage>;
  /** Workers Analytics Engine dataset (design.md §24); optional: absent = no data points. */
  METRICS?: { writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void };
  /** The deployed commit (the deploy passes `--var VERSION:<sha>`); the operator health shows it. */
  VERSION?: string;
  /** `[version_metadata]`: the Worker version Cloudflare runs; the health's fallback for VERSION. */
  CF_VERSION_METADATA?: { id?: string; tag?: string; timestamp?: string };
  /** Where operator alerts go (design.md §24); unset = no alert e-mails. */
  ALERT_EMAIL?: string;
  /** Failed jobs in the last hour above which the operator is alerted (default 20). */
  ALERT_FAILED_JOBS?: string;
  /** Audit rows older than this many days are deleted, except tenant.* and payment rows (default 730). */
  AUDIT_RETENTION_DAYS?: string;
}
