import { Hono } from "hono";
import type { AdminEnv } from "../../env";
import { getTenantActivity } from "../../services/admin/tenant-activity";

/**
 * GET /api/admin/tenants/:id/activity: the console's Owner, Payments and AI activity sections plus
 * the recent services and staff (requireAdmin is applied to /tenants/* in ./index.ts).
 */
export const tenantActivityRoute = new Hono<AdminEnv>().get("/tenants/:id/activity", async (c) => {
  const activity = await getTenantActivity(c.var.db, c.req.param("id"), c.var.now);
  return c.json({
    data: {
      owner: activity.owner
        ? {
            id: activity.owner.id,
            email: activity.owner.email,
            firstName: activity.owner.firstName,
            lastName: activity.owner.lastName,
            lastLoginAt: activity.owner.lastLoginAt,
          }
        : null,
      payments: activity.payments,
      aiActivity: activity.aiActivity,
      services: activity.services.map((s) => ({
        id: s.id,
        name: s.name,
        price: s.price,
        durationMinutes: s.durationMinutes,
        isActive: s.isActive,
      })),
      staff: activity.staff.map((s) => ({ id: s.id, displayName: s.displayName, isBookable: s.isBookable })),
    },
  });
});
