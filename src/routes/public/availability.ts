import { z } from "@hono/zod-openapi";
import { datesInRange } from "../../domain/time";
import type { AppEnv } from "../../env";
import { getAvailability, getAvailabilityDays, MAX_DAYS_RANGE } from "../../services/bookings";
import { idField, localDateField, slugParam } from "../fields";
import { jsonText, openApiRouter, routeGroup, security } from "../openapi";
import { Availability, AvailabilityDays, availabilityDaysJson, availabilityJson } from "./availability-shapes";

const LOCAL_DATE = { description: "A date in the business's time zone, YYYY-MM-DD", example: "2031-03-11" };
const staffIdField = idField("staffId")
  .optional()
  .openapi({ description: "One staff member; omit for any bookable staff member who performs the service" });
// Informational only (interface.md): slots are always tenant-local. Validated, then ignored.
const timezoneField = z
  .string()
  .max(100, "timezone is too long")
  .optional()
  .openapi({ description: "Informational only: times are always in the business's time zone" });

const availabilityQuery = z.object({
  serviceId: idField("serviceId"),
  date: localDateField.openapi(LOCAL_DATE),
  staffId: staffIdField,
  timezone: timezoneField,
});

/** design.md §16: `from`/`to` tenant-local and inclusive, at most MAX_DAYS_RANGE dates. */
const daysQuery = z
  .object({
    serviceId: idField("serviceId"),
    from: localDateField.openapi({ ...LOCAL_DATE, description: "First date of the range, YYYY-MM-DD in the business's time zone" }),
    to: localDateField.openapi({ ...LOCAL_DATE, description: `Last date of the range, inclusive; at most ${MAX_DAYS_RANGE} dates in all` }),
    staffId: staffIdField,
    timezone: timezoneField,
  })
  .superRefine((q, ctx) => {
    const span = datesInRange(q.from, q.to);
    if (span < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    else if (span > MAX_DAYS_RANGE) ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_DAYS_RANGE} days per request` });
  });

const tags = ["Public booking"];

const route = routeGroup({ tags, security: security.none });
const day = route.get(
  "/{slug}/availability",
  "Free slots of a service on one date, in the business's time zone (each with its UTC instants); never cached",
  {
    description:
      "Public callers see only slots after the business's minimum notice and within its booking horizon. " +
      "404 for an unknown business, service or staff member.",
    params: slugParam,
    query: availabilityQuery,
    ok: Availability,
    errors: [400, 404, 429],
  },
);
const days = route.get(
  "/{slug}/availability/days",
  `Per date of a range (at most ${MAX_DAYS_RANGE} dates), how many slots are free and the first one; for a month calendar`,
  {
    description: "`to` before `from`, a longer range or a malformed date: 400. 404 for an unknown business, service or staff member.",
    params: slugParam,
    query: daysQuery,
    ok: AvailabilityDays,
    errors: [400, 404, 429],
  },
);

export const availabilityRoute = openApiRouter<AppEnv>()
  .openapi(day, async (c) => {
    const availability = await getAvailability(c.var.services, { kind: "public", slug: c.req.valid("param").slug }, c.req.valid("query"));
    return jsonText(c, availabilityJson(availability));
  })
  .openapi(days, async (c) => {
    const range = await getAvailabilityDays(c.var.services, { kind: "public", slug: c.req.valid("param").slug }, c.req.valid("query"));
    return jsonText(c, availabilityDaysJson(range));
  });
