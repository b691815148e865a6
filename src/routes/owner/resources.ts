import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
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
import { NOT_EMPTY, notEmpty } from "../fields";
import { resourceTypeField } from "../fields-visit";
import { openApiRouter } from "../openapi";
import { crudAccess, withCrudRoutes } from "./crud-routes";
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

const tags = ["Resources"];

/** /api/resources: the business's rooms, chairs and basins, and their time off. */
export const resourceRoutes = withTimeOffRoutes(
  withCrudRoutes(openApiRouter<OwnerEnv>(), {
    tags,
    item: OwnerResource,
    toItem: toOwnerResource,
    access: crudAccess.staffRead,
    bodies: { create: createBody, change: patchBody },
    summaries: {
      list: "The business's resources (rooms, chairs, ...) by type then name, inactive ones included",
      create: "A new resource (owner/admin)",
      one: "One resource",
      change: "Changes the resource (owner/admin); bookings already made keep the resource they hold",
      remove: "Removes the resource: it is no longer assigned; bookings keep it (owner/admin)",
    },
    list: (s, tenantId) => listResources(s.db, tenantId),
    create: (s, tenantId, v) => createResource(s.db, tenantId, v, s.now),
    one: (s, tenantId, id) => getResource(s.db, tenantId, id),
    change: (s, tenantId, id, v) => updateResource(s.db, tenantId, id, v, s.now),
    remove: (s, tenantId, id) => deleteResource(s.db, tenantId, id, s.now),
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
