import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { registerOwner } from "../../services/auth/owner";
import { authCtx } from "./context";
import { currencyField, emailField, firstNameField, lastNameField, newPasswordField, slugField, timeZoneField } from "../fields";
import { toOwnerLoginResult } from "./shapes";

const body = z
  .object({
    email: emailField,
    password: newPasswordField,
    firstName: firstNameField,
    lastName: lastNameField.optional(),
    businessName: z.string().trim().min(1, "Business name is required").max(200),
    slug: slugField.optional(),
    businessType: z.string().trim().min(1).max(100).optional(),
    timezone: timeZoneField.optional(),
    currency: currencyField.optional(),
    country: z.string().trim().max(100).optional(),
  })
  .strict();

/** POST /api/auth/register (design.md §6): a new owner and their first business, signed in. */
export const registerRoute = new Hono<AppEnv>().post("/register", validate("json", body), async (c) => {
  const b = c.req.valid("json");
  const result = await registerOwner(authCtx(c), {
    email: b.email,
    password: b.password,
    firstName: b.firstName,
    lastName: b.lastName ?? "",
    businessName: b.businessName,
    slug: b.slug,
    businessType: b.businessType,
    timezone: b.timezone ?? "UTC",
    currency: b.currency ?? "USD",
    country: b.country ?? "",
  });
  return c.json({ data: toOwnerLoginResult(result) }, 201);
});
