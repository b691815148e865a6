import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { enqueue } from "../../services/outbox";
import { scheduleTenantDeletion } from "../../services/ops/tenant-deletion";
import { idParam } from "../fields";
import { createRoute, errors, jsonBody, ok, openApiRouter, security } from "../openapi";
import { DeletionScheduled } from "./shapes";

const body = z
  .object({ reason: z.string({ error: "Reason is required" }).trim().min(1, "Reason is required").max(500, "At most 500 characters") })
  .strict();

const schedule = createRoute({
  method: "post",
  path: "/{id}/schedule-deletion",
  tags: ["Operator"],
  summary: "Schedules a suspended tenant's deletion 30 days ahead (restoring it cancels); audited, the owner is e-mailed",
  security: security.admin,
  request: { params: idParam, body: jsonBody(body) },
  responses: { 200: ok(DeletionScheduled), ...errors(400, 401, 404, 409) },
});

/** POST /api/admin/tenants/:id/schedule-deletion (design.md §25; requireAdmin applied in ./index.ts). */
export const tenantDeletionRoutes = openApiRouter<AdminEnv>().openapi(schedule, async (c) => {
  const { schedule: s, pointers } = await scheduleTenantDeletion(
    c.var.db,
    c.req.valid("param").id,
    c.req.valid("json").reason,
    c.var.auth.adminId,
    c.var.now,
  );
  c.executionCtx.waitUntil(enqueue(c.env.EMAIL_QUEUE, pointers));
  return c.json({ data: s }, 200);
});
