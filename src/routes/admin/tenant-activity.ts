import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { getTenantActivity } from "../../services/admin/tenant-activity";
import { lookupIdParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { ReportSummary } from "../owner/report-shapes";

export const TenantActivity = z
  .object({
    owner: z
      .object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), lastLoginAt: z.string().nullable() })
      .nullable(),
    payments: z.object({ count: z.number().int(), last30DaysTotal: z.number().int(), currency: z.string() }),
    aiActivity: z.object({ last7Days: z.number().int() }),
    services: z.array(
      z.object({ id: z.string(), name: z.string(), price: z.number().int(), durationMinutes: z.number().int(), isActive: z.boolean() }),
    ),
    staff: z.array(z.object({ id: z.string(), displayName: z.string(), isBookable: z.boolean() })),
    deletion: z
      .object({ scheduledAt: z.string().nullable(), dueAt: z.string(), reason: z.string().nullable(), deletedAt: z.string().nullable() })
      .nullable()
      .openapi({ description: "A scheduled deletion (design.md §25): due 30 days after scheduling unless the tenant is restored" }),
    last30Days: z
      .object({
        currency: z.string(),
        totals: ReportSummary.shape.totals,
        noShowRate: ReportSummary.shape.noShowRate,
        cancellationRate: ReportSummary.shape.cancellationRate,
      })
      .openapi({ description: "The report's totals (design.md §29) of the bookings starting in the last 30 days" }),
  })
  .openapi("TenantActivity");

const route = routeGroup({ tags: ["Operator"], security: security.admin });
const activity = route.get("/tenants/{id}/activity", "The console's Owner, Payments and AI activity sections, recent services and staff", {
  params: lookupIdParam,
  ok: TenantActivity,
  errors: [401, 404],
});

/**
 * GET /api/admin/tenants/:id/activity: the console's Owner, Payments and AI activity sections plus
 * the recent services and staff (requireAdmin is applied to /tenants/* in ./index.ts).
 */
export const tenantActivityRoute = openApiRouter<AdminEnv>().openapi(activity, async (c) => {
  const a = await getTenantActivity(c.var.services.db, c.req.valid("param").id, c.var.services.now);
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
