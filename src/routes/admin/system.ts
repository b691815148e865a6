import type { AdminEnv } from "../../env";
import { checkHealth, deployedVersion } from "../../services/admin/health";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";
import { Health } from "./shapes";

const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Operator"],
  summary: "Probes (database, session store), jobs backlog, cron lag and the deployed version; 503 unhealthy names failed probes",
  security: security.admin,
  responses: { 200: ok(Health), ...errors(401, 404, 503) },
});

/**
 * GET /api/admin/system/health: 200 `ok` or `degraded` (a late cron, a backlog older than 10
 * minutes), or 503 unhealthy naming the failed probes (design.md §8, §24).
 */
export const systemRoutes = openApiRouter<AdminEnv>().openapi(health, async (c) => {
  const report = await checkHealth({
    db: c.var.db,
    limiter: c.var.limiter,
    kv: c.env.RATE_LIMIT_KV,
    now: c.var.now,
    version: deployedVersion(c.var.config.VERSION, c.env.CF_VERSION_METADATA),
  });
  return c.json({ data: report }, 200);
});
