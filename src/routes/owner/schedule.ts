import { z } from "@hono/zod-openapi";
import { datesInRange, formatLocalDate } from "../../domain/time";
import { formatMinute, validateWeek } from "../../domain/working-hours";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { requireRole } from "../../middleware/auth";
import {
  addClosure,
  type ClosureRow,
  deleteClosure,
  deleteOverride,
  listClosures,
  listOverrides,
  type OverrideRow,
  putOverride,
} from "../../services/owner/schedule";
import { localDateField, lookupIdParam, timeSpanField } from "../fields";
import { openApiRouter, Removed, routeGroup, security } from "../openapi";

/**
 * design.md §16, owner side: a staff member's hours for one local date (overrides), and the
 * business's closures. Owners and admins write; every member may read.
 */

const writers = requireRole("owner", "admin");
const MAX_CLOSURE_DAYS = 366;
const MAX_OVERRIDE_LIST_DAYS = 366;

const LOCAL_DATE = "A date in the business's time zone, YYYY-MM-DD";
const dateParam = z.object({ id: z.string(), date: localDateField.openapi({ description: LOCAL_DATE, example: "2031-03-11" }) });
const rangeQuery = z
  .object({
    from: localDateField.optional().openapi({ description: `First date, inclusive (${LOCAL_DATE})` }),
    to: localDateField.optional().openapi({ description: `Last date, inclusive; at most ${MAX_OVERRIDE_LIST_DAYS} days after from` }),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const n = datesInRange(q.from, q.to);
    if (n < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    else if (n > MAX_OVERRIDE_LIST_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_OVERRIDE_LIST_DAYS} days` });
  });
// Shapes only; values (HH:MM, end after start, no overlap) are checked per interval by validateWeek.
const overrideBody = z
  .object({
    intervals: z.array(timeSpanField).max(24, "At most 24 intervals a day"),
  })
  .strict();
const closureBody = z
  .object({
    startDate: localDateField,
    endDate: localDateField,
    reason: z.string().trim().max(500, "At most 500 characters").optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const n = datesInRange(v.startDate, v.endDate);
    if (n < 1) ctx.addIssue({ code: "custom", path: ["endDate"], message: "endDate must not be before startDate" });
    else if (n > MAX_CLOSURE_DAYS)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `A closure lasts at most ${MAX_CLOSURE_DAYS} days` });
  });

const HHMM = { description: 'HH:MM in the business\'s time zone; "24:00" is the end of the day' };

export const DateOverride = z
  .object({
    date: z.string().openapi({ description: LOCAL_DATE }),
    intervals: z
      .array(z.object({ start: z.string().openapi(HHMM), end: z.string().openapi(HHMM) }))
      .openapi({ description: "The hours of that date instead of the weekly hours, by start; [] = not working" }),
    updatedAt: z.string(),
  })
  .openapi("DateOverride");

export const Closure = z
  .object({
    id: z.string(),
    startDate: z.string().openapi({ description: `First closed date (${LOCAL_DATE})` }),
    endDate: z.string().openapi({ description: "Last closed date, inclusive" }),
    reason: z.string(),
    createdAt: z.string(),
  })
  .openapi("Closure");

const toOverride = (r: OverrideRow): z.infer<typeof DateOverride> => ({
  date: r.date,
  intervals: r.intervals.map((i) => ({ start: formatMinute(i.startMinute), end: formatMinute(i.endMinute) })),
  updatedAt: r.updatedAt,
});

export const toClosure = (r: ClosureRow): z.infer<typeof Closure> => ({
  id: r.id,
  startDate: r.startDate,
  endDate: r.endDate,
  reason: r.reason,
  createdAt: r.createdAt,
});

const staffTags = ["Staff"];
const staffRoute = routeGroup({ tags: staffTags, security: security.owner });
const listOverridesRoute = staffRoute.get(
  "/{id}/overrides",
  "The staff member's date overrides, by date (optionally between from and to)",
  { params: lookupIdParam, query: rangeQuery, ok: z.array(DateOverride), errors: [400, 401, 403, 404] },
);
const putOverrideRoute = staffRoute.put(
  "/{id}/overrides/{date}",
  "Sets the staff member's hours of one date, replacing the weekly hours there (owner/admin); [] = not working",
  { middleware: [writers], params: dateParam, body: overrideBody, ok: DateOverride, errors: [400, 401, 403, 404] },
);
const deleteOverrideRoute = staffRoute.delete(
  "/{id}/overrides/{date}",
  "Back to the weekly hours on that date (owner/admin); 404 when the date has no override",
  { middleware: [writers], params: dateParam, ok: z.object({ id: z.string(), date: z.string() }), errors: [400, 401, 403, 404] },
);

/** Mounted at /api/staff: GET /:id/overrides?from&to, PUT and DELETE /:id/overrides/:date. */
export const staffOverrideRoutes = openApiRouter<OwnerEnv>()
  .openapi(listOverridesRoute, async (c) => {
    const q = c.req.valid("query");
    const range = { from: q.from && formatLocalDate(q.from), to: q.to && formatLocalDate(q.to) };
    const rows = await listOverrides(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, range);
    return c.json({ data: rows.map(toOverride) }, 200);
  })
  .openapi(putOverrideRoute, async (c) => {
    const { id, date } = c.req.valid("param");
    const { errors, stored } = validateWeek(c.req.valid("json").intervals.map((i) => ({ dayOfWeek: 0, ...i })));
    const keys = Object.keys(errors);
    if (keys.length) {
      throw ApiError.validation({ formErrors: [], fieldErrors: Object.fromEntries(keys.map((k) => [`intervals.${k}`, errors[k]])) });
    }
    const intervals = stored
      .map((s) => ({ startMinute: s.startMinute, endMinute: s.endMinute }))
      .sort((a, b) => a.startMinute - b.startMinute);
    const row = await putOverride(
      c.var.services.db,
      c.var.auth.tenantId,
      id,
      formatLocalDate(date),
      intervals,
      c.var.services.now,
      c.var.services,
    );
    return c.json({ data: toOverride(row) }, 200);
  })
  .openapi(deleteOverrideRoute, async (c) => {
    const { id, date } = c.req.valid("param");
    const removed = await deleteOverride(
      c.var.services.db,
      c.var.auth.tenantId,
      id,
      formatLocalDate(date),
      c.var.services.now,
      c.var.services,
    );
    return c.json({ data: { id: removed.id, date: removed.date } }, 200);
  });

const closureTags = ["Business"];
const closureRoute = routeGroup({ tags: closureTags, security: security.owner });
const listClosuresRoute = closureRoute.get("/", "The business's closures, earliest first", { ok: z.array(Closure), errors: [401, 403] });
const addClosureRoute = closureRoute.post(
  "/",
  `Closes the business from startDate to endDate (inclusive, at most ${MAX_CLOSURE_DAYS} days): no slots on those dates (owner/admin)`,
  { middleware: [writers], body: closureBody, created: Closure, errors: [400, 401, 403] },
);
const deleteClosureRoute = closureRoute.delete("/{id}", "Removes a closure (owner/admin)", {
  middleware: [writers],
  params: lookupIdParam,
  ok: Removed,
  errors: [401, 403, 404],
});

/** Mounted at /api/businesses/me/closures. */
export const closureRoutes = openApiRouter<OwnerEnv>()
  .openapi(listClosuresRoute, async (c) =>
    c.json({ data: (await listClosures(c.var.services.db, c.var.auth.tenantId)).map(toClosure) }, 200),
  )
  .openapi(addClosureRoute, async (c) => {
    const v = c.req.valid("json");
    const row = await addClosure(
      c.var.services.db,
      c.var.auth.tenantId,
      { startDate: formatLocalDate(v.startDate), endDate: formatLocalDate(v.endDate), reason: v.reason },
      c.var.services.now,
    );
    return c.json({ data: toClosure(row) }, 201);
  })
  .openapi(deleteClosureRoute, async (c) => {
    const { id } = await deleteClosure(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, c.var.services.now, c.var.services);
    return c.json({ data: { id } }, 200);
  });
