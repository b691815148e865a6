import { z } from "@hono/zod-openapi";
import type { AdminEnv } from "../../env";
import { startImpersonation } from "../../services/admin/impersonation";
import { idParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

export const ImpersonationStarted = z
  .object({ token: z.string(), sessionId: z.string(), expiresAt: z.string(), tenantId: z.string() })
  .openapi("ImpersonationStarted");

const impersonateBody = z.object({ reason: z.string().trim().min(1, "Required").max(500) }).strict();

const route = routeGroup({ tags: ["Operator"], security: security.admin });
const impersonate = route.post("/{id}/impersonate", "A 1-hour read-only owner token for the tenant (audited, reason required)", {
  params: idParam,
  body: impersonateBody,
  created: ImpersonationStarted,
  answered: "Started",
  errors: [400, 401, 404, 409],
});

/** POST /api/admin/tenants/:id/impersonate: a 1-hour read-only owner token (design.md §8). */
export const impersonateRoutes = openApiRouter<AdminEnv>().openapi(impersonate, async (c) => {
  const started = await startImpersonation(
    c.var.services.db,
    c.var.services.config.JWT_SECRET,
    { adminId: c.var.auth.adminId, tenantId: c.req.valid("param").id, reason: c.req.valid("json").reason },
    c.var.services.now,
  );
  return c.json(
    {
      data: {
        token: started.token,
        sessionId: started.sessionId,
        expiresAt: started.expiresAt.toISOString(),
        tenantId: started.tenantId,
      },
    },
    201,
  );
});
