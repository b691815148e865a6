import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { seesConfirmationCodes } from "../../auth-context";
import type { OwnerEnv } from "../../env";
import {
  type BookingItemRow,
  type BusinessSummary,
  businessZone,
  localToday,
  type ViewCtx,
  type ZonedViewCtx,
} from "../../services/owner/views/common";
import { routeGroup, security } from "../openapi";
import { AppBusiness, toAppBusiness, toBookingItem, toViewer, Viewer } from "./view-shapes";

/**
 * What every page view (GET /api/businesses/me/views/<page>, design.md §15) shares: its context for
 * the services, its answer's frame (the business and the viewer) and its declaration.
 */

/**
 * The views whose date ranges depend on the business's zone: a member's token brings it with the
 * membership (no round trip); an API key reads it first (that read carries the key's guard), so
 * either caller pays two round trips.
 */
export async function zonedCtx(c: Context<OwnerEnv>): Promise<ZonedViewCtx> {
  const auth = c.var.auth;
  const timezone = auth.via === "token" ? auth.timezone : await businessZone(c.var.services.db, auth.tenantId);
  return { db: c.var.services.db, now: c.var.services.now, tenantId: auth.tenantId, timezone };
}

/** The views that need no zone before their batch (their `today` comes from the batch's business row). */
export const plainCtx = (c: Context<OwnerEnv>): ViewCtx => ({
  db: c.var.services.db,
  now: c.var.services.now,
  tenantId: c.var.auth.tenantId,
});

/** A view's `data`: the business and the viewer, then the page's own data. */
export function answer<T extends object>(c: Context<OwnerEnv>, business: BusinessSummary, data: T) {
  return { business: toAppBusiness(business, localToday(business.timezone, c.var.services.now)), viewer: toViewer(c.var.auth), ...data };
}

/** The booking rows of a view, with codes only for those who may see them (design.md §31). */
export const bookingItems = (c: Context<OwnerEnv>) => {
  const codes = seesConfirmationCodes(c.var.auth);
  return (r: BookingItemRow) => toBookingItem(r, codes);
};

/** A view's schema: the business and the viewer, then the page's own fields. */
export const view = <T extends z.ZodRawShape>(name: string, shape: T) =>
  z.object({ business: AppBusiness, viewer: Viewer, ...shape }).openapi(name);

type ViewRouteSpec<P extends string, S extends z.ZodType> = {
  path: P;
  summary: string;
  /** The view's schema (`view(...)`). */
  data: S;
  middleware?: MiddlewareHandler<OwnerEnv>[];
};

/** The page views: GET, any owner caller (a page may narrow it with middleware). */
const route = routeGroup({ tags: ["Owner app views"], security: security.owner });

/** A page view's declaration, answering the view or 401/403/404. */
export const viewRoute = <P extends string, S extends z.ZodType>({ path, summary, data, middleware = [] }: ViewRouteSpec<P, S>) =>
  route.get(path, summary, { middleware, ok: data, errors: [401, 403, 404] });

/** A page view that takes a query string: a bad parameter is a 400 as well. */
export const queryViewRoute = <P extends string, S extends z.ZodType, Q extends z.ZodObject>({
  query,
  path,
  summary,
  data,
  middleware = [],
}: ViewRouteSpec<P, S> & { query: Q }) => route.get(path, summary, { middleware, query, ok: data, errors: [400, 401, 403, 404] });
