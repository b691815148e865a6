import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { loginOwner } from "../../services/auth/owner";
import { loginEmailField, loginPasswordField } from "../fields";
import { createRoute, errors, jsonBody, ok, openApiRouter, security } from "../openapi";
import { OwnerLoginResult, toOwnerLoginResult } from "./sign-in-shapes";

export const loginBody = z.object({ email: loginEmailField, password: loginPasswordField });

const login = createRoute({
  method: "post",
  path: "/login",
  tags: ["Auth"],
  summary: "Owner/staff sign-in; the first active membership is the token's business",
  security: security.none,
  request: { body: jsonBody(loginBody) },
  responses: { 200: ok(OwnerLoginResult), ...errors(400, 401, 429, 503) },
});

/** POST /api/auth/login: owner/staff sign-in; the first active membership is the token's tenant. */
export const loginRoute = openApiRouter<AppEnv>().openapi(login, async (c) => {
  const { email, password } = c.req.valid("json");
  return c.json({ data: toOwnerLoginResult(await loginOwner(c.var.services, email, password)) }, 200);
});
