import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { loginOwner } from "../../services/auth/owner";
import { authCtx } from "./context";
import { loginEmailField, loginPasswordField } from "../fields";
import { toOwnerLoginResult } from "./shapes";

export const loginBody = z.object({ email: loginEmailField, password: loginPasswordField });

/** POST /api/auth/login: owner/staff sign-in; the first active membership is the token's tenant. */
export const loginRoute = new Hono<AppEnv>().post("/login", validate("json", loginBody), async (c) => {
  const { email, password } = c.req.valid("json");
  return c.json({ data: toOwnerLoginResult(await loginOwner(authCtx(c), email, password)) });
});
