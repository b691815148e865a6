import type { Db } from "../../db/client";
import { type CronCheck, cronAlive, cronCheck, type JobsCheck, jobsCheck, overallStatus } from "../../domain/health";
import { ApiError } from "../../errors";
import { lastRunQuery } from "../ops/cron-runs";
import { jobStatsQuery, toJobStats } from "../ops/job-stats";
import type { RateLimiter } from "../rate-limit";

export type ProbeCheck = { ok: boolean; latencyMs: number };
export type HealthReport = {
  status: "ok" | "degraded";
  version: string;
  checks: { database: ProbeCheck; sessionStore: ProbeCheck; jobs: JobsCheck; cron: CronCheck };
};

/** A probe slower than this counts as failed: a hung store must not hang the health check. */
export const PROBE_TIMEOUT_MS = 2000;

async function timed<T>(fn: () => Promise<T>, timeoutMs: number): Promise<ProbeCheck & { value?: T }> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("probe timed out")), timeoutMs);
  });
  try {
    const value = await Promise.race([fn(), timeout]);
    return { ok: true, latencyMs: Date.now() - started, value };
  } catch {
    return { ok: false, latencyMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** The database probe is a real read: the cron's last run and the jobs' state, in one round trip. */
function readState(db: Db, now: Date) {
  return async () => {
    const [runs, stats] = await db.batch([lastRunQuery(db), jobStatsQuery(db, now)]);
    return { lastRunAt: runs[0]?.startedAt ?? null, stats: toJobStats(stats) };
  };
}

/**
 * Both probes run concurrently. The session store is the limiter's store (Upstash in production,
 * KV locally); the limiter's own probe() is used when it has one, else a KV read. A failed probe
 * is 503 unhealthy (interface.md); a late cron or an old backlog is `degraded` with 200.
 */
export async function checkHealth(
  deps: { db: Db; limiter: RateLimiter; kv?: KVNamespace; now: Date; version: string },
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<HealthReport> {
  const limiter = deps.limiter as Partial<RateLimiter>;
  const [database, sessionStore] = await Promise.all([
    timed(readState(deps.db, deps.now), timeoutMs),
    "probe" in limiter && typeof limiter.probe === "function"
      ? timed(async () => {
          const result = await limiter.probe!();
          if (!result.ok) throw new Error("session store probe failed");
        }, timeoutMs)
      : timed(async () => {
          if (!deps.kv) throw new Error("no session store binding");
          await deps.kv.get("health:probe");
        }, timeoutMs),
  ]);
  const failed = [database.ok ? null : "database", sessionStore.ok ? null : "sessionStore"].filter(Boolean);
  if (failed.length > 0 || !database.value) throw new ApiError("unhealthy", `Health probe failed: ${failed.join(", ")}`);
  const jobs = jobsCheck(database.value.stats, deps.now);
  const cron = cronCheck(database.value.lastRunAt, deps.now);
  return {
    status: overallStatus(jobs, cron),
    version: deps.version,
    checks: {
      database: { ok: true, latencyMs: database.latencyMs },
      sessionStore: { ok: true, latencyMs: sessionStore.latencyMs },
      jobs,
      cron,
    },
  };
}

/**
 * `GET /healthz` (design.md §24): the database answers within the probe timeout and the cron ran
 * in the last 10 minutes. One round trip, nothing else: an uptime monitor polls it.
 */
export async function isAlive(db: Db, now: Date, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const probe = await timed(async () => (await lastRunQuery(db))[0]?.startedAt ?? null, timeoutMs);
  return probe.ok && cronAlive(cronCheck(probe.value ?? null, now));
}

/** The deployed commit: the VERSION var, else the Worker version Cloudflare reports. */
export function deployedVersion(version: string | undefined, metadata: { id?: string; tag?: string } | undefined): string {
  return version || metadata?.tag || metadata?.id || "unknown";
}
