import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { publicCache } from "../../middleware/cache";
import { listPublicServices, listPublicStaff } from "../../services/public-catalog";
import { findPublicTenant } from "../../services/public-tenant";
import { toPublicService, toPublicStaff } from "./shapes";

/** Public catalog: may be cached for 5 minutes (interface.md §Limits rule 5). */
export const catalogRoutes = new Hono<AppEnv>()
  .get("/:slug/services", publicCache, async (c) => {
    const rows = await listPublicServices(c.var.db, c.req.param("slug"));
    return c.json({ data: rows.map(toPublicService) });
  })
  .get("/:slug/staff", publicCache, async (c) => {
    const rows = await listPublicStaff(c.var.db, c.req.param("slug"));
    return c.json({ data: rows.map(toPublicStaff) });
  })
  // Exists for forward compatibility (interface.md): always empty, but only for a visible tenant.
  .get("/:slug/reviews", publicCache, async (c) => {
    if (!(await findPublicTenant(c.var.db, c.req.param("slug")))) throw ApiError.notFound("Business");
    return c.json({ data: [] });
  });
