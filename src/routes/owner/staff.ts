import { z } from "@hono/zod-openapi";
import { toWorkingIntervals, validateWeek, type WorkingInterval } from "../../domain/working-hours";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { hexColor, httpUrl, lookupIdParam, timeSpanField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { crudAccess, withCrudRoutes } from "./crud-routes";
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
import { withTimeOffRoutes } from "./time-off";

const hex = hexColor;
// Shapes only; the values (day 0-6, HH:MM, end after start, no overlap) are checked per interval by validateWeek.
const interval = timeSpanField.extend({ dayOfWeek: z.number().int("dayOfWeek must be 0 (Sunday) to 6") }).strict();
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

/** Weekly hours validated per interval; errors keyed `<prefix><index>` (e.g. workingHours.2). */
function checkedHours(hours: WorkingInterval[] | undefined, prefix: string) {
  if (hours === undefined) return undefined;
  const { errors, stored } = validateWeek(hours);
  const keys = Object.keys(errors);
  if (keys.length)
    throw ApiError.validation({ formErrors: [], fieldErrors: Object.fromEntries(keys.map((k) => [`${prefix}${k}`, errors[k]])) });
  return stored;
}

export const WorkingHoursInterval = z
  .object({
    dayOfWeek: z.number().int().openapi({ description: "0 (Sunday) to 6" }),
    start: z.string().openapi({ example: "09:00" }),
    end: z.string().openapi({ example: "17:30", description: '"24:00" is the end of the day' }),
  })
  .openapi("WorkingInterval");

export const OwnerStaff = z
  .object({
    id: z.string(),
    displayName: z.string(),
    title: z.string(),
    avatarUrl: z.string().nullable(),
    color: z.string(),
    isBookable: z.boolean(),
    orderIndex: z.number().int(),
    userId: z.string().nullable().openapi({ description: "The member account that gets this staff member's booking notices" }),
    workingHours: z.array(WorkingHoursInterval).openapi({ description: "Weekly hours in the business's time zone, by day then start" }),
    createdAt: z.string(),
  })
  .openapi("OwnerStaff");

export function toOwnerStaff(s: StaffWithHours): z.infer<typeof OwnerStaff> {
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

const writers = requireRole("owner", "admin");

const tags = ["Staff"];

const route = routeGroup({ tags, security: security.owner });
const calendarFeed = route.post(
  "/{id}/calendar-feed",
  "A new secret iCalendar feed URL of the staff member's bookings, shown only here; the previous URL stops working",
  { middleware: [writers], params: lookupIdParam, ok: z.object({ url: z.string() }), errors: [401, 403, 404] },
);

const hours = route.put("/{id}/hours", "Replaces the staff member's whole week of hours (owner/admin); `[]` = no weekly hours", {
  description: "Each interval is checked (day 0-6, HH:MM, end after start, no overlap); errors are keyed by the interval's index.",
  middleware: [writers],
  params: lookupIdParam,
  body: fields.workingHours,
  ok: OwnerStaff,
  errors: [400, 401, 403, 404],
});

/** /api/staff: profiles, weekly hours and time off (the date overrides are in ./schedule.ts). */
export const staffRoutes = withTimeOffRoutes(
  withCrudRoutes(openApiRouter<OwnerEnv>(), {
    tags,
    item: OwnerStaff,
    toItem: toOwnerStaff,
    access: crudAccess.staffRead,
    bodies: { create: createBody, change: patchBody },
    summaries: {
      list: "The business's staff members with their weekly hours, by orderIndex then name",
      create: "A new staff member, with weekly hours (owner/admin)",
      one: "One staff member with their weekly hours",
      change: "Changes the profile; `workingHours` replaces the whole week (owner/admin)",
      remove: "Removes the staff member from lists and booking; their bookings stay (owner/admin)",
    },
    list: (s, tenantId) => listStaff(s.db, tenantId),
    create: (s, tenantId, { workingHours, ...profile }) =>
      createStaff(s.db, tenantId, profile, checkedHours(workingHours, "workingHours.") ?? [], s.now),
    one: (s, tenantId, id) => getStaff(s.db, tenantId, id),
    change: (s, tenantId, id, { workingHours, ...profile }) =>
      updateStaff(s.db, tenantId, id, profile, checkedHours(workingHours, "workingHours."), s.now, s),
    remove: (s, tenantId, id) => deleteStaff(s.db, tenantId, id, s.now),
  })
    // design.md §17: a new secret feed URL each call (the previous one stops working); shown only here.
    .openapi(calendarFeed, async (c) => {
      const { url } = await rotateCalendarFeed(
        c.var.services.db,
        c.var.services.config,
        c.var.auth.tenantId,
        c.req.valid("param").id,
        c.var.services.now,
      );
      return c.json({ data: { url } }, 200);
    })
    .openapi(hours, async (c) => {
      const week = checkedHours(c.req.valid("json"), "")!;
      return c.json(
        {
          data: toOwnerStaff(
            await replaceHours(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, week, c.var.services.now, c.var.services),
          ),
        },
        200,
      );
    }),
  {
    tags,
    summaries: {
      list: "The staff member's time off, earliest first",
      add: "Time off between two instants (at most 366 days): no slots in it (owner/admin)",
      remove: "Removes one time off (owner/admin)",
    },
    list: (s, tenantId, id) => listTimeOff(s.db, tenantId, id),
    add: (s, tenantId, id, v) => addTimeOff(s.db, tenantId, id, v, s.now),
    remove: (s, tenantId, id, timeOffId) => deleteTimeOff(s.db, tenantId, id, timeOffId, s.now, s),
  },
);
