import { createMiddleware } from "hono/factory";

/**
 * Sets `Cache-Control` on the way out unless the response already carries one (every error answer
 * is `no-store`, src/errors.ts). app.ts makes `no-store` the default of every /api answer (they are
 * per caller, or carry tokens and secrets); the public catalog routes declare `publicCache`.
 */
export const cacheControl = (value: string) =>
  createMiddleware(async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", value);
  });

export const noStore = cacheControl("no-store");

/** Public tenant data may be cached for 5 minutes (interface.md §Limits, rule 5). */
export const publicCache = cacheControl("public, max-age=300");
