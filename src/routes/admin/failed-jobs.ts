import { Hono } from "hono";
import type { AdminEnv } from "../../env";
import { validate } from "../../lib/validate";
import { listTenantFailedJobs } from "../../services/outbox/failed";
import { limitQuery } from "../fields";
import { toFailedJob } from "../owner/failed-jobs";

/**
 * GET /api/admin/tenants/:id/failed-jobs?limit: the tenant page's list of failed side effects of
 * every kind, as the owner sees it (requireAdmin is applied to /tenants/* in ./index.ts).
 */
export const tenantFailedJobsRoute = new Hono<AdminEnv>().get("/tenants/:id/failed-jobs", validate("query", limitQuery), async (c) => {
  const rows = await listTenantFailedJobs(c.var.db, c.req.param("id"), c.req.valid("query").limit);
  return c.json({ data: rows.map(toFailedJob) });
});
