import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";
import { testClockOffsetMs } from "./test/setup/test-clock";

// `TEST_NOW=<ISO instant> npm test`: every project runs as if the run started at that instant.
const provide = { testClockOffsetMs: testClockOffsetMs(), fuzzSeed: fuzzSeed() };
const setupFiles = ["test/setup/clock.ts"];

/** The seed of every property and fuzz test of this run: FUZZ_SEED replays one (test/helpers/fuzz.ts). */
function fuzzSeed(): number {
  const given = process.env.FUZZ_SEED?.trim();
  if (given && !/^-?\d+$/.test(given)) throw new Error(`FUZZ_SEED must be an integer (got ${given})`);
  process.env.FUZZ_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
  return Number(process.env.FUZZ_SEED);
}

// Three kinds of test, one command:
// - node:    pure domain modules and the local protocol servers in tools/ (libSQL, Upstash)
// - workers: route tests inside workerd through SELF.fetch, against the real local libSQL server
// - e2e:     the real local stack (`wrangler dev`) from outside: e-mail timing, real Chromium for pages
export default defineConfig({
  test: {
    // Two node or workers test files at a time (vitest's default on a 2-core machine is one, cores - 1);
    // the e2e project runs its files one at a time (fileParallelism below). Measured on 2026-11-29: two
    // e2e files at once were slower than one (653 s against 530-555 s): each drives a real Chromium and
    // the shared wrangler dev, and the machine is CPU-bound. Tests never count a whole table or rely on
    // another file's absence (each builds its own tenant), which running files side by side checks.
    maxWorkers: 2,
    // The service's one-line-per-request info logs (design.md §24) would bury a failure's output;
    // warnings and errors still print. Tests that check log lines spy on console themselves.
    onConsoleLog: (log) => (log.startsWith('{"level":"info"') ? false : undefined),
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["test/unit/**/*.test.ts", "test/tools/**/*.test.ts"],
          provide,
          setupFiles,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // Without this the pool drops wrangler.toml's [assets]; with it, SELF.fetch serves the
              // built page assets (and their _headers) before the Worker, as production does.
              assets: { directory: resolve("dist/client"), binding: "ASSETS" },
              bindings: {
                LIBSQL_URL: inject<string>("libsqlUrl"),
                LIBSQL_AUTH_TOKEN: "",
                JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
                TEST_HOOKS: "1",
                // Whatever a developer's .dev.vars says (npm start writes one), tests run alike.
                PUBLIC_BASE_URL: "",
                CAPTURE_URL: inject<string>("captureUrl"),
                // wrangler.toml says production; tests point webhook endpoints at 127.0.0.1.
                ENVIRONMENT: "test",
                // The capture server stands in for Stripe.
                STRIPE_API_BASE: `${inject<string>("captureUrl")}/stripe`,
                STRIPE_SECRET_KEY: "sk_test_capture",
                STRIPE_WEBHOOK_SECRET: "whsec_test_stripe_webhook_secret",
                STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_test_stripe_connect_secret",
                STRIPE_PUBLISHABLE_KEY: "pk_test_capture",
                // The capture server serves a stand-in for Stripe.js (tools/capture-server/stripe-js.js).
                STRIPE_JS_URL: `${inject<string>("captureUrl")}/stripe-js/v3/`,
                // design.md §31: Cloudflare Turnstile is the capture server too (siteverify and api.js).
                TURNSTILE_SITE_KEY: "0x-test-site-key",
                TURNSTILE_SECRET_KEY: "0x-test-secret-key",
                TURNSTILE_VERIFY_URL: `${inject<string>("captureUrl")}/turnstile/siteverify`,
                TURNSTILE_JS_URL: `${inject<string>("captureUrl")}/turnstile-js/api.js?render=explicit`,
                // Every test's e-mail goes to the capture server; e-mail tests key on a unique recipient.
                EMAIL_PROVIDER_URL: `${inject<string>("captureUrl")}/email`,
                EMAIL_API_KEY: "test-email-key",
                // design.md §23: the capture server stands in for Cloudflare's custom hostname API. No
                // CF_API_TOKEN here: a saved domain is active at once, as other features' tests expect;
                // the custom-domain tests add the token to the env they hand the Worker.
                CF_API_BASE: `${inject<string>("captureUrl")}/cf`,
                CF_ZONE_ID: "zone-test",
                CUSTOM_DOMAIN_TARGET: "customers.platform.example",
                // The capture server stands in for Twilio's Messages API (design.md §27); inbound texts
                // are signed with this token by the official twilio package's helper.
                SMS_API_BASE: `${inject<string>("captureUrl")}/twilio`,
                TWILIO_ACCOUNT_SID: "ACtest00000000000000000000000000",
                TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
                SMS_FROM: "+15005550006",
                // The capture server stands in for the AI model (OpenAI-compatible chat completions).
                AI_PROVIDER_URL: `${inject<string>("captureUrl")}/ai`,
                AI_API_KEY: "test-ai-key",
                AI_MODEL: "test-model",
              },
            },
          })),
        ],
        test: {
          name: "workers",
          // One workerd per pool worker for every file instead of one per file: spawning and
          // importing the Worker again for each of ~170 files cost more than the tests themselves
          // (a subset of 38 files: 294 s isolated, 77 s shared, same load). Each test builds its own
          // tenant and the Worker keeps no per-test state at module level, so files do not see each
          // other (the whole project passed 168/168 files this way before it was adopted).
          isolate: false,
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/setup/workers-global.ts"],
          provide,
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/setup/e2e-global.ts"],
          provide,
          setupFiles,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's deadline fit for a real browser on a shared 2-core machine (vitest's
          // default is 1 s): tests wait for a condition, never for a fixed time.
          expect: { poll: { timeout: 15_000, interval: 50 } },
          // One file at a time: a file's browser and the one wrangler dev they share have the machine's
          // two cores to themselves (vitest runs this project after node and workers).
          fileParallelism: false,
        },
      },
    ],
  },
});
