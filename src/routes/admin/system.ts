import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { checkHealth } from "../../services/admin/health";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";

const Probe = z.object({ ok: z.boolean(), latencyMs: z.number() });
export const Health = z.object({ status: z.literal("ok"), checks: z.object({ database: Probe, sessionStore: Probe }) }).openapi("Health");

const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["Operator"],
  summary: "Database and session-store probes; 503 unhealthy names the failed ones",
  security: security.admin,
  responses: { 200: ok(Health), ...errors(401, 404, 503) },
});

/** GET /api/admin/system/health: 200 with both probes, or 503 unhealthy naming the failed ones. */
export const systemRoutes = openApiRouter<AdminEnv>().openapi(health, async (c) => {
  const report = await checkHealth({ db: c.var.services.db, limiter: c.var.services.limiter, kv: c.var.services.env.RATE_LIMIT_KV });
  return c.json({ data: report }, 200);
});
