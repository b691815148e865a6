import { Hono } from "hono";
import type { AppEnv } from "../env";
import { isAlive } from "../services/admin/health";

/**
 * GET /healthz (design.md §24): public liveness for uptime monitors, outside /api (no rate limit,
 * no envelope, no details): 200 `{ "status": "ok" }`, or 503 `{ "status": "unavailable" }` when the
 * database does not answer or the cron's last run is more than 10 minutes old.
 */
export const healthzRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const alive = await isAlive(c.var.services.db, c.var.services.now);
  c.header("Cache-Control", "no-store");
  return alive ? c.json({ status: "ok" }, 200) : c.json({ status: "unavailable" }, 503);
});
