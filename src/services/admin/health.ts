import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import type { RateLimiter } from "../rate-limit";

export type ProbeCheck = { ok: boolean; latencyMs: number };
export type HealthReport = { status: "ok"; checks: { database: ProbeCheck; sessionStore: ProbeCheck } };

/** A probe slower than this counts as failed: a hung store must not hang the health check. */
export const PROBE_TIMEOUT_MS = 2000;

async function timed(fn: () => Promise<unknown>, timeoutMs: number): Promise<ProbeCheck> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("probe timed out")), timeoutMs);
  });
  try {
    await Promise.race([fn(), timeout]);
    return { ok: true, latencyMs: Date.now() - started };
  } catch {
    return { ok: false, latencyMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Both probes run concurrently. The session store is the limiter's store (Upstash in production,
 * KV locally); the limiter's own probe() is used when it has one, else a KV read.
 */
export async function checkHealth(
  deps: { db: Db; limiter: RateLimiter; kv?: KVNamespace },
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<HealthReport> {
  const limiter = deps.limiter as Partial<RateLimiter>;
  const [database, sessionStore] = await Promise.all([
    timed(() => deps.db.run(sql`select 1`), timeoutMs),
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
  if (failed.length > 0) throw new ApiError("unhealthy", `Health probe failed: ${failed.join(", ")}`);
  return { status: "ok", checks: { database, sessionStore } };
}
