import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { getAvailability, getAvailabilityDays, MAX_DAYS_RANGE } from "../../services/bookings";
import { checkDaysRange, idField, LOCAL_DATE_DOC, localDateField, rangeEndField, slugParam } from "../fields";
import { jsonText, openApiRouter, routeGroup, security } from "../openapi";
import { Availability, AvailabilityDays, availabilityDaysJson, availabilityJson } from "./availability-shapes";

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
  date: localDateField.openapi(LOCAL_DATE_DOC),
  staffId: staffIdField,
  timezone: timezoneField,
});

/** design.md §16: `from`/`to` tenant-local and inclusive, at most MAX_DAYS_RANGE dates. */
const daysQuery = z
  .object({
    serviceId: idField("serviceId"),
    from: localDateField.openapi({ ...LOCAL_DATE_DOC, description: "First date of the range, YYYY-MM-DD in the business's time zone" }),
    to: rangeEndField,
    staffId: staffIdField,
    timezone: timezoneField,
  })
  .superRefine(checkDaysRange);

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
