import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { publicCache } from "../../middleware/cache";
import { listPublicServices, listPublicStaff } from "../../services/public-catalog";
import { publicTenantExists } from "../../services/public-tenant";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";
import { slugParam } from "./profile";
import { PublicService, PublicStaff, toPublicService, toPublicStaff } from "./shapes";

const tags = ["Public booking"];

const services = createRoute({
  method: "get",
  path: "/{slug}/services",
  tags,
  summary: "The active, online-bookable services, by order_index then name; cacheable for 5 minutes",
  security: security.none,
  middleware: [publicCache],
  request: { params: slugParam },
  responses: { 200: ok(z.array(PublicService)), ...errors(404, 429) },
});
const staff = createRoute({
  method: "get",
  path: "/{slug}/staff",
  tags,
  summary: "The bookable staff, by order_index; cacheable for 5 minutes",
  security: security.none,
  middleware: [publicCache],
  request: { params: slugParam },
  responses: { 200: ok(z.array(PublicStaff)), ...errors(404, 429) },
});
const reviews = createRoute({
  method: "get",
  path: "/{slug}/reviews",
  tags,
  summary: "Always an empty array (the route exists for forward compatibility); 404 for a hidden business",
  security: security.none,
  middleware: [publicCache],
  request: { params: slugParam },
  responses: { 200: ok(z.array(z.object({})).max(0)), ...errors(404, 429) },
});

/** Public catalog: may be cached for 5 minutes (interface.md §Limits rule 5). */
export const catalogRoutes = openApiRouter<AppEnv>()
  .openapi(services, async (c) => {
    const rows = await listPublicServices(c.var.db, c.req.valid("param").slug);
    return c.json({ data: rows.map(toPublicService) }, 200);
  })
  .openapi(staff, async (c) => {
    const rows = await listPublicStaff(c.var.db, c.req.valid("param").slug);
    return c.json({ data: rows.map(toPublicStaff) }, 200);
  })
  // Exists for forward compatibility (interface.md): always empty, but only for a visible tenant.
  .openapi(reviews, async (c) => {
    if (!(await publicTenantExists(c.var.db, c.req.valid("param").slug))) throw ApiError.notFound("Business");
    return c.json({ data: [] }, 200);
  });
