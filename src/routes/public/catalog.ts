import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { publicCache } from "../../middleware/cache";
import { listPublicServices, listPublicStaff, type PublicServiceRow, type PublicStaffRow } from "../../services/public-catalog";
import { publicTenantExists } from "../../services/public-tenant";
import { slugParam } from "../fields";
import { openApiRouter, routeGroup, security, zeroOne } from "../openapi";

export const PublicService = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    duration_minutes: z.number().int(),
    price: z.number().int().openapi({ description: "Minor units of the business's currency" }),
    deposit_percent: z.number().int(),
    image_url: z.string().nullable(),
    is_online_bookable: zeroOne,
    order_index: z.number().int(),
  })
  .openapi("PublicService");

export const PublicStaff = z
  .object({ id: z.string(), display_name: z.string(), title: z.string(), avatar_url: z.string().nullable(), color: z.string() })
  .openapi("PublicStaff");

/** Public service (interface.md): snake_case, flags as 0/1. */
export function toPublicService(s: PublicServiceRow): z.infer<typeof PublicService> {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    duration_minutes: s.durationMinutes,
    price: s.price,
    deposit_percent: s.depositPercent,
    image_url: s.imageUrl ?? null,
    is_online_bookable: s.isOnlineBookable ? 1 : 0,
    order_index: s.orderIndex,
  };
}

/** Public staff profile (interface.md): no per-staff service mapping. */
export function toPublicStaff(p: PublicStaffRow): z.infer<typeof PublicStaff> {
  return { id: p.id, display_name: p.displayName, title: p.title, avatar_url: p.avatarUrl ?? null, color: p.color };
}
const tags = ["Public booking"];

const route = routeGroup({ tags, security: security.none });
const services = route.get("/{slug}/services", "The active, online-bookable services, by order_index then name; cacheable for 5 minutes", {
  middleware: [publicCache],
  params: slugParam,
  ok: z.array(PublicService),
  errors: [404, 429],
});
const staff = route.get("/{slug}/staff", "The bookable staff, by order_index; cacheable for 5 minutes", {
  middleware: [publicCache],
  params: slugParam,
  ok: z.array(PublicStaff),
  errors: [404, 429],
});
const reviews = route.get(
  "/{slug}/reviews",
  "Always an empty array (the route exists for forward compatibility); 404 for a hidden business",
  { middleware: [publicCache], params: slugParam, ok: z.array(z.object({})).max(0), errors: [404, 429] },
);

/** Public catalog: may be cached for 5 minutes (interface.md §Limits rule 5). */
export const catalogRoutes = openApiRouter<AppEnv>()
  .openapi(services, async (c) => {
    const rows = await listPublicServices(c.var.services.db, c.req.valid("param").slug);
    return c.json({ data: rows.map(toPublicService) }, 200);
  })
  .openapi(staff, async (c) => {
    const rows = await listPublicStaff(c.var.services.db, c.req.valid("param").slug);
    return c.json({ data: rows.map(toPublicStaff) }, 200);
  })
  // Exists for forward compatibility (interface.md): always empty, but only for a visible tenant.
  .openapi(reviews, async (c) => {
    if (!(await publicTenantExists(c.var.services.db, c.req.valid("param").slug))) throw ApiError.notFound("Business");
    return c.json({ data: [] }, 200);
  });
