import { z } from "@hono/zod-openapi";
import { Hono } from "hono";
import type { OwnerEnv } from "../../env";
import { validate } from "../../lib/validate";
import { limitQuery } from "../fields";
import { requireRole } from "../../middleware/auth";
import { type FailedJob, listFailedJobs } from "../../services/outbox/failed";

/**
 * GET /api/businesses/me/failed-jobs?limit (owner/admin): the business's failed side effects of
 * every kind (e-mails, webhook deliveries, later Stripe calls), newest failure first.
 */
export const failedJobsRoutes = new Hono<OwnerEnv>();

export const FailedJobView = z
  .object({
    id: z.string(),
    kind: z.string(),
    type: z.string(),
    target: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    createdAt: z.string(),
    failedAt: z.string(),
  })
  .openapi("FailedJob");

/** The one output shape of a failed job, for this route and the operator's. */
export const toFailedJob = (j: FailedJob): z.infer<typeof FailedJobView> => ({
  id: j.id,
  kind: j.kind,
  type: j.type,
  target: j.target,
  attempts: j.attempts,
  lastError: j.lastError,
  lastStatusCode: j.lastStatusCode,
  createdAt: j.createdAt,
  failedAt: j.failedAt,
});

failedJobsRoutes.get("/", requireRole("owner", "admin"), validate("query", limitQuery), async (c) => {
  const rows = await listFailedJobs(c.var.db, c.var.auth.tenantId, c.req.valid("query").limit);
  return c.json({ data: rows.map(toFailedJob) });
});
