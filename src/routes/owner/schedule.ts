import { Hono } from "hono";
import { z } from "zod";
import { DAY_MS, formatLocalDate, type LocalDate, wallDayStart } from "../../domain/time";
import { formatMinute, validateWeek } from "../../domain/working-hours";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
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
import { localDateField } from "../fields";

/**
 * design.md §16, owner side: a staff member's hours for one local date (overrides), and the
 * business's closures. Owners and admins write; every member may read.
 */

const writers = requireRole("owner", "admin");
const MAX_CLOSURE_DAYS = 366;
const MAX_OVERRIDE_LIST_DAYS = 366;

const span = (from: LocalDate, to: LocalDate) => Math.round((wallDayStart(to) - wallDayStart(from)) / DAY_MS) + 1;

const dateParam = z.object({ id: z.string(), date: localDateField });
const rangeQuery = z
  .object({ from: localDateField.optional(), to: localDateField.optional() })
  .strict()
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const n = span(q.from, q.to);
    if (n < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    else if (n > MAX_OVERRIDE_LIST_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${MAX_OVERRIDE_LIST_DAYS} days` });
  });
// Shapes only; values (HH:MM, end after start, no overlap) are checked per interval by validateWeek.
const overrideBody = z
  .object({
    intervals: z
      .array(
        z.object({ start: z.string().max(5, "start must be a time HH:MM"), end: z.string().max(5, "end must be a time HH:MM") }).strict(),
      )
      .max(24, "At most 24 intervals a day"),
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
    const n = span(v.startDate, v.endDate);
    if (n < 1) ctx.addIssue({ code: "custom", path: ["endDate"], message: "endDate must not be before startDate" });
    else if (n > MAX_CLOSURE_DAYS)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `A closure lasts at most ${MAX_CLOSURE_DAYS} days` });
  });

const toOverride = (r: OverrideRow) => ({
  date: r.date,
  intervals: r.intervals.map((i) => ({ start: formatMinute(i.startMinute), end: formatMinute(i.endMinute) })),
  updatedAt: r.updatedAt,
});

const toClosure = (r: ClosureRow) => ({ id: r.id, startDate: r.startDate, endDate: r.endDate, reason: r.reason, createdAt: r.createdAt });

/** Mounted at /api/staff: GET /:id/overrides?from&to, PUT and DELETE /:id/overrides/:date. */
export const staffOverrideRoutes = new Hono<OwnerEnv>()
  .get("/:id/overrides", validate("query", rangeQuery), async (c) => {
    const q = c.req.valid("query");
    const range = { from: q.from && formatLocalDate(q.from), to: q.to && formatLocalDate(q.to) };
    const rows = await listOverrides(c.var.db, c.var.auth.tenantId, c.req.param("id"), range);
    return c.json({ data: rows.map(toOverride) });
  })
  .put("/:id/overrides/:date", writers, validate("param", dateParam), validate("json", overrideBody), async (c) => {
    const { id, date } = c.req.valid("param");
    const { errors, stored } = validateWeek(c.req.valid("json").intervals.map((i) => ({ dayOfWeek: 0, ...i })));
    const keys = Object.keys(errors);
    if (keys.length) {
      throw ApiError.validation({ formErrors: [], fieldErrors: Object.fromEntries(keys.map((k) => [`intervals.${k}`, errors[k]])) });
    }
    const intervals = stored
      .map((s) => ({ startMinute: s.startMinute, endMinute: s.endMinute }))
      .sort((a, b) => a.startMinute - b.startMinute);
    const row = await putOverride(c.var.db, c.var.auth.tenantId, id, formatLocalDate(date), intervals, c.var.now);
    return c.json({ data: toOverride(row) });
  })
  .delete("/:id/overrides/:date", writers, validate("param", dateParam), async (c) => {
    const { id, date } = c.req.valid("param");
    return c.json({ data: await deleteOverride(c.var.db, c.var.auth.tenantId, id, formatLocalDate(date)) });
  });

/** Mounted at /api/businesses/me/closures. */
export const closureRoutes = new Hono<OwnerEnv>()
  .get("/", async (c) => c.json({ data: (await listClosures(c.var.db, c.var.auth.tenantId)).map(toClosure) }))
  .post("/", writers, validate("json", closureBody), async (c) => {
    const v = c.req.valid("json");
    const row = await addClosure(
      c.var.db,
      c.var.auth.tenantId,
      { startDate: formatLocalDate(v.startDate), endDate: formatLocalDate(v.endDate), reason: v.reason },
      c.var.now,
    );
    return c.json({ data: toClosure(row) }, 201);
  })
  .delete("/:id", writers, async (c) => c.json({ data: await deleteClosure(c.var.db, c.var.auth.tenantId, c.req.param("id")) }));
