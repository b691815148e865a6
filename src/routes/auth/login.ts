import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { loginOwner } from "../../services/auth/owner";
import { loginEmailField, loginPasswordField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { OwnerLoginResult, toOwnerLoginResult } from "./sign-in-shapes";

export const loginBody = z.object({ email: loginEmailField, password: loginPasswordField });

const route = routeGroup({ tags: ["Auth"], security: security.none });
const login = route.post("/login", "Owner/staff sign-in; the first active membership is the token's business", {
  body: loginBody,
  ok: OwnerLoginResult,
  errors: [400, 401, 429, 503],
});

/** POST /api/auth/login: owner/staff sign-in; the first active membership is the token's tenant. */
export const loginRoute = openApiRouter<AppEnv>().openapi(login, async (c) => {
  const { email, password } = c.req.valid("json");
  return c.json({ data: toOwnerLoginResult(await loginOwner(c.var.services, email, password)) }, 200);
});
