import { Hono } from "hono";
import { z } from "zod";
import { DAY_MS, wallDayStart } from "../../domain/time";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { getAvailability, getAvailabilityDays, MAX_DAYS_RANGE } from "../../services/bookings";
import { idField, localDateField } from "../fields";
import { toAvailability, toAvailabilityDays } from "./shapes";

const availabilityQuery = z.object({
  serviceId: idField("serviceId"),
  date: localDateField,
  staffId: idField("staffId").optional(),
  // Informational only (interface.md): slots are always tenant-local. Validated, then ignored.
  timezone: z.string().max(100, "timezone is too long").optional(),
});

/** design.md §16: `from`/`to` tenant-local and inclusive, at most MAX_DAYS_RANGE dates. */
const daysQuery = z
  .object({
    serviceId: idField("serviceId"),
    from: localDateField,
    to: localDateField,
    staffId: idField("staffId").optional(),
    timezone: z.string().max(100, "timezone is too long").optional(),
  })
  .superRefine((q, ctx) => {
    const span = Math.round((wallDayStart(q.to) - wallDayStart(q.from)) / DAY_MS) + 1;
    if (span < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    else if (span > MAX_DAYS_RANGE) ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_DAYS_RANGE} days per request` });
  });

export const availabilityRoute = new Hono<AppEnv>()
  .get("/:slug/availability", validate("query", availabilityQuery), async (c) => {
    const q = c.req.valid("query");
    const availability = await getAvailability(c.var, { kind: "public", slug: c.req.param("slug") }, q);
    return c.json({ data: toAvailability(availability) });
  })
  .get("/:slug/availability/days", validate("query", daysQuery), async (c) => {
    const q = c.req.valid("query");
    const days = await getAvailabilityDays(c.var, { kind: "public", slug: c.req.param("slug") }, q);
    return c.json({ data: toAvailabilityDays(days) });
  });
