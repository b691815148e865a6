import { createDb } from "../db/client";
import { type Config, type Env, loadConfig, smsConfig } from "../config";
import { safeErrorSummary } from "../lib/log";
import { refreshDueDomains } from "../services/domains/refresh";
import { type DispatchScope, dispatchDue } from "../services/outbox/dispatch";
import { outboxKinds } from "../services/outbox/kinds";
import type { Clock } from "../services/outbox/types";
import { releaseExpiredHolds } from "../services/payments/holds";
import { checkSmsStatuses } from "../services/sms/status";
import { wallClock } from "../lib/clock";

/**
 * Every minute: the safety net that performs whatever the queue missed (lost enqueue, crashed
 * consumer, long retry waits kept in next_attempt_at, claims whose worker died), for every kind,
 * in one bounded run (src/services/outbox/dispatch.ts), plus housekeeping (the 30-day e-mail purge),
 * after releasing the payment holds that ended (src/services/payments/holds.ts) and re-reading the
 * custom domains still pending at Cloudflare (src/services/domains/refresh.ts).
 *
 * Appointment reminders are jobs due hours ahead (src/services/notifications/reminders.ts): this
 * run is what sends them.
 *
 * The clock is wall time, never the controller's scheduledTime, so nothing (a test scheduling a
 * tick in the future included) can make rows due before their backoff ran out. Tests pass a pinned
 * clock together with a tenant scope (DispatchScope), never one without the other; the scope
 * bounds the hold release too, so a test's clock years ahead never releases another test's holds.
 */
export async function handleScheduled(
  _controller: ScheduledController,
  env: Env,
  _ctx: ExecutionContext,
  clock?: Clock,
  scope: DispatchScope = {},
) {
  try {
    const config = loadConfig(env);
    clock ??= () => wallClock(config.TEST_NOW, config.TEST_NOW_AT);
    const db = createDb(config);
    // First, so the PaymentIntent cancels it writes are performed by this same run.
    await releaseHolds(db, clock, scope);
    // Before the dispatch too: the "domain is live" e-mails and hostname deletes it writes go out now.
    await refreshDomains(db, config, clock, scope);
    const summary = await dispatchDue(db, outboxKinds(config), clock, scope);
    const busy = Object.entries(summary).filter(([, s]) => s.claimed > 0 || s.cleaned > 0);
    if (busy.length) console.log(`outbox cron: ${JSON.stringify(Object.fromEntries(busy))}`);
    await readTextStatuses(db, config, clock, scope);
  } catch (err) {
    console.error("scheduled dispatch failed", err);
  }
}

/** design.md §23: pending custom domains re-read at Cloudflare; a failure here never stops the outbox. */
async function refreshDomains(db: ReturnType<typeof createDb>, config: ReturnType<typeof loadConfig>, clock: Clock, scope: DispatchScope) {
  try {
    const { checked, failedCalls } = await refreshDueDomains(db, config, clock(), { tenantId: scope.tenantId });
    if (checked) console.log(`custom domains checked: ${checked}${failedCalls ? ` (${failedCalls} without an answer)` : ""}`);
  } catch (err) {
    console.error("checking pending custom domains failed; the next run tries again", safeErrorSummary(err));
  }
}

/** design.md §27: texts' delivery statuses read back from Twilio; a failure here never stops the rest. */
async function readTextStatuses(db: ReturnType<typeof createDb>, config: Config, clock: Clock, scope: DispatchScope) {
  const sms = smsConfig(config);
  if (!sms) return;
  try {
    const { failedStuck, read } = await checkSmsStatuses(db, sms, config.SMS_STATUS_CHECK_MINUTES, clock(), scope);
    if (failedStuck || read) console.log(`texts: ${read} delivery statuses read, ${failedStuck} stuck sends failed`);
  } catch (err) {
    console.error("reading text delivery statuses failed; the next run tries again", safeErrorSummary(err));
  }
}

/** design.md §21: payment holds that ended are released; a failure here never stops the outbox. */
async function releaseHolds(db: ReturnType<typeof createDb>, clock: Clock, scope: DispatchScope) {
  try {
    const { released } = await releaseExpiredHolds(db, clock(), { tenantId: scope.tenantId });
    if (released) console.log(`payment holds released: ${released}`);
  } catch (err) {
    console.error("releasing expired payment holds failed; the next run tries again", safeErrorSummary(err));
  }
}
