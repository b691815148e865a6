import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { getTenantActivity } from "../../services/admin/tenant-activity";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";
import { TenantActivity } from "./shapes";

const activity = createRoute({
  method: "get",
  path: "/tenants/{id}/activity",
  tags: ["Operator"],
  summary: "The console's Owner, Payments and AI activity sections, recent services and staff",
  security: security.admin,
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: ok(TenantActivity), ...errors(401, 404) },
});

/**
 * GET /api/admin/tenants/:id/activity: the console's Owner, Payments and AI activity sections plus
 * the recent services and staff (requireAdmin is applied to /tenants/* in ./index.ts).
 */
export const tenantActivityRoute = openApiRouter<AdminEnv>().openapi(activity, async (c) => {
  const a = await getTenantActivity(c.var.db, c.req.valid("param").id, c.var.now);
  const data: z.infer<typeof TenantActivity> = {
    owner: a.owner
      ? { id: a.owner.id, email: a.owner.email, firstName: a.owner.firstName, lastName: a.owner.lastName, lastLoginAt: a.owner.lastLoginAt }
      : null,
    payments: a.payments,
    aiActivity: a.aiActivity,
    services: a.services.map((s) => ({ id: s.id, name: s.name, price: s.price, durationMinutes: s.durationMinutes, isActive: s.isActive })),
    staff: a.staff.map((s) => ({ id: s.id, displayName: s.displayName, isBookable: s.isBookable })),
    deletion: a.deletion,
    last30Days: {
      currency: a.last30Days.currency,
      totals: { ...a.last30Days.totals },
      noShowRate: a.last30Days.noShowRate,
      cancellationRate: a.last30Days.cancellationRate,
    },
  };
  return c.json({ data }, 200);
});
