import { createMiddleware } from "hono/factory";
import type { AppEnv, RequestScope } from "../../env";
import { ApiError } from "../../errors";
import { bearerToken, verifyToken } from "../../lib/jwt";
import { ownerAuthFrom } from "../../middleware/auth";
import type { OwnerTokenClaims } from "../../services/auth/sessions";

/**
 * The owner-audience claims of the request's token, for the routes that mint a new token from it.
 * Anything but a valid token without `aud` is 401. An impersonation token goes through the owner
 * check, which records the attempt in the audit log and refuses it: minting a token is a write
 * (design.md §13), and these routes are POSTs.
 */
export async function ownerClaims(c: RequestScope): Promise<OwnerTokenClaims> {
  const token = bearerToken(c.req.header("Authorization"));
  const claims = token ? await verifyToken(c.var.services.config.JWT_SECRET, token, c.var.services.now) : null;
  if (!claims || claims.aud !== undefined) throw new ApiError("unauthorized");
  if (claims.imp !== undefined || claims.ro !== undefined) {
    await ownerAuthFrom(c);
    throw new ApiError("impersonation_read_only", "This session is read-only: impersonation tokens cannot make changes");
  }
  return {
    sub: claims.sub,
    sid: claims.sid,
    tenantId: claims.tenantId,
    role: claims.role,
  };
}

/** The token is checked (401/403) before the body is looked at. */
export const claimsFirst = createMiddleware<AppEnv>(async (c, next) => {
  await ownerClaims(c);
  await next();
});
