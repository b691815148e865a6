import { createDb } from "../db/client";
import { type Env, loadConfig } from "../env";
import { dispatchDue } from "../services/outbox/dispatch";
import { outboxKinds } from "../services/outbox/kinds";
import type { Clock } from "../services/outbox/types";
import { wallClock } from "../lib/clock";

/**
 * Every minute: the safety net that performs whatever the queue missed (lost enqueue, crashed
 * consumer, long retry waits kept in next_attempt_at, claims whose worker died), for every kind,
 * in one bounded run (src/services/outbox/dispatch.ts), plus housekeeping (the 30-day e-mail purge).
 *
 * The clock is wall time, never the controller's scheduledTime, so nothing (a test scheduling a
 * tick in the future included) can make rows due before their backoff ran out.
 */
export async function handleScheduled(_controller: ScheduledController, env: Env, _ctx: ExecutionContext, clock?: Clock) {
  try {
    const config = loadConfig(env);
    const summary = await dispatchDue(createDb(config), outboxKinds(config), clock ?? (() => wallClock(config.TEST_NOW)));
    const busy = Object.entries(summary).filter(([, s]) => s.claimed > 0 || s.cleaned > 0);
    if (busy.length) console.log(`outbox cron: ${JSON.stringify(Object.fromEntries(busy))}`);
  } catch (err) {
    console.error("scheduled dispatch failed", err);
  }
}
