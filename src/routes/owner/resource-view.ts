import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { resourcesView } from "../../services/owner/views/resources";
import { openApiRouter } from "../openapi";
import { ResourceItem, ResourceTimeOffItem, toResourceItem, toResourceTimeOffItem } from "./view-shapes";
import { answer, view, viewRoute } from "./view-context";

/**
 * GET /api/businesses/me/views/resources: the resources page (`/app/resources`, design.md §26) in
 * ONE call like every page view (§15): the resources and their time off not over yet. Every role
 * reads it; the page offers writes to owners and admins only (the API answers 403 to staff).
 */

const ResourcesView = view("ResourcesView", {
  resources: z.array(ResourceItem).openapi({ description: "By type, then name; inactive ones included" }),
  timeOff: z.array(ResourceTimeOffItem).openapi({ description: "Time off not over yet, earliest first" }),
});

const resources = viewRoute({
  path: "/resources",
  summary: "The resources page: rooms, chairs and basins with their time off to come",
  data: ResourcesView,
});

export const resourceViewRoutes = openApiRouter<OwnerEnv>().openapi(resources, async (c) => {
  const auth = c.var.auth;
  const v = await resourcesView({ db: c.var.services.db, now: c.var.services.now, tenantId: auth.tenantId });
  const data = answer(c, v.business, { resources: v.resources.map(toResourceItem), timeOff: v.timeOff.map(toResourceTimeOffItem) });
  return c.json({ data }, 200);
});
