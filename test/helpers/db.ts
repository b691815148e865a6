import { env } from "cloudflare:test";
import { createDb, type Db } from "../../src/db/client";
import type { Services } from "../../src/services/context";

/** A direct database handle for arranging and checking state (the same engine the Worker uses). */
export function testDb() {
  return createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: undefined });
}

/**
 * The real database, with `beforeWrite` run (once) just before the use case's second batch (its
 * write, after its read): how a race test puts a concurrent change between the two.
 */
export function changedBeforeSecondBatch(beforeWrite: () => Promise<unknown>): Db {
  const db = testDb();
  let batches = 0;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "batch") return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<Db["batch"]>) => {
        if (++batches === 2) await beforeWrite();
        return target.batch(...args);
      };
    },
  });
}

/** A services context for calling a use case directly: the pool's bindings, `db` and a pinned clock. */
export function servicesFor(db: Db, now: Date): Pick<Services, "db" | "now" | "env" | "queue" | "waitUntil"> {
  return { db, now, env: env as unknown as Services["env"], queue: env.JOBS_QUEUE, waitUntil: () => undefined };
}
