import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { httpUrl, idField } from "../fields";
import { resourceTypeField } from "../fields-visit";
import { openApiRouter, routeGroup, security } from "../openapi";
import { crudAccess, withCrudRoutes } from "./crud-routes";
import { requireRole } from "../../middleware/auth";
import {
  createService,
  deleteService,
  getService,
  listServices,
  reorderServices,
  type ServiceRow,
  updateService,
} from "../../services/owner/catalog";

const MAX_SERVICE_STAFF = 200;
const MAX_RESOURCE_TYPES = 3;
const bufferField = z
  .number()
  .int("Use whole minutes")
  .min(0, "At least 0 minutes")
  .max(240, "At most 240 minutes")
  .multipleOf(5, "Use a multiple of 5 minutes");

const processingField = z
  .number()
  .int("Use whole minutes")
  .min(5, "At least 5 minutes")
  .max(1435, "At most 1435 minutes")
  .multipleOf(5, "Use a multiple of 5 minutes")
  .nullable();

const fields = {
  name: z.string().trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  description: z.string().max(2000, "Description must be at most 2000 characters"),
  durationMinutes: z
    .number()
    .int()
    .min(5, "At least 5 minutes")
    .max(1440, "At most 1440 minutes")
    .multipleOf(5, "Use a multiple of 5 minutes"),
  price: z.number().int("Price is in minor units (an integer)").min(0),
  depositPercent: z.number().int().min(0).max(100),
  imageUrl: httpUrl.nullable(),
  isActive: z.boolean(),
  isOnlineBookable: z.boolean(),
  orderIndex: z.number().int().min(-1_000_000).max(1_000_000),
  // design.md §16: clean-up time around the appointment and who performs it (null = everybody).
  bufferBeforeMinutes: bufferField,
  bufferAfterMinutes: bufferField,
  staffIds: z
    .array(z.string().trim().min(1, "Use a staff member's id").max(100, "Not a staff member's id"))
    .max(MAX_SERVICE_STAFF, `At most ${MAX_SERVICE_STAFF} staff members`)
    .nullable(),
  // design.md §26: the window in which the staff member is free (both or neither; null clears),
  // and the resource types the service needs one free resource of each.
  processingOffsetMinutes: processingField,
  processingMinutes: processingField,
  resourceTypes: z
    .array(resourceTypeField)
    .max(MAX_RESOURCE_TYPES, `At most ${MAX_RESOURCE_TYPES} resource types`)
    .superRefine((types, ctx) => {
      types.forEach((type, i) => {
        if (types.indexOf(type) !== i) ctx.addIssue({ code: "custom", path: [i], message: "This type is listed twice" });
      });
    }),
};
const createBody = z.object(partialOf(fields, ["name", "durationMinutes"])).strict();
const patchBody = z
  .object(partialOf(fields))
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");

function partialOf<T extends Record<string, z.ZodType>>(shape: T, keep: (keyof T)[] = []) {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, keep.includes(k) ? v : v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

export const OwnerService = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    durationMinutes: z.number().int(),
    price: z.number().int().openapi({ description: "Minor units of the business's currency" }),
    depositPercent: z.number().int().openapi({ description: "Share of the price taken at booking when the business requires payment" }),
    imageUrl: z.string().nullable(),
    isActive: z.boolean(),
    isOnlineBookable: z.boolean(),
    orderIndex: z.number().int(),
    bufferBeforeMinutes: z.number().int().openapi({ description: "Clean-up time kept free before each appointment" }),
    bufferAfterMinutes: z.number().int().openapi({ description: "Clean-up time kept free after each appointment" }),
    staffIds: z
      .array(z.string())
      .nullable()
      .openapi({ description: "The staff members who perform it; null = every bookable staff member" }),
    processingOffsetMinutes: z.number().int().nullable().openapi({
      description: "Minutes after the start when the staff member becomes free (a colour developing); null = no processing time",
    }),
    processingMinutes: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "How long the staff member is free; offset + processing < duration; null = no processing time" }),
    resourceTypes: z
      .array(z.string())
      .openapi({ description: "Resource types the service needs one free resource of each for its whole duration (at most 3)" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("OwnerService");

export function toOwnerService(r: ServiceRow): z.infer<typeof OwnerService> {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    durationMinutes: r.durationMinutes,
    price: r.price,
    depositPercent: r.depositPercent,
    imageUrl: r.imageUrl,
    isActive: r.isActive,
    isOnlineBookable: r.isOnlineBookable,
    orderIndex: r.orderIndex,
    bufferBeforeMinutes: r.bufferBeforeMinutes,
    bufferAfterMinutes: r.bufferAfterMinutes,
    staffIds: r.staffIds ?? null,
    processingOffsetMinutes: r.processingOffsetMinutes ?? null,
    processingMinutes: r.processingMinutes ?? null,
    resourceTypes: r.resourceTypes ?? [],
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const orderBody = z.object({ ids: z.array(idField("id")).min(1, "List at least one service").max(500, "At most 500 services") }).strict();

const writers = requireRole("owner", "admin");
const tags = ["Services"];

const route = routeGroup({ tags, security: security.owner });
const order = route.put("/order", "The whole order at once: the services' ids as the list should read (owner/admin)", {
  description: "Each id once; an id that is not one of the business's live services is 404.",
  middleware: [writers],
  body: orderBody,
  ok: z.array(OwnerService),
  errors: [400, 401, 403, 404],
});

/** /api/services: the tenant's service catalog. */
export const servicesRoutes = withCrudRoutes(openApiRouter<OwnerEnv>(), {
  tags,
  item: OwnerService,
  toItem: toOwnerService,
  access: crudAccess.staffRead,
  bodies: { create: createBody, change: patchBody },
  summaries: {
    list: "The business's services (inactive ones included), by orderIndex then name",
    create: "A new service (owner/admin)",
    one: "One service",
    change: "Changes the service (owner/admin)",
    remove: "Removes the service from lists and the public catalog; its bookings stay (owner/admin)",
  },
  list: (s, tenantId) => listServices(s.db, tenantId),
  create: (s, tenantId, v) =>
    createService(s.db, tenantId, v as z.infer<typeof createBody> & { name: string; durationMinutes: number }, s.now),
  one: (s, tenantId, id) => getService(s.db, tenantId, id),
  change: (s, tenantId, id, v) => updateService(s.db, tenantId, id, v, s.now),
  remove: (s, tenantId, id) => deleteService(s.db, tenantId, id, s.now),
})
  // The whole order at once (the app's up/down buttons send the list as it should read).
  .openapi(order, async (c) => {
    const ids = c.req.valid("json").ids;
    if (new Set(ids).size !== ids.length) throw ApiError.field("ids", "List each service once");
    const rows = await reorderServices(c.var.services.db, c.var.auth.tenantId, ids, c.var.services.now);
    return c.json({ data: rows.map(toOwnerService) }, 200);
  });
