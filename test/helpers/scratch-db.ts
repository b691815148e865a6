import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import type { Env } from "../../src/config";
import { handleScheduled } from "../../src/cron";
import { createDb } from "../../src/db/client";
import { workerEnv } from "./worker-entry";

/**
 * A database of the test's own: a copy of the migrated, empty template (POST /__scratch on the local
 * libSQL server, test/setup/workers-global.ts). For what is platform-wide by nature (the cron's
 * runs, the health's backlog, alerts, retention), which the shared test database cannot pin down:
 * requests reach it with `headers` (x-test-db-url, TEST_HOOKS only), the cron with `cron()`, and
 * `db` arranges and checks rows. Nothing of it is shared with any other test.
 */
export async function scratchDatabase() {
  const res = await fetch(`${env.LIBSQL_URL}/__scratch`, { method: "POST" });
  if (res.status !== 201) throw new Error(`the libSQL server made no scratch database (${res.status})`);
  const { url } = (await res.json()) as { url: string };
  const db = createDb({ LIBSQL_URL: url, LIBSQL_AUTH_TOKEN: undefined });
  /** One unscoped cron run on this database at `at` (a pinned clock is safe here: no other test's rows). */
  async function cron(at: Date, overrides: Partial<Record<keyof Env, unknown>> = {}) {
    const controller = createScheduledController({ scheduledTime: at.getTime(), cron: "* * * * *" });
    const ctx = createExecutionContext();
    await handleScheduled(controller, { ...workerEnv, LIBSQL_URL: url, ...overrides } as Env, ctx, () => new Date(at));
    await waitOnExecutionContext(ctx);
  }
  return { url, db, headers: { "x-test-db-url": url }, cron };
}
