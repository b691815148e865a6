import type { AppEnv } from "../../env";
import { loginAdmin } from "../../services/auth/admin";
import { loginBody } from "../auth/login";
import { AdminLoginResult, toAdminLoginResult } from "../auth/sign-in-shapes";
import { openApiRouter, routeGroup, security } from "../openapi";

const route = routeGroup({ tags: ["Operator"], security: security.none });
const login = route.post("/login", "Operator sign-in (aud super_admin); an account locks itself for 15 minutes after 10 failures", {
  body: loginBody,
  ok: AdminLoginResult,
  errors: [400, 401, 404, 429],
});

/**
 * POST /api/admin/login: the only /api/admin route without a token. interface.md puts /api/admin
 * under "no per-IP limit"; each account locks itself for 15 minutes after 10 consecutive failed
 * sign-ins (design.md §18, see loginAdmin).
 */
export const adminLoginRoute = openApiRouter<AppEnv>().openapi(login, async (c) => {
  const { email, password } = c.req.valid("json");
  return c.json({ data: toAdminLoginResult(await loginAdmin(c.var.services, email, password)) }, 200);
});
