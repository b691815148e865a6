import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { requireMember } from "../../middleware/auth";
import { refreshOwnerToken, switchTenant } from "../../services/auth/owner";
import { openApiRouter, routeGroup, security } from "../openapi";
import { claimsFirst, ownerClaims } from "./context";

const TokenResult = z.object({ token: z.string() }).openapi("TokenResult");

const switchBody = z.object({ tenantId: z.string({ error: "tenantId is required" }).trim().min(1).max(100) }).strict();

/**
 * POST /api/auth/refresh: requireMember first (audience, tenant and membership, impersonation
 * audit + refusal), then the session row decides; the same claims are re-signed for 24 h.
 */
const route = routeGroup({ tags: ["Auth"], security: security.member });
const refresh = route.post("/refresh", "Re-signs the same claims for 24 hours while the session lives (30 days)", {
  middleware: [requireMember],
  ok: TokenResult,
  errors: [401, 403],
});

/**
 * POST /api/auth/switch-tenant: the current tenant need not be usable (a member removed from
 * it must still be able to move to another business), so only the token and session are checked.
 */
const switchRoute = route.post("/switch-tenant", "A token for another business the caller is a member of", {
  middleware: [claimsFirst],
  body: switchBody,
  ok: TokenResult,
  errors: [400, 401, 403, 404],
});

export const tokenRoutes = openApiRouter<AppEnv>()
  .openapi(refresh, async (c) => {
    const claims = await ownerClaims(c);
    return c.json({ data: { token: await refreshOwnerToken(c.var.services, claims) } }, 200);
  })
  .openapi(switchRoute, async (c) => {
    const claims = await ownerClaims(c);
    const token = await switchTenant(c.var.services, { userId: claims.sub, sessionId: claims.sid }, c.req.valid("json").tenantId);
    return c.json({ data: { token } }, 200);
  });
