import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { checkHealth, deployedVersion } from "../../services/admin/health";
import { openApiRouter, routeGroup, security } from "../openapi";

const Probe = z.object({ ok: z.boolean(), latencyMs: z.number() });
const JobsCheck = z.object({
  ok: z.boolean().openapi({ description: "False when a job has been due for more than 10 minutes" }),
  pending: z.number().int().openapi({ description: "Jobs of every kind that are due and waiting" }),
  oldestPendingSeconds: z.number().int().openapi({ description: "How long the oldest of them has been due (0 when none)" }),
  failedLast24h: z.number().int(),
});
const CronCheck = z.object({
  ok: z.boolean().openapi({ description: "True while the last run started under 180 s ago" }),
  lastRunAt: z.string().nullable(),
  lagSeconds: z.number().int().nullable(),
});
export const Health = z
  .object({
    status: z.enum(["ok", "degraded"]).openapi({ description: "degraded: the cron is late or a job backlog is older than 10 minutes" }),
    version: z.string().openapi({ description: "The deployed commit (VERSION), else the Worker version id" }),
    checks: z.object({ database: Probe, sessionStore: Probe, jobs: JobsCheck, cron: CronCheck }),
  })
  .openapi("Health");

const route = routeGroup({ tags: ["Operator"], security: security.admin });
const health = route.get(
  "/health",
  "Probes (database, session store), jobs backlog, cron lag and the deployed version; 503 unhealthy names failed probes",
  { ok: Health, errors: [401, 404, 503] },
);

/**
 * GET /api/admin/system/health: 200 `ok` or `degraded` (a late cron, a backlog older than 10
 * minutes), or 503 unhealthy naming the failed probes (design.md §8, §24).
 */
export const systemRoutes = openApiRouter<AdminEnv>().openapi(health, async (c) => {
  const report = await checkHealth({
    db: c.var.services.db,
    limiter: c.var.services.limiter,
    kv: c.var.services.env.RATE_LIMIT_KV,
    now: c.var.services.now,
    version: deployedVersion(c.var.services.config.VERSION, c.var.services.env.CF_VERSION_METADATA),
  });
  return c.json({ data: report }, 200);
});
