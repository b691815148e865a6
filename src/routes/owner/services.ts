import { Hono } from "hono";
import { z } from "zod";
import type { OwnerEnv } from "../../env";
import { validate } from "../../lib/validate";
import { ApiError } from "../../errors";
import { httpUrl, idField } from "../fields";
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
const bufferField = z
  .number()
  .int("Use whole minutes")
  .min(0, "At least 0 minutes")
  .max(240, "At most 240 minutes")
  .multipleOf(5, "Use a multiple of 5 minutes");

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

export function toOwnerService(r: ServiceRow) {
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
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

const orderBody = z.object({ ids: z.array(idField("id")).min(1, "List at least one service").max(500, "At most 500 services") }).strict();

const writers = requireRole("owner", "admin");

/** /api/services: the tenant's service catalog. */
export const servicesRoutes = new Hono<OwnerEnv>()
  .get("/", async (c) => c.json({ data: (await listServices(c.var.db, c.var.auth.tenantId)).map(toOwnerService) }))
  .post("/", writers, validate("json", createBody), async (c) => {
    const row = await createService(
      c.var.db,
      c.var.auth.tenantId,
      c.req.valid("json") as z.infer<typeof createBody> & { name: string; durationMinutes: number },
      c.var.now,
    );
    return c.json({ data: toOwnerService(row) }, 201);
  })
  // The whole order at once (the app's up/down buttons send the list as it should read).
  .put("/order", writers, validate("json", orderBody), async (c) => {
    const ids = c.req.valid("json").ids;
    if (new Set(ids).size !== ids.length) throw ApiError.field("ids", "List each service once");
    const rows = await reorderServices(c.var.db, c.var.auth.tenantId, ids, c.var.now);
    return c.json({ data: rows.map(toOwnerService) });
  })
  .get("/:id", async (c) => c.json({ data: toOwnerService(await getService(c.var.db, c.var.auth.tenantId, c.req.param("id"))) }))
  .patch("/:id", writers, validate("json", patchBody), async (c) => {
    const row = await updateService(c.var.db, c.var.auth.tenantId, c.req.param("id"), c.req.valid("json"), c.var.now);
    return c.json({ data: toOwnerService(row) });
  })
  .delete("/:id", writers, async (c) => c.json({ data: await deleteService(c.var.db, c.var.auth.tenantId, c.req.param("id"), c.var.now) }));
