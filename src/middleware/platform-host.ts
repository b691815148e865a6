import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isPlatformHost } from "../domain/platform-host";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";

/**
 * design.md §18: the operator console (`/admin*`) and its API (`/api/admin/*`) answer only on
 * the platform's own host; on a tenant's custom domain (or any other host) they do not exist:
 * 404, the API's JSON envelope or `notFound` (the pages' HTML 404). See domain/platform-host.ts
 * for what counts as the platform host.
 */
export const platformHostOnly = (notFound?: (c: Context<AppEnv>) => Response | Promise<Response>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    // The URL's host is the Host header the edge received.
    const host = new URL(c.req.url).host;
    const rules = { publicBaseUrl: c.var.services.config.PUBLIC_BASE_URL, environment: c.var.services.config.ENVIRONMENT };
    if (!isPlatformHost(host, rules)) {
      if (notFound) return notFound(c);
      throw new ApiError("not_found", "Route not found");
    }
    await next();
  });
