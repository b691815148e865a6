import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { publicCache } from "../../middleware/cache";
import { findPublicTenant } from "../../services/public-tenant";
import { toPublicProfile } from "./shapes";

export const profileRoute = new Hono<AppEnv>().get("/:slug", publicCache, async (c) => {
  const tenant = await findPublicTenant(c.var.db, c.req.param("slug"));
  if (!tenant) throw ApiError.notFound("Business");
  return c.json({ data: toPublicProfile(tenant) });
});
