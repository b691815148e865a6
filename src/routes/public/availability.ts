import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { getAvailability } from "../../services/bookings";
import { idField, localDateField } from "../fields";
import { toAvailability } from "./shapes";

const availabilityQuery = z.object({
  serviceId: idField("serviceId"),
  date: localDateField,
  staffId: idField("staffId").optional(),
  // Informational only (interface.md): slots are always tenant-local. Validated, then ignored.
  timezone: z.string().max(100, "timezone is too long").optional(),
});

export const availabilityRoute = new Hono<AppEnv>().get("/:slug/availability", validate("query", availabilityQuery), async (c) => {
  const q = c.req.valid("query");
  const availability = await getAvailability(c.var, { kind: "public", slug: c.req.param("slug") }, q);
  return c.json({ data: toAvailability(availability) });
});
