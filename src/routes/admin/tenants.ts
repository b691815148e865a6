import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { getOperatorTenantView } from "../../services/admin/tenant-view";

/** Super-admin routes (requireAdmin applied in ./index.ts). */
export const tenantsRoutes = new Hono<AppEnv>();

tenantsRoutes.get("/:id", async (c) => {
  const data = await getOperatorTenantView(c.var.db, c.req.param("id"));
  c.header("Cache-Control", "no-store");
  return c.json({ data });
});
