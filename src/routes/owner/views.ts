import { z } from "@hono/zod-openapi";
import { smsConfig } from "../../config";
import { formatLocalDate } from "../../domain/time";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { calendarView } from "../../services/owner/views/calendar";
import { dashboardView } from "../../services/owner/views/dashboard";
import { aiLogView, bookingsView, customersView, servicesView, settingsView, staffView } from "../../services/owner/views/lists";
import { accountStatusOf } from "../../services/payments/account";
import { toAiLogEntry } from "../ai/log-shapes";
import { limitField } from "../fields";
import { openApiRouter } from "../openapi";
import { toApiKey } from "./api-keys";
import { toOwnerBusiness } from "./business-shapes";
import { toOwnerCustomer } from "./customers";
import { toFailedJob } from "./failed-jobs";
import { toMember } from "./members";
import { toAccount } from "./payments";
import { toClosure } from "./schedule";
import { toOwnerService } from "./services";
import { answer, bookingItems, plainCtx, queryViewRoute, viewRoute, zonedCtx } from "./view-context";
import { toOverrideItem, toResourceItem, toResourceTimeOffItem, toStaffItem, toStaffWithHours, toTimeOffItem } from "./view-shapes";
import {
  AiLogView,
  BookingsView,
  bookingsQuery,
  CalendarView,
  CustomersView,
  calendarQuery,
  customersQuery,
  DashboardView,
  dateParam,
  dayNumber,
  ServicesView,
  SettingsView,
  StaffView,
} from "./views-shapes";
import { toEndpoint } from "./webhook-endpoints";

/**
 * GET /api/businesses/me/views/<page>: everything one page of the owner app (`/app/<page>`) shows
 * on its first render in ONE call (design.md §15), so an impersonating operator's page view is
 * exactly one audited request. Read-only; any role, and API keys like every owner route (§19).
 * Cache-Control: no-store comes from the /api middleware. Shared pieces: ./view-context.ts.
 */

const dashboard = queryViewRoute({
  path: "/dashboard",
  summary: "The dashboard: a day's bookings, the week's counts, bookings waiting for confirmation or completion",
  data: DashboardView,
  query: z.object({ date: dateParam }).strict(),
});
const calendar = queryViewRoute({
  path: "/calendar",
  summary: "The calendar's day or week: staff with hours, bookings, time off, the services to book",
  data: CalendarView,
  query: calendarQuery,
});
const bookings = queryViewRoute({
  path: "/bookings",
  summary: "The bookings list: a page of bookings in a local date range, by status and staff member",
  data: BookingsView,
  query: bookingsQuery,
});
const services = viewRoute({
  path: "/services",
  summary: "The services page: every service and the staff who may perform them",
  data: ServicesView,
});
const staff = viewRoute({
  path: "/staff",
  summary: "The staff page: staff with hours, linked members and calendar feeds, time off, the members to link",
  data: StaffView,
});
const customers = queryViewRoute({
  path: "/customers",
  summary: "The customers page; `search` matches name, e-mail or phone",
  data: CustomersView,
  query: customersQuery,
});
const settings = viewRoute({
  path: "/settings",
  summary: "The settings page: the business, members, webhooks, Stripe, and (not for staff) failed jobs and API keys",
  data: SettingsView,
});
const aiLog = queryViewRoute({
  path: "/ai-log",
  summary: "The AI log page: the assistant's latest conversations",
  data: AiLogView,
  query: z.object({ limit: limitField }).strict(),
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
