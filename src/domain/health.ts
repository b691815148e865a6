/**
 * What the health answers decide (design.md §24), pure. The cron runs every minute: a last run
 * under 3 minutes old is on time; over 10 minutes it has stopped, which only an outside monitor
 * polling `/healthz` can notice (a stopped cron reports nothing). A job is late from the time it
 * was due (`next_attempt_at`), never from when it was written: a reminder queued for next week is
 * not a backlog.
 */

/** The operator health's cron check is ok while the last run is younger than this. */
export const CRON_ON_TIME_SECONDS = 180;
/** `/healthz` answers 503 once the last cron run is older than this (or there never was one). */
export const CRON_STOPPED_SECONDS = 600;
/** A job due longer ago than this is a backlog: `degraded`, and an alert. */
export const BACKLOG_SECONDS = 600;

export type CronCheck = { ok: boolean; lastRunAt: string | null; lagSeconds: number | null };
export type JobStats = { pending: number; oldestDueAt: string | null; failedLast24h: number; failedLastHour: number };
export type JobsCheck = { ok: boolean; pending: number; oldestPendingSeconds: number; failedLast24h: number };

const secondsSince = (iso: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 1000));

export function cronCheck(lastRunAt: string | null, now: Date): CronCheck {
  if (!lastRunAt || Number.isNaN(Date.parse(lastRunAt))) return { ok: false, lastRunAt: null, lagSeconds: null };
  const lagSeconds = secondsSince(lastRunAt, now);
  return { ok: lagSeconds < CRON_ON_TIME_SECONDS, lastRunAt, lagSeconds };
}

/** The age of the oldest job that is due and still waiting (0 when none is). */
export function backlogSeconds(stats: Pick<JobStats, "oldestDueAt">, now: Date): number {
  return stats.oldestDueAt ? secondsSince(stats.oldestDueAt, now) : 0;
}

export function jobsCheck(stats: JobStats, now: Date): JobsCheck {
  const oldestPendingSeconds = backlogSeconds(stats, now);
  return { ok: oldestPendingSeconds <= BACKLOG_SECONDS, pending: stats.pending, oldestPendingSeconds, failedLast24h: stats.failedLast24h };
}

/** The probes answered; a late cron or an old backlog is `degraded` (200), never unhealthy (503). */
export function overallStatus(jobs: Pick<JobsCheck, "ok">, cron: Pick<CronCheck, "ok">): "ok" | "degraded" {
  return jobs.ok && cron.ok ? "ok" : "degraded";
}

/** `/healthz`: alive while the cron ran in the last 10 minutes. */
export function cronAlive(cron: CronCheck): boolean {
  return cron.lagSeconds !== null && cron.lagSeconds <= CRON_STOPPED_SECONDS;
}

export type AlertCondition = "failed_jobs" | "job_backlog";
export type AlertDecision = { condition: AlertCondition; value: number; threshold: number };

/** Which operator alerts hold: failures in the last hour above the threshold, a backlog older than 10 minutes. */
export function alertConditions(stats: JobStats, now: Date, failedThreshold: number): AlertDecision[] {
  const out: AlertDecision[] = [];
  if (stats.failedLastHour > failedThreshold)
    out.push({ condition: "failed_jobs", value: stats.failedLastHour, threshold: failedThreshold });
  const backlog = backlogSeconds(stats, now);
  if (backlog > BACKLOG_SECONDS) out.push({ condition: "job_backlog", value: backlog, threshold: BACKLOG_SECONDS });
  return out;
}
