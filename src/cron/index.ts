import { type Config, type Env, loadConfig, smsConfig } from "../config";
import { createDb, type Db } from "../db/client";
import { wallClock } from "../lib/clock";
import { logger } from "../lib/log";
import { metricsFrom } from "../lib/metrics";
import { batch } from "../services/batch";
import { refreshDueDomains } from "../services/domains/refresh";
import { enqueue } from "../services/outbox";
import { type DispatchScope, dispatchDue } from "../services/outbox/dispatch";
import { outboxKinds } from "../services/outbox/kinds";
import type { Clock } from "../services/outbox/types";
import { sendAlerts } from "../services/ops/alerts";
import { finishRunStatement, startRunStatement } from "../services/ops/cron-runs";
import { jobStatsQuery, toJobStats } from "../services/ops/job-stats";
import { retentionStatements } from "../services/ops/retention";
import { runTenantDeletions } from "../services/ops/tenant-deletion";
import { releaseExpiredHolds } from "../services/payments/holds";
import { buildDueRollups } from "../services/reports/rollup";
import { checkSmsStatuses } from "../services/sms/status";

/**
 * Every minute: the safety net that performs whatever the queue missed (lost enqueue, crashed
 * consumer, long retry waits kept in next_attempt_at, claims whose worker died), for every kind,
 * in one bounded run (src/services/outbox/dispatch.ts), after releasing the payment holds that
 * ended (src/services/payments/holds.ts) and re-reading the custom domains still pending at
 * Cloudflare (src/services/domains/refresh.ts); then the texts' delivery statuses
 * (src/services/sms/status.ts). Appointment reminders are jobs due hours ahead, so this run is what
 * sends them. Around it (design.md §24-25): the run is recorded (what `/healthz` watches),
 * operator alerts, scheduled tenant deletions, and retention in bounded batches. Each step's
 * failure is logged and the next step still runs; one log line sums the run up.
 *
 * The clock is wall time, never the controller's scheduledTime, so nothing (a test scheduling a
 * tick in the future included) can make rows due before their backoff ran out. Tests pass a pinned
 * clock together with a tenant scope (DispatchScope): such a run touches that business only, and
 * records nothing platform-wide (no run row, no alerts, no retention).
 */
export async function handleScheduled(
  _controller: ScheduledController,
  env: Env,
  ctx: ExecutionContext,
  clock?: Clock,
  scope: DispatchScope = {},
) {
  const started = Date.now();
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    logger.error("cron run: configuration invalid", { actor: "cron", error: err });
    return;
  }
  const now: Clock = clock ?? (() => wallClock(config.TEST_NOW, config.TEST_NOW_AT));
  const roundTrips = { count: 0 };
  const db = createDb(config, undefined, roundTrips);
  const platform = scope.tenantId === undefined;
  const summary: Record<string, unknown> = {};
  const failed: string[] = [];
  const step = async (name: string, fn: () => Promise<unknown>) => {
    try {
      const result = await fn();
      if (result !== undefined) summary[name] = result;
    } catch (err) {
      failed.push(name);
      logger.error(`cron step failed; the next run tries again: ${name}`, { actor: "cron", step: name, error: err });
    }
  };

  let runId: string | null = null;
  if (platform) {
    await step("alerts", async () => {
      const run = await recordAndAlert(db, config, now());
      runId = run.id;
      return run.sent;
    });
  }
  // Holds first, so the PaymentIntent cancels they write are performed by this same run.
  await step("holds", async () => (await releaseExpiredHolds(db, now(), { tenantId: scope.tenantId })).released || undefined);
  // Before the dispatch too: the "domain is live" e-mails and hostname deletes it writes go out now.
  await step("domains", async () => {
    const { checked, failedCalls } = await refreshDueDomains(db, config, now(), { tenantId: scope.tenantId });
    return checked ? { checked, failedCalls } : undefined;
  });
  await step("jobs", async () => {
    const kinds = await dispatchDue(db, outboxKinds(config), now, {
      ...scope,
      observer: { origin: "cron", metrics: metricsFrom(env.METRICS) },
    });
    const busy = Object.entries(kinds).filter(([, s]) => s.claimed > 0 || s.cleaned > 0);
    return busy.length ? Object.fromEntries(busy) : undefined;
  });
  await step("texts", async () => {
    const sms = smsConfig(config);
    if (!sms) return undefined;
    const { failedStuck, read } = await checkSmsStatuses(db, sms, config.SMS_STATUS_CHECK_MINUTES, now(), scope);
    return failedStuck || read ? { read, failedStuck } : undefined;
  });
  await step("tenantDeletion", async () => {
    const res = await runTenantDeletions(db, now(), scope.tenantId);
    if (res.pointers.length) ctx.waitUntil(enqueue(env.JOBS_QUEUE, res.pointers));
    return res.reminded || res.deleting ? { reminded: res.reminded, deleting: res.deleting, deleted: res.deleted } : undefined;
  });
  if (platform) {
    // Businesses whose report roll-up is not built (new, or dropped by a change of zone or
    // currency): their reports read the bookings until then (services/reports/rollup.ts).
    await step("reportRollups", async () => (await buildDueRollups(db, now)) || undefined);
    await step("retention", async () => {
      const b = batch(db);
      const steps = retentionStatements(db, now(), config.AUDIT_RETENTION_DAYS).map(([name, s]) => [name, b.add(s)] as const);
      if (runId) b.add(finishRunStatement(db, runId, now(), summary));
      await b.run();
      const busy = steps.map(([name, h]) => [name, h.result().rowsAffected] as const).filter(([, n]) => n > 0);
      return busy.length ? Object.fromEntries(busy) : undefined;
    });
  }
  logger[failed.length ? "error" : "info"]("cron run", {
    actor: "cron",
    ms: Date.now() - started,
    dbRoundTrips: roundTrips.count,
    ...(scope.tenantId ? { tenantId: scope.tenantId } : {}),
    ...(failed.length ? { failedSteps: failed } : {}),
    ...summary,
  });
}

/**
 * The run's first round trip: its row (what `/healthz` and the operator health read) and the job
 * statistics the alerts decide on. Then the alerts, straight through the e-mail provider.
 */
async function recordAndAlert(db: Db, config: Config, now: Date) {
  const run = startRunStatement(db, now);
  const b = batch(db);
  b.add(run.insert);
  const stats = b.add(jobStatsQuery(db, now));
  await b.run();
  const sent = await sendAlerts(db, config, toJobStats(stats.result()), now);
  return { id: run.id, sent: sent.length ? sent : undefined };
}
