import { z } from "@hono/zod-openapi";
import type { CustomerEnv } from "../../env";
import { ApiError } from "../../errors";
import { getCustomerProfile, updateCustomerProfile } from "../../services/auth/customer-profile";
import { CustomerProfile, toCustomerProfile } from "../auth/sign-in-shapes";
import { customerProfileFields } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

const patchBody = z.object(customerProfileFields).partial().strict();

const route = routeGroup({ tags: ["Customer"], security: security.customer });
const getMe = route.get("/", "The signed-in customer's profile", { ok: CustomerProfile, errors: [401, 404, 429] });

const patchMe = route.patch("/", "Changes the customer's name, phone, time zone or marketing consent", {
  body: patchBody,
  ok: CustomerProfile,
  errors: [400, 401, 404, 429],
});

/** GET and PATCH /api/me: the signed-in customer's own profile (one round trip each). */
export const profileRoutes = openApiRouter<CustomerEnv>()
  .openapi(getMe, async (c) => c.json({ data: toCustomerProfile(await getCustomerProfile(c.var.services.db, c.var.auth.customerId)) }, 200))
  .openapi(patchMe, async (c) => {
    const patch = c.req.valid("json");
    if (Object.keys(patch).length === 0) {
      throw ApiError.validation({ formErrors: ["Send at least one field to change"], fieldErrors: {} });
    }
    const row = await updateCustomerProfile(c.var.services.db, c.var.auth.customerId, patch, c.var.services.now);
    return c.json({ data: toCustomerProfile(row) }, 200);
  });
