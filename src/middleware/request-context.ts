import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import { loadConfig } from "../config";
import type { AppEnv } from "../env";
import { wallClock } from "../lib/clock";
import { createRateLimiter } from "../services/rate-limit";

/**
 * The services context (`c.var.services`: db, config, limiter, queue, now, env, waitUntil), built
 * from the bindings once per request: nothing holding a connection lives at module level. With
 * TEST_HOOKS on (the test pool only) headers steer a request: x-test-db-tag (the local libSQL
 * server counts this request's round trips under it), x-test-now (the request's clock, an ISO
 * instant) and x-test-db-url (see below). Without x-test-now the request clock is the wall clock,
 * which TEST_NOW pins outside production.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const config = loadConfig(c.env);
  const tag = config.TEST_HOOKS ? c.req.header("x-test-db-tag") : undefined;
  const testNow = config.TEST_HOOKS ? c.req.header("x-test-now") : undefined;
  const wall = wallClock(config.TEST_NOW, config.TEST_NOW_AT);
  const now = testNow ? new Date(testNow) : wall;
  // x-test-db-url (TEST_HOOKS only): point this request's database elsewhere, e.g. at a dead
  // port so the health endpoint's database probe can be seen failing.
  // The real LIBSQL_AUTH_TOKEN never travels to an overridden URL.
  const testDbUrl = config.TEST_HOOKS ? c.req.header("x-test-db-url") : undefined;
  const roundTrips = { count: 0 };
  c.set("roundTrips", roundTrips);
  c.set("services", {
    db: createDb(testDbUrl ? { LIBSQL_URL: testDbUrl, LIBSQL_AUTH_TOKEN: undefined } : config, tag, roundTrips),
    config,
    limiter: createRateLimiter(c.env, config),
    queue: c.env.JOBS_QUEUE,
    now: Number.isNaN(now.getTime()) ? wall : now,
    env: c.env,
    // Read on call: a request without an execution context (app.request in a unit test) never needs it.
    waitUntil: (p) => c.executionCtx.waitUntil(p),
  });
  await next();
});
