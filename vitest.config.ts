import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Three kinds of test, one command:
// - node:    pure domain modules and the Node-side tools in scripts/ (local libSQL and Upstash servers)
// - workers: route tests inside workerd through SELF.fetch, against the real local libSQL server
// - browser: real Chromium against `wrangler dev` (see test/browser)
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["test/unit/**/*.test.ts", "test/scripts/**/*.test.ts"],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                LIBSQL_URL: inject<string>("libsqlUrl"),
                LIBSQL_AUTH_TOKEN: "",
                JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
                TEST_HOOKS: "1",
                CAPTURE_URL: inject<string>("captureUrl"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/setup/workers-global.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
