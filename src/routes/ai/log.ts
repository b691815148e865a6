import { Hono } from "hono";
import { validate } from "../../lib/validate";
import { listAiLog } from "../../services/ai/log";
import { logQuery } from "./fields";
import type { OwnerAiEnv } from "./provider";
import { toAiLogEntry } from "./shapes";

/** GET /api/ai/log?limit: the business's AI log, newest first (impersonation may read it). */
export const aiLogRoute = new Hono<OwnerAiEnv>().get("/log", validate("query", logQuery), async (c) => {
  const rows = await listAiLog(c.var.db, c.var.auth.tenantId, c.req.valid("query").limit);
  c.header("Cache-Control", "no-store");
  return c.json({ data: rows.map(toAiLogEntry) });
});
