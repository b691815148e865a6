import { z } from "@hono/zod-openapi";
import type { CustomerEnv } from "../../env";
import { accountPackages } from "../../services/prepaid/account-packages";
import { openApiRouter, routeGroup, security } from "../openapi";
import { AccountPackageShape, toAccountPackage } from "./package-shapes";

const query = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Name a business")
    .max(63, "At most 63 characters")
    .optional()
    .openapi({ description: "Only the packages of this business (its slug); an unknown slug lists nothing" }),
});

const route = routeGroup({ tags: ["Customer"], security: security.customer });
const list = route.get("/packages", "The packages of sessions the account holds (bought while signed in), soonest expiry first", {
  description:
    "design.md §32: what `usePackage: true` spends, in the order it spends them. Unpaid purchases are not listed; used-up, " +
    "expired and voided packages are, marked by `state`. At most 100. Never the code, only its last 4 characters.",
  query,
  ok: z.array(AccountPackageShape),
  errors: [400, 401, 429],
});

/** GET /api/me/packages: the account's own packages only (the token's account), one round trip. */
export const packageRoutes = openApiRouter<CustomerEnv>().openapi(list, async (c) => {
  const { db, now } = c.var.services;
  const rows = await accountPackages(db, c.var.auth.customerId, c.req.valid("query").slug, now);
  return c.json({ data: rows.map(toAccountPackage) }, 200);
});
