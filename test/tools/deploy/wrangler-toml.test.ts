import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkWranglerEnv } from "../../../scripts/deploy/wrangler-env";
import { committedEnv } from "./support";

// design.md §23, issue #35 item 1: wrangler.toml declares complete staging and production envs,
// read here with wrangler's own reader, as a deploy reads them.

const SECRET_NAMES = [
  "JWT_SECRET",
  "GIFT_CODE_SECRET",
  "LIBSQL_AUTH_TOKEN",
  "UPSTASH_REDIS_REST_TOKEN",
  "EMAIL_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_CONNECT_WEBHOOK_SECRET",
  "CF_API_TOKEN",
];

describe.each(["staging", "production"] as const)("wrangler.toml [env.%s]", (env) => {
  it("declares every binding, route and trigger a deployed Worker needs, as design.md §23 says", async () => {
    const w = await committedEnv(env);
    expect(checkWranglerEnv(env, w).errors).toEqual([]);
    expect(w.name).toBe(`booking-platform-${env}`);
    expect(w.workersDev).toBe(false);
    expect(w.placementMode).toBe("smart");
    expect(w.routes).toEqual([
      { pattern: new URL(w.vars.PUBLIC_BASE_URL).hostname, custom_domain: true },
      { pattern: "*/*", zone_name: expect.any(String) },
    ]);
    expect(w.kvBindings).toEqual(["RATE_LIMIT_KV"]);
    expect(w.queues).toEqual([`booking-email-${env}`, `booking-email-${env}-dlq`]);
    expect(w.crons).toEqual(["* * * * *"]);
    expect(w.aiBinding).toBe("AI");
  });

  it("holds every non-secret setting in its vars (so a deploy wipes nothing made elsewhere) and no secret", async () => {
    const { vars } = await committedEnv(env);
    expect(Object.keys(vars).sort()).toEqual(
      [
        "ENVIRONMENT",
        "PUBLIC_BASE_URL",
        "EMAIL_PROVIDER_URL",
        "EMAIL_FROM",
        "STRIPE_API_BASE",
        "STRIPE_PUBLISHABLE_KEY",
        "STRIPE_JS_URL",
        "PAYMENT_HOLD_MINUTES",
        "CF_API_BASE",
        "CF_ZONE_ID",
        "CUSTOM_DOMAIN_TARGET",
        "AI_MODEL",
        "AI_MAX_TOKENS",
        "ALERT_EMAIL",
        "ALERT_FAILED_JOBS",
        "AUDIT_RETENTION_DAYS",
        // design.md §31: the daily assistant budget and Turnstile's (public) site key.
        "AI_DAILY_REQUESTS_PER_TENANT",
        "TURNSTILE_SITE_KEY",
      ].sort(),
    );
    for (const secret of SECRET_NAMES) expect(vars, secret).not.toHaveProperty(secret);
    expect(vars.ENVIRONMENT).toBe("production");
  });

  it("lists the values an operator must make their own, which only a real deploy refuses", async () => {
    const { placeholders } = checkWranglerEnv(env, await committedEnv(env));
    expect(placeholders).toEqual(
      expect.arrayContaining([
        expect.stringContaining("PUBLIC_BASE_URL still names the example host"),
        expect.stringContaining("CF_ZONE_ID is not a zone id"),
        expect.stringContaining("STRIPE_PUBLISHABLE_KEY must be"),
      ]),
    );
  });
});

describe("wrangler.toml's top level (local development and the test pools)", () => {
  it("has no placeholder KV id: wrangler creates a deployed env's namespace and finds it by binding", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    expect(toml).not.toMatch(/^\s*id\s*=/m);
    expect(toml).not.toMatch(/0{32}/);
  });
});
