import { Hono } from "hono";
import { z } from "zod";
import type { AdminEnv } from "../../env";
import { validate } from "../../lib/validate";
import { idParam } from "../fields";
import { startImpersonation } from "../../services/admin/impersonation";

/** Super-admin routes (requireAdmin applied in ./index.ts). */
export const impersonateRoutes = new Hono<AdminEnv>();

const impersonateBody = z.object({ reason: z.string().trim().min(1, "Required").max(500) }).strict();

/** POST /api/admin/tenants/:id/impersonate: a 1-hour read-only owner token (design.md §8). */
impersonateRoutes.post("/:id/impersonate", validate("param", idParam), validate("json", impersonateBody), async (c) => {
  const started = await startImpersonation(
    c.var.db,
    c.var.config.JWT_SECRET,
    { adminId: c.var.auth.adminId, tenantId: c.req.valid("param").id, reason: c.req.valid("json").reason },
    c.var.now,
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
