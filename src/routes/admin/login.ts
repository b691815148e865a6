import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { loginAdmin } from "../../services/auth/admin";
import { authCtx } from "../auth/context";
import { loginBody } from "../auth/login";
import { toAdminLoginResult } from "../auth/shapes";

/**
 * POST /api/admin/login: the only /api/admin route without a token. interface.md puts /api/admin
 * under "no per-IP limit"; each account locks itself for 15 minutes after 10 consecutive failed
 * sign-ins (design.md §18, see loginAdmin).
 */
export const adminLoginRoute = new Hono<AppEnv>().post("/login", validate("json", loginBody), async (c) => {
  const { email, password } = c.req.valid("json");
  return c.json({ data: toAdminLoginResult(await loginAdmin(authCtx(c), email, password)) });
});
