import { type Context, Hono } from "hono";
import { z } from "zod";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import { formatLocalDate } from "../../domain/time";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { calendarView } from "../../services/owner/views/calendar";
import { type BusinessSummary, businessZone, localToday, type ViewCtx, type ZonedViewCtx } from "../../services/owner/views/common";
import { dashboardView } from "../../services/owner/views/dashboard";
import { aiLogView, bookingsView, customersView, servicesView, settingsView, staffView } from "../../services/owner/views/lists";
import { accountStatusOf } from "../../services/payments/account";
import { toAiLogEntry } from "../ai/shapes";
import { idField, limitField, localDateField } from "../fields";
import { toApiKey } from "./api-keys";
import { toOwnerBusiness } from "./businesses";
import { toOwnerCustomer } from "./customers";
import { toFailedJob } from "./failed-jobs";
import { toMember } from "./members";
import { toAccount } from "./payments";
import { toOwnerService } from "./services";
import { toAppBusiness, toBookingItem, toStaffItem, toStaffWithHours, toTimeOffItem, toViewer } from "./view-shapes";
import { toEndpoint } from "./webhook-endpoints";

/**
 * GET /api/businesses/me/views/<page>: everything one page of the owner app (`/app/<page>`) shows
 * on its first render in ONE call (design.md §15), so an impersonating operator's page view is
 * exactly one audited request. Read-only; any role, and API keys like every owner route (§19).
 * Cache-Control: no-store comes from the /api middleware.
 */

/**
 * The views whose date ranges depend on the business's zone: a member's token brings it with the
 * membership (no round trip); an API key reads it first (that read carries the key's guard), so
 * either caller pays two round trips.
 */
async function zonedCtx(c: Context<OwnerEnv>): Promise<ZonedViewCtx> {
  const auth = c.var.auth;
  const timezone = auth.via === "token" ? auth.timezone : await businessZone(c.var.db, auth.tenantId);
  return { db: c.var.db, now: c.var.now, tenantId: auth.tenantId, timezone };
}

/** The views that need no zone before their batch (their `today` comes from the batch's business row). */
const plainCtx = (c: Context<OwnerEnv>): ViewCtx => ({ db: c.var.db, now: c.var.now, tenantId: c.var.auth.tenantId });

/** A view's answer: the business and the viewer, then the page's own data. */
function answer<T extends object>(c: Context<OwnerEnv>, business: BusinessSummary, data: T) {
  return c.json({
    data: { business: toAppBusiness(business, localToday(business.timezone, c.var.now)), viewer: toViewer(c.var.auth), ...data },
  });
}

const dateParam = localDateField.optional();
const dayNumber = (d: { year: number; month: number; day: number }) => d.year * 10000 + d.month * 100 + d.day;

const calendarQuery = z.object({ date: dateParam, view: z.enum(["day", "week"], { error: "Use day or week" }).default("day") }).strict();

const bookingsQuery = z
  .object({
    from: dateParam,
    to: dateParam,
    status: z.enum(BOOKING_STATUSES, { error: `Use one of ${BOOKING_STATUSES.join(", ")}` }).optional(),
    staffId: idField("staffId").optional(),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(25),
  })
  .strict();

const customersQuery = z
  .object({ search: z.string().trim().max(200, "search must be at most 200 characters").optional(), limit: limitField })
  .strict();

export const viewRoutes = new Hono<OwnerEnv>()
  .get("/dashboard", validate("query", z.object({ date: dateParam }).strict()), async (c) => {
    const v = await dashboardView(await zonedCtx(c), c.req.valid("query").date);
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
    const v = await calendarView(await zonedCtx(c), { date: q.date, mode: q.view });
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
    const v = await bookingsView(await zonedCtx(c), q);
    return answer(c, v.business, {
      from: formatLocalDate(v.from),
      staff: v.staff.map(toStaffItem),
      bookings: v.bookings.map(toBookingItem),
      hasMore: v.hasMore,
    });
  })
  .get("/services", async (c) => {
    const v = await servicesView(plainCtx(c));
    return answer(c, v.business, { services: v.services.map(toOwnerService), staff: v.staff.map(toStaffItem) });
  })
  .get("/staff", async (c) => {
    const v = await staffView(plainCtx(c));
    return answer(c, v.business, {
      staff: toStaffWithHours(v.staff, v.hours).map((s) => ({
        ...s,
        userId: v.links.get(s.id)?.userId ?? null,
        hasCalendarFeed: v.links.get(s.id)?.hasCalendarFeed ?? false,
      })),
      timeOff: v.timeOff.map(toTimeOffItem),
      members: v.members.map(toMember),
    });
  })
  .get("/customers", validate("query", customersQuery), async (c) => {
    const q = c.req.valid("query");
    const v = await customersView(plainCtx(c), { search: q.search || undefined, limit: q.limit });
    return answer(c, v.business, { customers: v.customers.map(toOwnerCustomer) });
  })
  .get("/settings", async (c) => {
    const auth = c.var.auth;
    const canManage = auth.role !== "staff";
    const v = await settingsView(plainCtx(c), { canManage, keys: canManage && auth.via === "token" });
    return answer(c, v.business, {
      settings: toOwnerBusiness(v.business),
      members: v.members.map(toMember),
      webhooks: v.endpoints.map(toEndpoint),
      failedJobs: v.failedJobs ? v.failedJobs.map(toFailedJob) : null,
      stripe: toAccount(accountStatusOf(v.business)),
      apiKeys: v.apiKeys ? v.apiKeys.map(toApiKey) : null,
    });
  })
  .get("/ai-log", validate("query", z.object({ limit: limitField }).strict()), async (c) => {
    const v = await aiLogView(plainCtx(c), c.req.valid("query").limit);
    return answer(c, v.business, { entries: v.entries.map(toAiLogEntry) });
  });
