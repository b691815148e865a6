import { Hono } from "hono";
import { z } from "zod";
import { toWorkingIntervals, validateWeek, type WorkingInterval } from "../../domain/working-hours";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { hexColor, httpUrl } from "../fields";
import { requireRole } from "../../middleware/auth";
import {
  addTimeOff,
  createStaff,
  deleteStaff,
  deleteTimeOff,
  getStaff,
  listStaff,
  listTimeOff,
  replaceHours,
  type StaffWithHours,
  updateStaff,
} from "../../services/owner/staff";
import { rotateCalendarFeed } from "../../services/notifications/calendar-feed";

const hex = hexColor;
// Shapes only; the values (day 0-6, HH:MM, end after start, no overlap) are checked per interval by validateWeek.
const interval = z
  .object({
    dayOfWeek: z.number().int("dayOfWeek must be 0 (Sunday) to 6"),
    start: z.string().max(5, "start must be a time HH:MM"),
    end: z.string().max(5, "end must be a time HH:MM"),
  })
  .strict();
const fields = {
  displayName: z.string().trim().min(1, "Display name is required").max(200),
  title: z.string().max(200),
  avatarUrl: httpUrl.nullable(),
  color: hex,
  isBookable: z.boolean(),
  orderIndex: z.number().int().min(-1_000_000).max(1_000_000),
  workingHours: z.array(interval).max(100),
  // The member account that gets this staff member's booking notices (design.md §17); null unlinks.
  userId: z.string().min(1).max(100).nullable(),
};
const createBody = z
  .object({
    ...fields,
    title: fields.title.optional(),
    avatarUrl: fields.avatarUrl.optional(),
    color: hex.optional(),
    isBookable: fields.isBookable.optional(),
    orderIndex: fields.orderIndex.optional(),
    workingHours: fields.workingHours.optional(),
    userId: fields.userId.optional(),
  })
  .strict();
const patchBody = createBody
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
const timeOffBody = z
  .object({
    start: z.iso.datetime({ offset: true, error: "Use an ISO-8601 instant" }),
    end: z.iso.datetime({ offset: true, error: "Use an ISO-8601 instant" }),
    reason: z.string().max(500).optional(),
  })
  .strict();

/** Weekly hours validated per interval; errors keyed `<prefix><index>` (e.g. workingHours.2). */
function checkedHours(hours: WorkingInterval[] | undefined, prefix: string) {
  if (hours === undefined) return undefined;
  const { errors, stored } = validateWeek(hours);
  const keys = Object.keys(errors);
  if (keys.length)
    throw ApiError.validation({ formErrors: [], fieldErrors: Object.fromEntries(keys.map((k) => [`${prefix}${k}`, errors[k]])) });
  return stored;
}

function toOwnerStaff(s: StaffWithHours) {
  return {
    id: s.id,
    displayName: s.displayName,
    title: s.title,
    avatarUrl: s.avatarUrl,
    color: s.color,
    isBookable: s.isBookable,
    orderIndex: s.orderIndex,
    userId: s.userId,
    workingHours: toWorkingIntervals(s.hours),
    createdAt: s.createdAt,
  };
}
const toTimeOff = (t: { id: string; startAt: number; endAt: number; reason: string }) => ({
  id: t.id,
  start: new Date(t.startAt).toISOString(),
  end: new Date(t.endAt).toISOString(),
  reason: t.reason,
});

const writers = requireRole("owner", "admin");
const MAX_TIME_OFF_MS = 366 * 86_400_000;

/** /api/staff: profiles, weekly hours and time off. */
export const staffRoutes = new Hono<OwnerEnv>()
  .get("/", async (c) => c.json({ data: (await listStaff(c.var.db, c.var.auth.tenantId)).map(toOwnerStaff) }))
  .post("/", writers, validate("json", createBody), async (c) => {
    const { workingHours, ...profile } = c.req.valid("json");
    const hours = checkedHours(workingHours, "workingHours.") ?? [];
    return c.json({ data: toOwnerStaff(await createStaff(c.var.db, c.var.auth.tenantId, profile, hours, c.var.now)) }, 201);
  })
  .get("/:id", async (c) => c.json({ data: toOwnerStaff(await getStaff(c.var.db, c.var.auth.tenantId, c.req.param("id"))) }))
  .patch("/:id", writers, validate("json", patchBody), async (c) => {
    const { workingHours, ...profile } = c.req.valid("json");
    const hours = checkedHours(workingHours, "workingHours.");
    return c.json({ data: toOwnerStaff(await updateStaff(c.var.db, c.var.auth.tenantId, c.req.param("id"), profile, hours, c.var.now)) });
  })
  .delete("/:id", writers, async (c) => c.json({ data: await deleteStaff(c.var.db, c.var.auth.tenantId, c.req.param("id"), c.var.now) }))
  .put("/:id/hours", writers, validate("json", fields.workingHours), async (c) => {
    const hours = checkedHours(c.req.valid("json"), "")!;
    return c.json({ data: toOwnerStaff(await replaceHours(c.var.db, c.var.auth.tenantId, c.req.param("id"), hours)) });
  })
  .get("/:id/time-off", async (c) => c.json({ data: (await listTimeOff(c.var.db, c.var.auth.tenantId, c.req.param("id"))).map(toTimeOff) }))
  .post("/:id/time-off", writers, validate("json", timeOffBody), async (c) => {
    const body = c.req.valid("json");
    const start = new Date(body.start);
    const end = new Date(body.end);
    if (end <= start) throw ApiError.field("end", "end must be after start");
    if (end.getTime() - start.getTime() > MAX_TIME_OFF_MS) throw ApiError.field("end", "Time off can last at most 366 days");
    const row = await addTimeOff(c.var.db, c.var.auth.tenantId, c.req.param("id"), { start, end, reason: body.reason }, c.var.now);
    return c.json({ data: toTimeOff(row) }, 201);
  })
  // design.md §17: a new secret feed URL each call (the previous one stops working); shown only here.
  .post("/:id/calendar-feed", writers, async (c) => {
    const data = await rotateCalendarFeed(c.var.db, c.var.config, c.var.auth.tenantId, c.req.param("id"), c.var.now);
    return c.json({ data });
  })
  .delete("/:id/time-off/:timeOffId", writers, async (c) =>
    c.json({ data: await deleteTimeOff(c.var.db, c.var.auth.tenantId, c.req.param("id"), c.req.param("timeOffId")) }),
  );
