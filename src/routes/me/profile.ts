import { Hono } from "hono";
import { z } from "zod";
import type { CustomerEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { getCustomerProfile, updateCustomerProfile } from "../../services/auth/customer-profile";
import { firstNameField, lastNameField, phoneField, timeZoneField } from "../fields";
import { toCustomerProfile } from "../auth/shapes";

const patchBody = z
  .object({
    firstName: firstNameField.optional(),
    lastName: lastNameField.optional(),
    phone: phoneField.optional(),
    defaultTimezone: timeZoneField.optional(),
    marketingOptIn: z.boolean().optional(),
  })
  .strict();

/** GET and PATCH /api/me: the signed-in customer's own profile (one round trip each). */
export const profileRoutes = new Hono<CustomerEnv>()
  .get("/", async (c) => c.json({ data: toCustomerProfile(await getCustomerProfile(c.var.db, c.var.auth.customerId)) }))
  .patch("/", validate("json", patchBody), async (c) => {
    const patch = c.req.valid("json");
    if (Object.keys(patch).length === 0) {
      throw ApiError.validation({ formErrors: ["Send at least one field to change"], fieldErrors: {} });
    }
    const row = await updateCustomerProfile(c.var.db, c.var.auth.customerId, patch, c.var.now);
    return c.json({ data: toCustomerProfile(row) });
  });
