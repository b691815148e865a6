import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { listTenantFailedJobs } from "../../services/outbox/failed";
import { limitQuery, lookupIdParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { FailedJobView, toFailedJob } from "../owner/failed-jobs";

const route = routeGroup({ tags: ["Operator"], security: security.admin });
const failed = route.get("/tenants/{id}/failed-jobs", "The tenant's failed side effects of every kind, newest failure first", {
  params: lookupIdParam,
  query: limitQuery,
  ok: z.array(FailedJobView),
  errors: [400, 401, 404],
});

/**
 * GET /api/admin/tenants/:id/failed-jobs?limit: the tenant page's list of failed side effects of
 * every kind, as the owner sees it (requireAdmin is applied to /tenants/* in ./index.ts).
 */
export const tenantFailedJobsRoute = openApiRouter<AdminEnv>().openapi(failed, async (c) => {
  const rows = await listTenantFailedJobs(c.var.services.db, c.req.valid("param").id, c.req.valid("query").limit);
  return c.json({ data: rows.map(toFailedJob) }, 200);
});
