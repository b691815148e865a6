import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { publicCache } from "../../middleware/cache";
import { findPublicProfile } from "../../services/public-tenant";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";
import { PublicProfile, toPublicProfile } from "./shapes";

/** `{ slug }` of every /api/public/:slug route: any text; an unknown slug is 404 like a hidden business. */
export const slugParam = z.object({ slug: z.string().openapi({ description: "The business's slug", example: "city-salon" }) });

const profile = createRoute({
  method: "get",
  path: "/{slug}",
  tags: ["Public booking"],
  summary: "The business's public profile (404 for an inactive or suspended business); cacheable for 5 minutes",
  security: security.none,
  middleware: [publicCache],
  request: { params: slugParam },
  responses: { 200: ok(PublicProfile), ...errors(404, 429) },
});

export const profileRoute = openApiRouter<AppEnv>().openapi(profile, async (c) => {
  const tenant = await findPublicProfile(c.var.db, c.req.valid("param").slug);
  if (!tenant) throw ApiError.notFound("Business");
  return c.json({ data: toPublicProfile(tenant) }, 200);
});
