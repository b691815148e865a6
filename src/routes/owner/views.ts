import { type Context, Hono } from "hono";
import { z } from "zod";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import { formatLocalDate } from "../../domain/time";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { calendarView } from "../../services/owner/views/calendar";
import { type BusinessSummary, localToday, type ViewCtx } from "../../services/owner/views/common";
import { dashboardView } from "../../services/owner/views/dashboard";
import { aiLogView, bookingsView, customersView, servicesView, settingsView, staffView } from "../../services/owner/views/lists";
import { toAiLogEntry } from "../ai/shapes";
import { localDateField } from "../public/fields";
import { toOwnerBusiness } from "./businesses";
import { toOwnerCustomer } from "./customers";
import { toFailedJob } from "./failed-jobs";
import { limitField, ownerOf } from "./fields";
import { toMember } from "./members";
import { toOwnerService } from "./services";
import { toAppBusiness, toBookingItem, toStaffItem, toStaffWithHours, toTimeOffItem, toViewer } from "./view-shapes";
import { toEndpoint } from "./webhook-endpoints";

/**
 * GET /api/businesses/me/views/<page>: everything one page of the owner app (`/app/<page>`) shows
 * on its first render, in ONE call answered by ONE libSQL batch (design.md §15), so an
 * impersonating operator's page view is exactly one audited request. Read-only; any role.
 */

const ctxOf = (c: Context<AppEnv>): ViewCtx => {
  const auth = ownerOf(c);
  return { db: c.var.db, now: c.var.now, tenantId: auth.tenantId, timezone: auth.timezone };
};

/** A view's answer: the business and the viewer, then the page's own data. Never cached. */
function answer<T extends object>(c: Context<AppEnv>, business: BusinessSummary, data: T) {
  const auth = ownerOf(c);
  c.header("Cache-Control", "no-store");
  return c.json({ data: { business: toAppBusiness(business, localToday(auth.timezone, c.var.now)), viewer: toViewer(auth), ...data } });
}

const dateParam = localDateField.optional();
const dayNumber = (d: { year: number; month: number; day: number }) => d.year * 10000 + d.month * 100 + d.day;

const calendarQuery = z.object({ date: dateParam, view: z.enum(["day", "week"], { error: "Use day or week" }).default("day") }).strict();

const bookingsQuery = z
  .object({
    from: dateParam,
    to: dateParam,
    status: z.enum(BOOKING_STATUSES, { error: `Use one of ${BOOKING_STATUSES.join(", ")}` }).optional(),
    staffId: z.string().min(1).max(100).optional(),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(25),
  })
  .strict();

const customersQuery = z
  .object({ search: z.string().trim().max(200, "search must be at most 200 characters").optional(), limit: limitField })
  .strict();

export const viewRoutes = new Hono<AppEnv>()
  .get("/dashboard", validate("query", z.object({ date: dateParam }).strict()), async (c) => {
    const v = await dashboardView(ctxOf(c), c.req.valid("query").date);
    return answer(c, v.business, {
      date: v.date,
      staff: v.staff.map(toStaffItem),
      bookings: v.bookings.map(toBookingItem),
      week: v.week,
      pending: v.pending.map(toBookingItem),
      open: v.open.map(toBookingItem),
    });
  })
  .get("/calendar", validate("query", calendarQuery), async (c) => {
    const q = c.req.valid("query");
    const v = await calendarView(ctxOf(c), { date: q.date, mode: q.view });
    return answer(c, v.business, {
      view: v.mode,
      dates: v.dates,
      staff: toStaffWithHours(v.staff, v.hours),
      bookings: v.bookings.map(toBookingItem),
      timeOff: v.timeOff.map(toTimeOffItem),
      services: v.services.map((s) => ({ ...s, isOnlineBookable: Boolean(s.isOnlineBookable) })),
    });
  })
  .get("/bookings", validate("query", bookingsQuery), async (c) => {
    const q = c.req.valid("query");
    if (q.from && q.to && dayNumber(q.to) < dayNumber(q.from)) throw ApiError.field("to", "The last date must not be before the first");
    const v = await bookingsView(ctxOf(c), q);
    return answer(c, v.business, {
      from: formatLocalDate(v.from),
      staff: v.staff.map(toStaffItem),
      bookings: v.bookings.map(toBookingItem),
      hasMore: v.hasMore,
    });
  })
  .get("/services", async (c) => {
    const v = await servicesView(ctxOf(c));
    return answer(c, v.business, { services: v.services.map(toOwnerService), staff: v.staff.map(toStaffItem) });
  })
  .get("/staff", async (c) => {
    const v = await staffView(ctxOf(c));
    return answer(c, v.business, { staff: toStaffWithHours(v.staff, v.hours), timeOff: v.timeOff.map(toTimeOffItem) });
  })
  .get("/customers", validate("query", customersQuery), async (c) => {
    const q = c.req.valid("query");
    const v = await customersView(ctxOf(c), { search: q.search || undefined, limit: q.limit });
    return answer(c, v.business, { customers: v.customers.map(toOwnerCustomer) });
  })
  .get("/settings", async (c) => {
    const v = await settingsView(ctxOf(c), ownerOf(c).role !== "staff");
    return answer(c, v.business, {
      settings: toOwnerBusiness(v.business),
      members: v.members.map(toMember),
      webhooks: v.endpoints.map(toEndpoint),
      failedJobs: v.failedJobs ? v.failedJobs.map(toFailedJob) : null,
      stripe: { connected: v.business.stripeAccountId !== null, stripeAccountId: v.business.stripeAccountId },
    });
  })
  .get("/ai-log", validate("query", z.object({ limit: limitField }).strict()), async (c) => {
    const v = await aiLogView(ctxOf(c), c.req.valid("query").limit);
    return answer(c, v.business, { entries: v.entries.map(toAiLogEntry) });
  });
