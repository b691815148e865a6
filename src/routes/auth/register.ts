import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { registerOwner } from "../../services/auth/owner";
import {
  businessNameField,
  businessTypeField,
  currencyField,
  emailField,
  firstNameField,
  lastNameField,
  newPasswordField,
  slugField,
  timeZoneField,
} from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { OwnerLoginResult, toOwnerLoginResult } from "./sign-in-shapes";

const body = z
  .object({
    email: emailField,
    password: newPasswordField,
    firstName: firstNameField,
    lastName: lastNameField.optional(),
    businessName: businessNameField,
    slug: slugField.optional(),
    businessType: businessTypeField.optional(),
    timezone: timeZoneField.optional(),
    currency: currencyField.optional(),
    country: z.string().trim().max(100).optional(),
  })
  .strict();

const route = routeGroup({ tags: ["Auth"], security: security.none });
const register = route.post("/register", "A new owner and their first business, signed in (design.md §6)", {
  body,
  created: OwnerLoginResult,
  answered: "Created and signed in",
  errors: [400, 409, 429, 503],
});

/** POST /api/auth/register (design.md §6): a new owner and their first business, signed in. */
export const registerRoute = openApiRouter<AppEnv>().openapi(register, async (c) => {
  const b = c.req.valid("json");
  const result = await registerOwner(c.var.services, {
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
