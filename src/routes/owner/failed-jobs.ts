import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { limitQuery, lookupIdParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { requireRole } from "../../middleware/auth";
import { type FailedJob, listFailedJobs } from "../../services/outbox/failed";
import { retryJob } from "../../services/ops/jobs";

/**
 * GET /api/businesses/me/failed-jobs?limit (owner/admin): the business's failed side effects of
 * every kind (e-mails, webhook deliveries, later Stripe calls), newest failure first.
 */
export const failedJobsRoutes = openApiRouter<OwnerEnv>();

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
    retryable: z.boolean().openapi({ description: "The owner may retry it (POST /api/businesses/me/failed-jobs/{id}/retry)" }),
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
  retryable: j.retryable,
});

const route = routeGroup({ tags: ["Webhooks"], security: security.owner });
const failed = route.get(
  "/",
  "The business's failed side effects of every kind (e-mails, webhook deliveries, jobs), newest failure first",
  { middleware: [requireRole("owner", "admin")], query: limitQuery, ok: z.array(FailedJobView), errors: [400, 401, 403] },
);

export const RetriedJob = z
  .object({ id: z.string(), kind: z.string(), type: z.string(), status: z.string(), dueAt: z.string() })
  .openapi("RetriedJob");

const retry = route.post(
  "/{id}/retry",
  "Sends one of the business's failed e-mails or webhook deliveries again, with its own idempotency key (audited job.retried)",
  { middleware: [requireRole("owner", "admin")], params: lookupIdParam, ok: RetriedJob, errors: [401, 403, 404, 409] },
);

failedJobsRoutes
  .openapi(failed, async (c) => {
    const rows = await listFailedJobs(c.var.services.db, c.var.auth.tenantId, c.req.valid("query").limit);
    return c.json({ data: rows.map(toFailedJob) }, 200);
  })
  .openapi(retry, async (c) => {
    const { tenantId, actor } = c.var.auth;
    const { row } = await retryJob(
      c.var.services,
      c.req.valid("param").id,
      { kind: "owner", tenantId },
      { actorType: actor.type, actorId: actor.id },
    );
    return c.json({ data: { id: row.id, kind: row.kind, type: row.type, status: row.status, dueAt: row.dueAt } }, 200);
  });
