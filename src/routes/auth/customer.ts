import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { loginCustomer, registerCustomer } from "../../services/auth/customer";
import { authCtx } from "./context";
import { emailField, firstNameField, lastNameField, newPasswordField, phoneField, timeZoneField } from "../fields";
import { loginBody } from "./login";
import { toCustomerLoginResult } from "./shapes";

const registerBody = z
  .object({
    email: emailField,
    password: newPasswordField,
    firstName: firstNameField,
    lastName: lastNameField.optional(),
    phone: phoneField.optional(),
    defaultTimezone: timeZoneField.optional(),
    marketingOptIn: z.boolean().optional(),
  })
  .strict();

/** /api/customer-auth register and login: global end-customer accounts (aud customer). */
export const customerAccountRoutes = new Hono<AppEnv>()
  .post("/register", validate("json", registerBody), async (c) => {
    const b = c.req.valid("json");
    const result = await registerCustomer(authCtx(c), {
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
  .post("/login", validate("json", loginBody), async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json({ data: toCustomerLoginResult(await loginCustomer(authCtx(c), email, password)) });
  });
