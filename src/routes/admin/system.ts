import { Hono } from "hono";
import type { AdminEnv } from "../../env";
import { checkHealth } from "../../services/admin/health";

/** Super-admin routes (requireAdmin applied in ./index.ts). */
export const systemRoutes = new Hono<AdminEnv>();

/** GET /api/admin/system/health: 200 with both probes, or 503 unhealthy naming the failed ones. */
systemRoutes.get("/health", async (c) => {
  const report = await checkHealth({ db: c.var.db, limiter: c.var.limiter, kv: c.env.RATE_LIMIT_KV });
  return c.json({ data: report });
});
