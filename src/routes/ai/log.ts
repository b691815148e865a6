import { z } from "@hono/zod-openapi";
import { listAiLog } from "../../services/ai/log";
import { limitQuery } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import type { MemberEnv } from "../../env";
import { AiLogEntry, toAiLogEntry } from "./log-shapes";

const route = routeGroup({ tags: ["AI assistant"], security: security.member });
const log = route.get("/log", "The business's AI log (every assistant request), newest first", {
  query: limitQuery,
  ok: z.array(AiLogEntry),
  errors: [400, 401, 403, 429, 503],
});

/**
 * GET /api/ai/log?limit: the business's AI log, newest first (impersonation may read it), with or
 * without a model on the platform (503 here only when the limiter store is down, design.md §31).
 */
export const aiLogRoute = openApiRouter<MemberEnv>().openapi(log, async (c) => {
  const rows = await listAiLog(c.var.services.db, c.var.auth.tenantId, c.req.valid("query").limit);
  return c.json({ data: rows.map(toAiLogEntry) }, 200);
});
