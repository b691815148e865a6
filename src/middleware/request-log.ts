import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AdminAuth, AnonymousAuth, CustomerAuth, OwnerAuth } from "../auth-context";
import type { AppEnv } from "../env";
import { type LogActor, log, newRequestId } from "../lib/log";
import { metricsFrom } from "../lib/metrics";

type AnyAuth = OwnerAuth | CustomerAuth | AdminAuth | AnonymousAuth;

/**
 * The pattern of the route that answered (`/api/bookings/:id`); never the raw path, which may
 * carry ids or a query. When a middleware answered first (a 401, a 429), the handler the request
 * was for: the next handler registered after it.
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  const at = routes[c.req.routeIndex];
  if (at && at.method !== "ALL") return at.path;
  return routes.slice(c.req.routeIndex + 1).find((r) => r.method !== "ALL")?.path ?? "(unmatched)";
}

function actorOf(auth: AnyAuth | undefined): LogActor {
  if (!auth || auth.kind === "anonymous") return "public";
  if (auth.kind === "customer") return "customer";
  if (auth.kind === "admin") return "admin";
  if (auth.via === "api_key") return "api_key";
  // An operator reading a business through impersonation acts as the operator.
  return auth.impersonation ? "admin" : "owner";
}

/**
 * One log line and one data point per request (design.md §24), written after the answer is
 * decided (errors included: onError has turned them into the response by then). `requestId` is
 * the edge's `cf-ray`, else random; it is never sent back (interface.md: no X-Request-Id).
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now();
  const requestId = c.req.header("cf-ray") || newRequestId();
  await next();
  const auth = (c.var as { auth?: AnyAuth }).auth;
  const route = routePattern(c);
  const status = c.res.status;
  const ms = Date.now() - started;
  const tenantId = auth && "tenantId" in auth ? auth.tenantId : null;
  const dbRoundTrips = c.var.roundTrips?.count ?? 0;
  log(status >= 500 ? "error" : "info", "request", {
    requestId,
    method: c.req.method,
    route,
    status,
    ms,
    tenantId,
    actor: actorOf(auth),
    dbRoundTrips,
    error: c.var.failure,
  });
  metricsFrom(c.env?.METRICS).request({ route, method: c.req.method, status, tenantId, ms, dbRoundTrips });
});
