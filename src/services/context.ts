import type { Config, Env, QueueMessage } from "../config";
import type { Db } from "../db/client";
import type { RateLimiter } from "./rate-limit";

/**
 * The services context: what a use case may need of the outside world, built ONCE per request by
 * `requestContext` (src/middleware/request-context.ts) and read by handlers as `c.var.services`.
 * A use case takes this object (or the `Pick` of it that it uses), never a Hono context, so the
 * cron, the queue consumer and tests hand it the same shape.
 */
export type Services = {
  /** Drizzle over libSQL HTTP: every awaited query is one round trip; `db.batch` is one. */
  db: Db;
  config: Config;
  limiter: RateLimiter;
  /** The job queue: pointers `{ kind, id }` to outbox rows of every kind (the batch builder enqueues after commit). */
  queue: Queue<QueueMessage>;
  /** The request clock: use it, never `new Date()`, so tests can pin time (x-test-now). */
  now: Date;
  /** The bindings, for what has no field here (the AI binding, KV, ...). */
  env: Env;
  /** Work that outlives the answer (the queue hand-off): the execution context's waitUntil. */
  waitUntil(p: Promise<unknown>): void;
};

/** Where a batch's pointers go after commit (src/services/batch.ts). */
export type AfterCommit = Pick<Services, "queue" | "waitUntil">;
