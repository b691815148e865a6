import { Hono } from "hono";
import { validate } from "../../lib/validate";
import { listAiLog } from "../../services/ai/log";
import { limitQuery } from "../fields";
import type { OwnerAiEnv } from "./provider";
import { toAiLogEntry } from "./shapes";

/** GET /api/ai/log?limit: the business's AI log, newest first (impersonation may read it). */
export const aiLogRoute = new Hono<OwnerAiEnv>().get("/log", validate("query", limitQuery), async (c) => {
  const rows = await listAiLog(c.var.db, c.var.auth.tenantId, c.req.valid("query").limit);
  return c.json({ data: rows.map(toAiLogEntry) });
});
