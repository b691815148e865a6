import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { requireCustomer } from "../../middleware/auth";
import { revokeSession } from "../../services/auth/sessions";
import { changePassword } from "../../services/auth/user-password";
import { authCtx, ownerClaims } from "./context";
import { loginPasswordField, newPasswordField } from "../fields";

const changeBody = z.object({ currentPassword: loginPasswordField, newPassword: newPasswordField }).strict();

/**
 * /api/auth logout and change-password (design.md §18). Any valid owner-audience token may use
 * them, with or without a usable tenant; an impersonation token is audited and refused (a write).
 */
export const ownerSessionRoutes = new Hono<AppEnv>()
  .post("/logout", async (c) => {
    const claims = await ownerClaims(c);
    await revokeSession(c.var.db, "user", claims.sub, claims.sid, c.var.now);
    return c.json({ data: { loggedOut: true } });
  })
  .post(
    "/change-password",
    async (c, next) => {
      await ownerClaims(c); // 401/403 before the body is looked at
      await next();
    },
    validate("json", changeBody),
    async (c) => {
      const claims = await ownerClaims(c);
      const body = c.req.valid("json");
      if (body.newPassword === body.currentPassword) {
        throw ApiError.field("newPassword", "Choose a password different from the current one");
      }
      await changePassword(authCtx(c), { userId: claims.sub, sessionId: claims.sid }, body);
      return c.json({ data: { changed: true } });
    },
  );

/** POST /api/customer-auth/logout: revokes the customer's session. */
export const customerSessionRoutes = new Hono<AppEnv>().post("/logout", requireCustomer, async (c) => {
  const auth = c.var.auth;
  await revokeSession(c.var.db, "customer", auth.customerId, auth.sessionId, c.var.now);
  return c.json({ data: { loggedOut: true } });
});
