import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import {
  createPackage,
  deletePackage,
  getPackage,
  issuePackage,
  listPackages,
  type PackageRow,
  updatePackage,
} from "../../services/prepaid/packages-owner";
import { soldPackagesQuery, toSoldPackages } from "../../services/prepaid/credits-owner";
import { emailField, idField, idParam, limitOffsetQuery, NOT_EMPTY, notEmpty, ownerReasonField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { crudAccess, withCrudRoutes } from "./crud-routes";
import { SoldPackage, toSoldPackage } from "./credit-shapes";

/** design.md §32, owner side: packages of sessions, and packages issued by hand (owners and admins). */

const writers = requireRole("owner", "admin");
const tags = ["Packages"];

export const OwnerPackage = z
  .object({
    id: z.string(),
    name: z.string(),
    serviceIds: z.array(z.string()),
    sessions: z.number().int(),
    price: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    validityDays: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("OwnerPackage");

export const IssuedPackage = z
  .object({
    id: z.string(),
    packageId: z.string(),
    code: z.string().openapi({ description: "PK-XXXX-XXXX, shown only in this answer", example: "PK-7K3M-Q9XZ" }),
    last4: z.string(),
    credits: z.number().int(),
    serviceIds: z.array(z.string()),
    expiresAt: z.string(),
    buyerName: z.string(),
    buyerEmail: z.string(),
  })
  .openapi("IssuedPackage");

export const toOwnerPackage = (r: PackageRow): z.infer<typeof OwnerPackage> => ({
  id: r.id,
  name: r.name,
  serviceIds: r.serviceIds,
  sessions: r.sessions,
  price: r.price,
  currency: r.currency,
  validityDays: r.validityDays,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const fields = {
  name: z.string().trim().min(1, "Name the package").max(200, "At most 200 characters"),
  serviceIds: z.array(idField("serviceIds")).min(1, "Name at least one service").max(100, "At most 100 services"),
  sessions: z.number().int("A whole number").min(2, "At least 2").max(50, "At most 50"),
  price: z.number().int("Use whole minor units (cents)").min(0, "0 or more").max(100_000_000, "That amount is too large"),
  validityDays: z.number().int("A whole number of days").min(1, "At least 1").max(3650, "At most 3650"),
};
const createBody = z.object(fields).strict();
const patchBody = z
  .object({
    name: fields.name.optional(),
    serviceIds: fields.serviceIds.optional(),
    sessions: fields.sessions.optional(),
    price: fields.price.optional(),
    validityDays: fields.validityDays.optional(),
  })
  .strict()
  .refine(notEmpty, NOT_EMPTY);
const issueBody = z
  .object({
    reason: ownerReasonField,
    buyerName: z.string().trim().max(200, "At most 200 characters").optional(),
    buyerEmail: emailField.optional().openapi({ description: "The customer account with this e-mail holds the package too" }),
  })
  .strict();

const route = routeGroup({ tags, security: security.owner });
const sold = route.get("/sold", "Packages sold or issued (paid), newest first, with the sessions left, expiry and state", {
  middleware: [writers],
  query: limitOffsetQuery,
  ok: z.array(SoldPackage),
  errors: [400, 401, 403],
});
const issue = route.post("/{id}/issue", "Issues a package by hand (sold at the counter; no Stripe): its code answered only here", {
  middleware: [writers],
  params: idParam,
  body: issueBody,
  created: IssuedPackage,
  errors: [400, 401, 403, 404],
});

// GET /sold is registered before GET /{id}, which would otherwise take it.
export const packageRoutes = withCrudRoutes(
  openApiRouter<OwnerEnv>().openapi(sold, async (c) => {
    const rows = await soldPackagesQuery(c.var.services.db, c.var.auth.tenantId, c.req.valid("query"));
    return c.json({ data: toSoldPackages(rows, c.var.services.now.getTime()).map(toSoldPackage) }, 200);
  }),
  {
    tags,
    item: OwnerPackage,
    toItem: toOwnerPackage,
    access: crudAccess.ownersOnly,
    bodies: { create: createBody, change: patchBody },
    summaries: {
      list: "The business's packages, newest first",
      create: "Creates a package: sessions (2-50) of some services for a price, good for validityDays after it is sold",
      one: "One package",
      change: "Changes a package (packages already sold keep their terms)",
      remove: "Stops offering a package; those already sold keep their credits",
    },
    list: (s, tenantId) => listPackages(s.db, tenantId),
    create: (s, tenantId, v) => createPackage(s.db, tenantId, v, s.now),
    one: (s, tenantId, id) => getPackage(s.db, tenantId, id),
    change: (s, tenantId, id, v) => updatePackage(s.db, tenantId, id, v, s.now),
    remove: (s, tenantId, id) => deletePackage(s.db, tenantId, id, s.now),
  },
).openapi(issue, async (c) => {
  const { id } = c.req.valid("param");
  const issued = await issuePackage(c.var.services, c.var.auth.tenantId, c.var.auth.actor, id, c.req.valid("json"));
  return c.json({ data: issued }, 201);
});
