import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { ApiError } from "../../errors";
import { JOB_STATES } from "../../services/outbox/stores";
import { decodeCursor, discardJob, listJobs, retryJob } from "../../services/ops/jobs";
import { limitField, lookupIdParam, operatorReasonBody } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { JobList, JobView, toJobView } from "./job-shapes";

const listQuery = z.object({
  state: z.enum(JOB_STATES).default("failed"),
  kind: z.string().trim().min(1).max(100).optional(),
  tenantId: z.string().trim().min(1).max(100).optional(),
  limit: limitField,
  cursor: z.string().max(400).optional(),
});

const tags = ["Operator"];

const route = routeGroup({ tags, security: security.admin });
const list = route.get(
  "/",
  "Jobs of every kind across tenants by state (failed, stuck, pending, suppressed), filtered by kind and tenant, paged by cursor",
  { query: listQuery, ok: JobList, errors: [400, 401, 404] },
);
const retry = route.post("/{id}/retry", "Runs a failed or stuck job again with its own idempotency key (audited job.retried)", {
  params: lookupIdParam,
  ok: JobView,
  errors: [401, 404, 409],
});
const discard = route.post(
  "/{id}/discard",
  "Drops a failed, pending, suppressed or stuck job for good (audited job.discarded, reason required)",
  { params: lookupIdParam, body: operatorReasonBody, ok: JobView, errors: [400, 401, 404, 409] },
);

const operator = (c: { var: AdminEnv["Variables"] }) => ({ actorType: "admin" as const, actorId: c.var.auth.adminId });

/** /api/admin/jobs (design.md §24; requireAdmin applied in ./index.ts). */
export const jobsRoutes = openApiRouter<AdminEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid("query");
    const cursor = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
    if (cursor === null) throw ApiError.field("cursor", "Not a cursor this list handed out");
    const page = await listJobs(c.var.services.db, { ...q, cursor }, c.var.services.now);
    return c.json({ data: { jobs: page.jobs.map((j) => toJobView(j, c.var.services.now)), nextCursor: page.nextCursor } }, 200);
  })
  .openapi(retry, async (c) => {
    const { row } = await retryJob(c.var.services, c.req.valid("param").id, { kind: "operator" }, operator(c));
    return c.json({ data: toJobView(row, c.var.services.now) }, 200);
  })
  .openapi(discard, async (c) => {
    const row = await discardJob(c.var.services.db, c.req.valid("param").id, c.req.valid("json").reason, operator(c), c.var.services.now);
    return c.json({ data: toJobView(row, c.var.services.now) }, 200);
  });
