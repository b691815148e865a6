import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { scheduleTenantDeletion } from "../../services/ops/tenant-deletion";
import { idParam, operatorReasonBody } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

export const DeletionScheduled = z
  .object({ tenantId: z.string(), scheduledAt: z.string(), dueAt: z.string(), reason: z.string() })
  .openapi("TenantDeletionScheduled");

const route = routeGroup({ tags: ["Operator"], security: security.admin });
const schedule = route.post(
  "/{id}/schedule-deletion",
  "Schedules a suspended tenant's deletion 30 days ahead (restoring it cancels); audited, the owner is e-mailed",
  { params: idParam, body: operatorReasonBody, ok: DeletionScheduled, errors: [400, 401, 404, 409] },
);

/** POST /api/admin/tenants/:id/schedule-deletion (design.md §25; requireAdmin applied in ./index.ts). */
export const tenantDeletionRoutes = openApiRouter<AdminEnv>().openapi(schedule, async (c) => {
  const { schedule: s } = await scheduleTenantDeletion(
    c.var.services,
    c.req.valid("param").id,
    c.req.valid("json").reason,
    c.var.auth.adminId,
  );
  return c.json({ data: s }, 200);
});
