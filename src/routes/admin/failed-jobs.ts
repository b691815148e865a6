import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { listTenantFailedJobs } from "../../services/outbox/failed";
import { limitQuery, lookupIdParam } from "../fields";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";
import { FailedJobView, toFailedJob } from "../owner/failed-jobs";

const failed = createRoute({
  method: "get",
  path: "/tenants/{id}/failed-jobs",
  tags: ["Operator"],
  summary: "The tenant's failed side effects of every kind, newest failure first",
  security: security.admin,
  request: { params: lookupIdParam, query: limitQuery },
  responses: { 200: ok(z.array(FailedJobView)), ...errors(400, 401, 404) },
});

/**
 * GET /api/admin/tenants/:id/failed-jobs?limit: the tenant page's list of failed side effects of
 * every kind, as the owner sees it (requireAdmin is applied to /tenants/* in ./index.ts).
 */
export const tenantFailedJobsRoute = openApiRouter<AdminEnv>().openapi(failed, async (c) => {
  const rows = await listTenantFailedJobs(c.var.services.db, c.req.valid("param").id, c.req.valid("query").limit);
  return c.json({ data: rows.map(toFailedJob) }, 200);
});
