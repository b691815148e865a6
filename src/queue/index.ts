import { createDb } from "../db/client";
import { type Env, loadConfig, type QueueMessage } from "../config";
import { runPointer } from "../services/outbox/dispatch";
import { outboxKinds } from "../services/outbox/kinds";
import { parsePointer } from "../services/outbox/pointer";
import type { Clock } from "../services/outbox/types";
import { wallClock } from "../lib/clock";
import { logger } from "../lib/log";
import { metricsFrom } from "../lib/metrics";

/**
 * One queue carries pointers `{ kind, id }` to outbox jobs of every kind; the engine performs
 * each (src/services/outbox/). The row, not the message, decides what happens.
 */
export async function handleQueueBatch(batch: MessageBatch<QueueMessage>, env: Env, _ctx: ExecutionContext, clock?: Clock) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (err) {
    // An operator fixes the configuration; the messages (and their rows) wait for it.
    logger.error("queue batch: configuration invalid; retrying", { actor: "queue", error: err });
    for (const message of batch.messages)
      message.retry({ delaySeconds: Math.min(1800, 30 * 2 ** Math.max(0, Math.min(message.attempts - 1, 6))) });
    return;
  }
  const db = createDb(config);
  const wall: Clock = clock ?? (() => wallClock(config.TEST_NOW, config.TEST_NOW_AT));
  const kinds = new Map(outboxKinds(config).map((k) => [k.name, k]));
  const observer = { origin: "queue" as const, metrics: metricsFrom(env.METRICS) };
  for (const message of batch.messages) {
    const pointer = parsePointer(message.body);
    const kind = pointer && kinds.get(pointer.kind);
    // Malformed, or a kind this deployment does not run: nothing to perform, never retried
    // (a row of a kind that comes back later is still found by the cron).
    if (!pointer || !kind) {
      message.ack();
      continue;
    }
    const action = await runPointer(db, kind, pointer.id, clockFor(message.body, config.TEST_HOOKS, wall), message.attempts, observer);
    if (action.ack) message.ack();
    else message.retry({ delaySeconds: action.delaySeconds });
  }
}

/**
 * The given clock (wall time), except with TEST_HOOKS on (the test pool only): a message may
 * carry `testNow`, the consumer's clock, as requests carry x-test-now; tests play a retry 30 s
 * later without waiting 30 s, touching only the one row the message names.
 */
function clockFor(body: unknown, testHooks: boolean, clock: Clock): Clock {
  const testNow = testHooks ? (body as { testNow?: unknown }).testNow : undefined;
  const pinned = typeof testNow === "string" ? new Date(testNow) : null;
  if (!pinned || Number.isNaN(pinned.getTime())) return clock;
  const offset = pinned.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}
