import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { requireCustomer } from "../../middleware/auth";
import { revokeSession } from "../../services/auth/sessions";
import { changePassword } from "../../services/auth/user-password";
import { loginPasswordField, newPasswordField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { claimsFirst, ownerClaims } from "./context";

const LoggedOut = z.object({ loggedOut: z.literal(true) });
const Changed = z.object({ changed: z.literal(true) });

const changeBody = z.object({ currentPassword: loginPasswordField, newPassword: newPasswordField }).strict();

const authRoute = routeGroup({ tags: ["Auth"], security: security.member });
const logout = authRoute.post("/logout", "Revokes the caller's session (refresh stops); idempotent", { ok: LoggedOut, errors: [401, 403] });

const change = authRoute.post("/change-password", "Changes the password and revokes every other session of the user", {
  middleware: [claimsFirst],
  body: changeBody,
  ok: Changed,
  errors: [400, 401, 403],
});

/**
 * /api/auth logout and change-password (design.md §18). Any valid owner-audience token may use
 * them, with or without a usable tenant; an impersonation token is audited and refused (a write).
 */
export const ownerSessionRoutes = openApiRouter<AppEnv>()
  .openapi(logout, async (c) => {
    const claims = await ownerClaims(c);
    await revokeSession(c.var.services.db, "user", claims.sub, claims.sid, c.var.services.now);
    return c.json({ data: { loggedOut: true as const } }, 200);
  })
  .openapi(change, async (c) => {
    const claims = await ownerClaims(c);
    const body = c.req.valid("json");
    if (body.newPassword === body.currentPassword) {
      throw ApiError.field("newPassword", "Choose a password different from the current one");
    }
    await changePassword(c.var.services, { userId: claims.sub, sessionId: claims.sid }, body);
    return c.json({ data: { changed: true as const } }, 200);
  });

const customerAuthRoute = routeGroup({ tags: ["Customer auth"], security: security.customer });
const customerLogout = customerAuthRoute.post("/logout", "Revokes the customer's session; idempotent", {
  middleware: [requireCustomer],
  ok: LoggedOut,
  errors: [401],
});

/** POST /api/customer-auth/logout: revokes the customer's session. */
export const customerSessionRoutes = openApiRouter<AppEnv>().openapi(customerLogout, async (c) => {
  const auth = c.var.auth;
  await revokeSession(c.var.services.db, "customer", auth.customerId, auth.sessionId, c.var.services.now);
  return c.json({ data: { loggedOut: true as const } }, 200);
});
