import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { requireMember } from "../../middleware/auth";
import { refreshOwnerToken, switchTenant } from "../../services/auth/owner";
import { authCtx, ownerClaims } from "./context";

const switchBody = z.object({ tenantId: z.string({ error: "tenantId is required" }).trim().min(1).max(100) }).strict();

export const tokenRoutes = new Hono<AppEnv>()
  /**
   * POST /api/auth/refresh: requireMember first (audience, tenant and membership, impersonation
   * audit + refusal), then the session row decides; the same claims are re-signed for 24 h.
   */
  .post("/refresh", requireMember, async (c) => {
    const claims = await ownerClaims(c);
    return c.json({ data: { token: await refreshOwnerToken(authCtx(c), claims) } });
  })
  /**
   * POST /api/auth/switch-tenant: the current tenant need not be usable (a member removed from
   * it must still be able to move to another business), so only the token and session are checked.
   */
  .post(
    "/switch-tenant",
    async (c, next) => {
      await ownerClaims(c);
      await next();
    },
    validate("json", switchBody),
    async (c) => {
      const claims = await ownerClaims(c);
      const token = await switchTenant(authCtx(c), { userId: claims.sub, sessionId: claims.sid }, c.req.valid("json").tenantId);
      return c.json({ data: { token } });
    },
  );
