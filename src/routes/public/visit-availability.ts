import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { MAX_DAYS_RANGE } from "../../services/bookings";
import { getVisitAvailability, getVisitAvailabilityDays } from "../../services/visits/availability";
import { checkDaysRange, LOCAL_DATE_DOC, localDateField, rangeEndField, slugParam } from "../fields";
import { visitServiceIdsField, visitStaffIdsField } from "../fields-visit";
import { openApiRouter, routeGroup, security } from "../openapi";
import { toVisitAvailability, toVisitAvailabilityDays, VisitAvailability, VisitAvailabilityDays } from "./visit-shapes";

const serviceIds = visitServiceIdsField.openapi({
  description: "2 to 5 service ids in the order they are done, comma-separated",
  example: "svc_cut,svc_colour",
  type: "string",
});
const staffIds = visitStaffIdsField.optional().openapi({
  description: "Per service, the staff member asked for, comma-separated in the same order; an empty entry = anyone (`x,,y`)",
  example: "stf_kim,",
  type: "string",
});
const timezone = z.string().max(100, "timezone is too long").optional().openapi({ description: "Informational only" });

/** One staff entry per service (or none at all). */
function sameLength(q: { serviceIds: string[]; staffIds?: string[] }, ctx: z.RefinementCtx) {
  if (q.staffIds !== undefined && q.staffIds.length !== q.serviceIds.length) {
    ctx.addIssue({ code: "custom", path: ["staffIds"], message: "Give one entry per service (an empty entry means anyone)" });
  }
}

const dayQuery = z.object({ serviceIds, staffIds, date: localDateField.openapi(LOCAL_DATE_DOC), timezone }).superRefine(sameLength);
const daysQuery = z
  .object({
    serviceIds,
    staffIds,
    from: localDateField.openapi({ ...LOCAL_DATE_DOC, description: "First date of the range" }),
    to: rangeEndField,
    timezone,
  })
  .superRefine((q, ctx) => {
    sameLength(q, ctx);
    checkDaysRange(q, ctx);
  });

const tags = ["Public booking"];
const staffOf = (ids?: string[]) => ids?.map((id) => id || null);

const route = routeGroup({ tags, security: security.none });
const day = route.get(
  "/{slug}/availability/visit",
  "Start times of a date at which 2-5 services run back to back, each with its staff member (a visit)",
  {
    description:
      "Each service has a staff member free for its active parts (free during processing time) and its resources; the same staff " +
      "member is kept when free. Public callers see only starts after the minimum notice and within the horizon. 404 for an unknown " +
      "business, service or staff member.",
    params: slugParam,
    query: dayQuery,
    ok: VisitAvailability,
    errors: [400, 404, 429],
  },
);
const days = route.get(
  "/{slug}/availability/visit-days",
  `Per date of a range (at most ${MAX_DAYS_RANGE} dates), how many visit starts are free and the first one`,
  { params: slugParam, query: daysQuery, ok: VisitAvailabilityDays, errors: [400, 404, 429] },
);

/** design.md §26: availability of a visit and its days range. */
export const visitAvailabilityRoute = openApiRouter<AppEnv>()
  .openapi(day, async (c) => {
    const q = c.req.valid("query");
    const scope = { kind: "public" as const, slug: c.req.valid("param").slug };
    const a = await getVisitAvailability(c.var.services, scope, { serviceIds: q.serviceIds, staffIds: staffOf(q.staffIds), date: q.date });
    return c.json({ data: toVisitAvailability(a) }, 200);
  })
  .openapi(days, async (c) => {
    const q = c.req.valid("query");
    const scope = { kind: "public" as const, slug: c.req.valid("param").slug };
    const range = await getVisitAvailabilityDays(c.var.services, scope, {
      serviceIds: q.serviceIds,
      staffIds: staffOf(q.staffIds),
      from: q.from,
      to: q.to,
    });
    return c.json({ data: toVisitAvailabilityDays(range) }, 200);
  });
