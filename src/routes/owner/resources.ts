import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import {
  addResourceTimeOff,
  createResource,
  deleteResource,
  deleteResourceTimeOff,
  getResource,
  listResources,
  listResourceTimeOff,
  updateResource,
} from "../../services/owner/resources";
import { lookupIdParam, NOT_EMPTY, notEmpty } from "../fields";
import { resourceTypeField } from "../fields-visit";
import { openApiRouter, routeGroup, security } from "../openapi";
import { OwnerResource, toOwnerResource } from "./resource-shapes";
import { withTimeOffRoutes } from "./time-off";

// design.md §26: /api/resources, like §7's owner groups: owner token or API key by its scope,
// owners and admins write, staff read, another business's ids are 404, no rate limit.

const fields = {
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  type: resourceTypeField,
  isActive: z.boolean({ error: "isActive must be true or false" }),
};
const createBody = z.object({ name: fields.name, type: fields.type, isActive: fields.isActive.optional() }).strict();
const patchBody = z
  .object({ name: fields.name.optional(), type: fields.type.optional(), isActive: fields.isActive.optional() })
  .strict()
  .refine(notEmpty, NOT_EMPTY);

const writers = requireRole("owner", "admin");
const tags = ["Resources"];

const route = routeGroup({ tags, security: security.owner });
const list = route.get("/", "The business's resources (rooms, chairs, ...) by type then name, inactive ones included", {
  ok: z.array(OwnerResource),
  errors: [401, 403],
});
const create = route.post("/", "A new resource (owner/admin)", {
  middleware: [writers],
  body: createBody,
  created: OwnerResource,
  errors: [400, 401, 403],
});
const one = route.get("/{id}", "One resource", { params: lookupIdParam, ok: OwnerResource, errors: [401, 403, 404] });
const change = route.patch("/{id}", "Changes the resource (owner/admin); bookings already made keep the resource they hold", {
  middleware: [writers],
  params: lookupIdParam,
  body: patchBody,
  ok: OwnerResource,
  errors: [400, 401, 403, 404],
});
const remove = route.delete("/{id}", "Removes the resource: it is no longer assigned; bookings keep it (owner/admin)", {
  middleware: [writers],
  params: lookupIdParam,
  ok: z.object({ id: z.string() }),
  errors: [401, 403, 404],
});

/** /api/resources: the business's rooms, chairs and basins, and their time off. */
export const resourceRoutes = withTimeOffRoutes(
  openApiRouter<OwnerEnv>()
    .openapi(list, async (c) => c.json({ data: (await listResources(c.var.services.db, c.var.auth.tenantId)).map(toOwnerResource) }, 200))
    .openapi(create, async (c) => {
      const row = await createResource(c.var.services.db, c.var.auth.tenantId, c.req.valid("json"), c.var.services.now);
      return c.json({ data: toOwnerResource(row) }, 201);
    })
    .openapi(one, async (c) =>
      c.json({ data: toOwnerResource(await getResource(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id)) }, 200),
    )
    .openapi(change, async (c) => {
      const row = await updateResource(
        c.var.services.db,
        c.var.auth.tenantId,
        c.req.valid("param").id,
        c.req.valid("json"),
        c.var.services.now,
      );
      return c.json({ data: toOwnerResource(row) }, 200);
    })
    .openapi(remove, async (c) => {
      const { id } = await deleteResource(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, c.var.services.now);
      return c.json({ data: { id } }, 200);
    }),
  {
    tags,
    summaries: {
      list: "The resource's time off, earliest first",
      add: "Time off between two instants (at most 366 days): the resource is not assigned in it (owner/admin)",
      remove: "Removes one time off of the resource (owner/admin)",
    },
    list: (s, tenantId, id) => listResourceTimeOff(s.db, tenantId, id),
    add: (s, tenantId, id, v) => addResourceTimeOff(s.db, tenantId, id, v, s.now),
    remove: (s, tenantId, id, timeOffId) => deleteResourceTimeOff(s.db, tenantId, id, timeOffId),
  },
);
