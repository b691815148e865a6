import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { smsConfig } from "../../config";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import { formatLocalDate } from "../../domain/time";
import { seesConfirmationCodes } from "../../auth-context";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { calendarView } from "../../services/owner/views/calendar";
import {
  type BookingItemRow,
  type BusinessSummary,
  businessZone,
  localToday,
  type ViewCtx,
  type ZonedViewCtx,
} from "../../services/owner/views/common";
import { dashboardView } from "../../services/owner/views/dashboard";
import { aiLogView, bookingsView, customersView, servicesView, settingsView, staffView } from "../../services/owner/views/lists";
import { accountStatusOf } from "../../services/payments/account";
import { AiLogEntry, toAiLogEntry } from "../ai/log-shapes";
import { idField, limitField, localDateField, offsetField, pageSizeField, searchField } from "../fields";
import { createRoute, errors, ok, openApiRouter, security } from "../openapi";
import { ApiKey, toApiKey } from "./api-keys";
import { OwnerBusiness, toOwnerBusiness } from "./businesses";
import { OwnerCustomer, toOwnerCustomer } from "./customers";
import { FailedJobView, toFailedJob } from "./failed-jobs";
import { Member, toMember } from "./members";
import { StripeAccount, toAccount } from "./payments";
import { Closure, toClosure } from "./schedule";
import { OwnerService, toOwnerService } from "./services";
import {
  AppBusiness,
  BookingItem,
  OverrideItem,
  ResourceItem,
  ResourceTimeOffItem,
  StaffItem,
  StaffWithHours,
  TimeOffItem,
  toAppBusiness,
  toBookingItem,
  toOverrideItem,
  toResourceItem,
  toResourceTimeOffItem,
  toStaffItem,
  toStaffWithHours,
  toTimeOffItem,
  toViewer,
  Viewer,
} from "./view-shapes";
import { Endpoint, toEndpoint } from "./webhook-endpoints";

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
export async function zonedCtx(c: Context<OwnerEnv>): Promise<ZonedViewCtx> {
  const auth = c.var.auth;
  const timezone = auth.via === "token" ? auth.timezone : await businessZone(c.var.services.db, auth.tenantId);
  return { db: c.var.services.db, now: c.var.services.now, tenantId: auth.tenantId, timezone };
}

/** The views that need no zone before their batch (their `today` comes from the batch's business row). */
const plainCtx = (c: Context<OwnerEnv>): ViewCtx => ({ db: c.var.services.db, now: c.var.services.now, tenantId: c.var.auth.tenantId });

/** A view's `data`: the business and the viewer, then the page's own data. */
export function answer<T extends object>(c: Context<OwnerEnv>, business: BusinessSummary, data: T) {
  return { business: toAppBusiness(business, localToday(business.timezone, c.var.services.now)), viewer: toViewer(c.var.auth), ...data };
}

/** The booking rows of a view, with codes only for those who may see them (design.md §31). */
const bookingItems = (c: Context<OwnerEnv>) => {
  const codes = seesConfirmationCodes(c.var.auth);
  return (r: BookingItemRow) => toBookingItem(r, codes);
};

/** A view's schema: the business and the viewer, then the page's own fields. */
export const view = <T extends z.ZodRawShape>(name: string, shape: T) =>
  z.object({ business: AppBusiness, viewer: Viewer, ...shape }).openapi(name);

const dateParam = localDateField.optional();
const dayNumber = (d: { year: number; month: number; day: number }) => d.year * 10000 + d.month * 100 + d.day;

const calendarQuery = z.object({ date: dateParam, view: z.enum(["day", "week"], { error: "Use day or week" }).default("day") }).strict();

const bookingsQuery = z
  .object({
    from: dateParam,
    to: dateParam,
    status: z.enum(BOOKING_STATUSES, { error: `Use one of ${BOOKING_STATUSES.join(", ")}` }).optional(),
    staffId: idField("staffId").optional(),
    offset: offsetField(100_000),
    limit: pageSizeField(25),
  })
  .strict();

const customersQuery = z.object({ search: searchField.optional(), limit: limitField }).strict();

const DashboardView = view("DashboardView", {
  date: z.string().openapi({ description: "The first day shown (the business's local date)" }),
  staff: z.array(StaffItem),
  bookings: z.array(BookingItem).openapi({ description: "The day's bookings (not cancelled)" }),
  week: z
    .array(z.object({ date: z.string(), count: z.number().int() }))
    .openapi({ description: "Bookings per day for the 7 days from `date`" }),
  pending: z.array(BookingItem).openapi({ description: "Bookings waiting for confirmation" }),
  open: z.array(BookingItem).openapi({ description: "Past bookings still to be completed or marked no-show" }),
});
const CalendarView = view("CalendarView", {
  view: z.enum(["day", "week"]),
  dates: z.array(z.string()).openapi({ description: "The local dates shown" }),
  staff: z.array(StaffWithHours),
  bookings: z.array(BookingItem),
  timeOff: z.array(TimeOffItem),
  services: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        durationMinutes: z.number().int(),
        price: z.number().int(),
        isOnlineBookable: z.boolean(),
      }),
    )
    .openapi({ description: "The active services, for the new-booking form" }),
  texts: z
    .boolean()
    .openapi({ description: "Text messages are configured: the new-booking form records the customer's consent (design.md §27)" }),
  resources: z.array(ResourceItem).openapi({ description: "design.md §26: the resources view's columns, by type then name" }),
  resourceTimeOff: z.array(ResourceTimeOffItem).openapi({ description: "design.md §26: resources' time off in the range" }),
});
const BookingsView = view("BookingsView", {
  from: z.string().openapi({ description: "The first local date listed" }),
  staff: z.array(StaffItem),
  bookings: z.array(BookingItem),
  hasMore: z.boolean(),
});
const ServicesView = view("ServicesView", { services: z.array(OwnerService), staff: z.array(StaffItem) });
const StaffView = view("StaffView", {
  staff: z.array(
    StaffWithHours.extend({
      userId: z.string().nullable().openapi({ description: "The linked member account" }),
      hasCalendarFeed: z.boolean(),
      overrides: z.array(OverrideItem).openapi({ description: "Date overrides from today on (design.md §16), by date" }),
    }),
  ),
  timeOff: z.array(TimeOffItem),
  members: z.array(Member),
});
const CustomersView = view("CustomersView", { customers: z.array(OwnerCustomer) });
const SettingsView = view("SettingsView", {
  settings: OwnerBusiness,
  members: z.array(Member),
  webhooks: z.array(Endpoint),
  failedJobs: z.array(FailedJobView).nullable().openapi({ description: "null for staff" }),
  stripe: StripeAccount,
  apiKeys: z.array(ApiKey).nullable().openapi({ description: "null for staff and for API keys" }),
  closures: z.array(Closure).openapi({ description: "Closures not over yet (design.md §16), earliest first" }),
  sms: z
    .object({ limit: z.number().int(), usedThisMonth: z.number().int(), month: z.string() })
    .nullable()
    .openapi({ description: "Texts this local month against the monthly limit (design.md §27); null while texts are not configured" }),
});
const AiLogView = view("AiLogView", { entries: z.array(AiLogEntry) });

const tags = ["Owner app views"];
const dashboard = createRoute({
  method: "get",
  path: "/dashboard",
  tags,
  summary: "The dashboard: a day's bookings, the week's counts, bookings waiting for confirmation or completion",
  security: security.owner,
  request: { query: z.object({ date: dateParam }).strict() },
  responses: { 200: ok(DashboardView), ...errors(400, 401, 403, 404) },
});
const calendar = createRoute({
  method: "get",
  path: "/calendar",
  tags,
  summary: "The calendar's day or week: staff with hours, bookings, time off, the services to book",
  security: security.owner,
  request: { query: calendarQuery },
  responses: { 200: ok(CalendarView), ...errors(400, 401, 403, 404) },
});
const bookings = createRoute({
  method: "get",
  path: "/bookings",
  tags,
  summary: "The bookings list: a page of bookings in a local date range, by status and staff member",
  security: security.owner,
  request: { query: bookingsQuery },
  responses: { 200: ok(BookingsView), ...errors(400, 401, 403, 404) },
});
const services = createRoute({
  method: "get",
  path: "/services",
  tags,
  summary: "The services page: every service and the staff who may perform them",
  security: security.owner,
  responses: { 200: ok(ServicesView), ...errors(401, 403, 404) },
});
const staff = createRoute({
  method: "get",
  path: "/staff",
  tags,
  summary: "The staff page: staff with hours, linked members and calendar feeds, time off, the members to link",
  security: security.owner,
  responses: { 200: ok(StaffView), ...errors(401, 403, 404) },
});
const customers = createRoute({
  method: "get",
  path: "/customers",
  tags,
  summary: "The customers page; `search` matches name, e-mail or phone",
  security: security.owner,
  request: { query: customersQuery },
  responses: { 200: ok(CustomersView), ...errors(400, 401, 403, 404) },
});
const settings = createRoute({
  method: "get",
  path: "/settings",
  tags,
  summary: "The settings page: the business, members, webhooks, Stripe, and (not for staff) failed jobs and API keys",
  security: security.owner,
  responses: { 200: ok(SettingsView), ...errors(401, 403, 404) },
});
const aiLog = createRoute({
  method: "get",
  path: "/ai-log",
  tags,
  summary: "The AI log page: the assistant's latest conversations",
  security: security.owner,
  request: { query: z.object({ limit: limitField }).strict() },
  responses: { 200: ok(AiLogView), ...errors(400, 401, 403, 404) },
});

export const viewRoutes = openApiRouter<OwnerEnv>()
  .openapi(dashboard, async (c) => {
    const v = await dashboardView(await zonedCtx(c), c.req.valid("query").date);
    const item = bookingItems(c);
    const data = answer(c, v.business, {
      date: v.date,
      staff: v.staff.map(toStaffItem),
      bookings: v.bookings.map(item),
      week: v.week,
      pending: v.pending.map(item),
      open: v.open.map(item),
    });
    return c.json({ data }, 200);
  })
  .openapi(calendar, async (c) => {
    const q = c.req.valid("query");
    const v = await calendarView(await zonedCtx(c), { date: q.date, mode: q.view });
    const data = answer(c, v.business, {
      view: v.mode,
      dates: v.dates,
      staff: toStaffWithHours(v.staff, v.hours),
      bookings: v.bookings.map(bookingItems(c)),
      timeOff: v.timeOff.map(toTimeOffItem),
      services: v.services.map((s) => ({
        id: s.id,
        name: s.name,
        durationMinutes: s.durationMinutes,
        price: s.price,
        isOnlineBookable: Boolean(s.isOnlineBookable),
      })),
      texts: smsConfig(c.var.services.config) !== null,
      resources: v.resources.map(toResourceItem),
      resourceTimeOff: v.resourceTimeOff.map(toResourceTimeOffItem),
    });
    return c.json({ data }, 200);
  })
  .openapi(bookings, async (c) => {
    const q = c.req.valid("query");
    if (q.from && q.to && dayNumber(q.to) < dayNumber(q.from)) throw ApiError.field("to", "The last date must not be before the first");
    const v = await bookingsView(await zonedCtx(c), q);
    const data = answer(c, v.business, {
      from: formatLocalDate(v.from),
      staff: v.staff.map(toStaffItem),
      bookings: v.bookings.map(bookingItems(c)),
      hasMore: v.hasMore,
    });
    return c.json({ data }, 200);
  })
  .openapi(services, async (c) => {
    const v = await servicesView(plainCtx(c));
    return c.json({ data: answer(c, v.business, { services: v.services.map(toOwnerService), staff: v.staff.map(toStaffItem) }) }, 200);
  })
  .openapi(staff, async (c) => {
    const v = await staffView(plainCtx(c));
    const data = answer(c, v.business, {
      staff: toStaffWithHours(v.staff, v.hours).map((s) => ({
        ...s,
        userId: v.links.get(s.id)?.userId ?? null,
        hasCalendarFeed: v.links.get(s.id)?.hasCalendarFeed ?? false,
        overrides: v.overrides.filter((o) => o.staffId === s.id).map(toOverrideItem),
      })),
      timeOff: v.timeOff.map(toTimeOffItem),
      members: v.members.map(toMember),
    });
    return c.json({ data }, 200);
  })
  .openapi(customers, async (c) => {
    const q = c.req.valid("query");
    const v = await customersView(plainCtx(c), { search: q.search || undefined, limit: q.limit });
    return c.json({ data: answer(c, v.business, { customers: v.customers.map(toOwnerCustomer) }) }, 200);
  })
  .openapi(settings, async (c) => {
    const auth = c.var.auth;
    const canManage = auth.role !== "staff";
    const texts = smsConfig(c.var.services.config) !== null;
    const v = await settingsView(plainCtx(c), { canManage, keys: canManage && auth.via === "token", texts });
    const data = answer(c, v.business, {
      settings: toOwnerBusiness(v.business, c.var.services.config),
      members: v.members.map(toMember),
      webhooks: v.endpoints.map(toEndpoint),
      failedJobs: v.failedJobs ? v.failedJobs.map(toFailedJob) : null,
      stripe: toAccount(accountStatusOf(v.business)),
      apiKeys: v.apiKeys ? v.apiKeys.map(toApiKey) : null,
      closures: v.closures.map(toClosure),
      sms: v.sms,
    });
    return c.json({ data }, 200);
  })
  .openapi(aiLog, async (c) => {
    const v = await aiLogView(plainCtx(c), c.req.valid("query").limit);
    return c.json({ data: answer(c, v.business, { entries: v.entries.map(toAiLogEntry) }) }, 200);
  });
