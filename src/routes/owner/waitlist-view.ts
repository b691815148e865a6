import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { waitlistView } from "../../services/owner/views/waitlist";
import { localDateField } from "../fields";
import { openApiRouter } from "../openapi";
import { StaffItem, toStaffItem } from "./view-shapes";
import { answer, queryViewRoute, view, zonedCtx } from "./view-context";
import { OwnerWaitlistEntrySchema, toOwnerWaitlistEntry } from "./waitlist";

/**
 * GET /api/businesses/me/views/waitlist: the waitlist page (`/app/waitlist`, design.md §28) in ONE
 * call like every page view (§15): the business, the viewer, the staff, and the entries of a day
 * exactly as `GET /api/waitlist?date=` lists them. Without a date: today in the business's zone.
 */

const WaitlistView = view("WaitlistView", {
  date: z.string().openapi({ description: "The local date shown" }),
  staff: z.array(StaffItem).openapi({ description: "The staff members (names of offered times; whom to offer a time with)" }),
  entries: z.array(OwnerWaitlistEntrySchema).openapi({ description: "Every entry with a window on the date, oldest first" }),
});

const waitlist = queryViewRoute({
  path: "/waitlist",
  summary: "The waitlist page: every entry with a window on a date (default: today), with its offers, and the staff",
  data: WaitlistView,
  query: z.object({ date: localDateField.optional() }).strict(),
});

export const waitlistViewRoutes = openApiRouter<OwnerEnv>().openapi(waitlist, async (c) => {
  const v = await waitlistView(await zonedCtx(c), c.req.valid("query").date);
  const data = answer(c, v.business, { date: v.date, staff: v.staff.map(toStaffItem), entries: v.entries.map(toOwnerWaitlistEntry) });
  return c.json({ data }, 200);
});
