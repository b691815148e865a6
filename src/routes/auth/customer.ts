import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { loginCustomer, registerCustomer } from "../../services/auth/customer";
import { customerProfileFields, emailField, newPasswordField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { loginBody } from "./login";
import { CustomerLoginResult, toCustomerLoginResult } from "./sign-in-shapes";

// Only the first name is required; the rest of the profile may follow (PATCH /api/me).
const registerBody = z
  .object({ email: emailField, password: newPasswordField, ...customerProfileFields })
  .partial({ lastName: true, phone: true, defaultTimezone: true, marketingOptIn: true })
  .strict();

const route = routeGroup({ tags: ["Customer auth"], security: security.none });
const register = route.post("/register", "A global end-customer account, signed in", {
  body: registerBody,
  created: CustomerLoginResult,
  answered: "Created and signed in",
  errors: [400, 409, 429, 503],
});

const login = route.post("/login", "Customer sign-in (aud customer)", {
  body: loginBody,
  ok: CustomerLoginResult,
  errors: [400, 401, 429, 503],
});

/** /api/customer-auth register and login: global end-customer accounts (aud customer). */
export const customerAccountRoutes = openApiRouter<AppEnv>()
  .openapi(register, async (c) => {
    const b = c.req.valid("json");
    const result = await registerCustomer(c.var.services, {
      email: b.email,
      password: b.password,
      firstName: b.firstName,
      lastName: b.lastName ?? "",
      phone: b.phone ?? "",
      defaultTimezone: b.defaultTimezone ?? "UTC",
      marketingOptIn: b.marketingOptIn ?? false,
    });
    return c.json({ data: toCustomerLoginResult(result) }, 201);
  })
  .openapi(login, async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json({ data: toCustomerLoginResult(await loginCustomer(c.var.services, email, password)) }, 200);
  });
