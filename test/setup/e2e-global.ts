import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildClient } from "../../scripts/build-client";
import { startCaptureServer } from "../../tools/capture-server/server.mjs";
import { migrateDatabase } from "../../scripts/db/migrate";
import { seedDatabase } from "../../scripts/db/seed";
import { startLibsqlServer } from "../../tools/libsql-server/server.mjs";
import { testClockOffsetMs } from "./test-clock";

/** The Cloudflare zone the e2e stack's custom hostnames live in (the capture server plays Cloudflare). */
const E2E_CF_ZONE = "e2e-zone";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eLibsqlUrl: string;
    e2eCaptureUrl: string;
    e2eJwtSecret: string;
    e2eStripeWebhookSecret: string;
    e2eCfZone: string;
    e2eAdmin: { email: string; password: string };
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The real local stack as `npm start` runs it — `wrangler dev` (workerd + miniflare queues) on a
 * fresh libSQL database — with the capture server standing in for the e-mail provider, Stripe and the
 * AI model.
 */
export default async function setup(project: TestProject) {
  // wrangler dev builds it too ([build] in wrangler.toml); building first makes a failure clear here.
  await buildClient();
  const dir = mkdtempSync(join(tmpdir(), "booking-e2e-"));
  const libsql = await startLibsqlServer({ file: join(dir, "e2e.db") });
  await migrateDatabase(libsql.url);
  const admin = { email: "e2e-admin@example.test", password: "e2e-admin-password" };
  await seedDatabase(libsql.url, { adminEmail: admin.email, adminPassword: admin.password });
  const capture = await startCaptureServer();
  const port = await freePort();
  const jwtSecret = "e2e-secret-e2e-secret-e2e-secret-0123456789";
  // `TEST_NOW=... npm test`: the Worker's clock is the suite's clock to the millisecond (src/lib/clock.ts).
  const offset = testClockOffsetMs();
  const realAt = Date.now();
  const vars = {
    ...(offset === null ? {} : { TEST_NOW: new Date(realAt + offset).toISOString(), TEST_NOW_AT: String(realAt) }),
    ENVIRONMENT: "development",
    LIBSQL_URL: libsql.url,
    JWT_SECRET: jwtSecret,
    EMAIL_PROVIDER_URL: `${capture.url}/email`,
    EMAIL_API_KEY: "e2e-key",
    STRIPE_API_BASE: `${capture.url}/stripe`,
    // design.md §21: Stripe is the capture server; Stripe.js its stand-in script.
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e_stripe_webhook_secret",
    STRIPE_JS_URL: `${capture.url}/stripe-js/v3/`,
    // design.md §31: Turnstile is the capture server too (siteverify, and a stand-in api.js).
    TURNSTILE_SITE_KEY: "0x-e2e-site-key",
    TURNSTILE_SECRET_KEY: "0x-e2e-secret-key",
    TURNSTILE_VERIFY_URL: `${capture.url}/turnstile/siteverify`,
    TURNSTILE_JS_URL: `${capture.url}/turnstile-js/api.js?render=explicit`,
    // design.md §20: the model is the capture server too (OpenAI-compatible chat completions).
    AI_PROVIDER_URL: `${capture.url}/ai`,
    AI_API_KEY: "e2e-ai-key",
    AI_MODEL: "e2e-model",
    // design.md §27: Twilio's Messages API is the capture server too.
    SMS_API_BASE: `${capture.url}/twilio`,
    TWILIO_ACCOUNT_SID: "ACe2e000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "e2e-twilio-auth-token",
    SMS_FROM: "+15005550006",
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // design.md §23: custom domains go through Cloudflare for SaaS, played by the capture server,
    // so the app's settings show the records and states a real business sees.
    CF_API_BASE: `${capture.url}/cf`,
    CF_API_TOKEN: "e2e-cf-token",
    CF_ZONE_ID: E2E_CF_ZONE,
    CUSTOM_DOMAIN_TARGET: "customers.platform.example.test",
    // Test-only request headers (never in production): a page test pins the request clock
    // (x-test-now), so dates never depend on the real day, and the Ask panel's tests turn the model
    // off for one request (x-test-ai: off), as the workers pool does.
    TEST_HOOKS: "1",
  };
  const args = [
    "wrangler",
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    join(dir, "wrangler"),
    "--show-interactive-dev-session=false",
    // GET /__scheduled runs the Worker's cron once: tests send what the outbox wrote from a job's
    // effects (which the every-minute cron sends in production), e.g. a waitlist offer.
    "--test-scheduled",
  ];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  // Its own process group, so teardown can stop npx and the wrangler/workerd children it starts.
  const wrangler: ChildProcess = spawn("npx", args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler dev did not start in 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready on/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    wrangler.stdout!.on("data", onData);
    wrangler.stderr!.on("data", onData);
    wrangler.once("exit", (code) => reject(new Error(`wrangler dev exited (${code}):\n${output}`)));
  });

  project.provide("e2eBaseUrl", `http://127.0.0.1:${port}`);
  project.provide("e2eLibsqlUrl", libsql.url);
  project.provide("e2eCaptureUrl", capture.url);
  project.provide("e2eJwtSecret", jwtSecret);
  project.provide("e2eStripeWebhookSecret", vars.STRIPE_WEBHOOK_SECRET);
  project.provide("e2eCfZone", E2E_CF_ZONE);
  project.provide("e2eAdmin", admin);
  return async () => {
    const group = -wrangler.pid!;
    const signal = (sig: NodeJS.Signals) => {
      try {
        process.kill(group, sig);
      } catch {
        // already gone
      }
    };
    signal("SIGINT");
    const exited = await new Promise<boolean>((resolve) => {
      if (wrangler.exitCode !== null) return resolve(true);
      const timer = setTimeout(() => resolve(false), 3000);
      wrangler.once("exit", () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    signal(exited ? "SIGTERM" : "SIGKILL");
    await capture.close();
    await libsql.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
