import { z } from "@hono/zod-openapi";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import { AiLogEntry } from "../ai/log-shapes";
import { idField, limitField, localDateField, offsetField, pageSizeField, searchField } from "../fields";
import { ApiKey } from "./api-keys";
import { OwnerBusiness } from "./business-shapes";
import { OwnerCustomer } from "./customers";
import { FailedJobView } from "./failed-jobs";
import { Member } from "./members";
import { StripeAccount } from "./payments";
import { Closure } from "./schedule";
import { OwnerService } from "./services";
import { view } from "./view-context";
import { BookingItem, OverrideItem, ResourceItem, ResourceTimeOffItem, StaffItem, StaffWithHours, TimeOffItem } from "./view-shapes";
import { Endpoint } from "./webhook-endpoints";

// The page views' queries and answers (src/routes/owner/views.ts), beside them like every resource's shapes.

export const dateParam = localDateField.optional();
export const dayNumber = (d: { year: number; month: number; day: number }) => d.year * 10000 + d.month * 100 + d.day;

export const calendarQuery = z
  .object({ date: dateParam, view: z.enum(["day", "week"], { error: "Use day or week" }).default("day") })
  .strict();

export const bookingsQuery = z
  .object({
    from: dateParam,
    to: dateParam,
    status: z.enum(BOOKING_STATUSES, { error: `Use one of ${BOOKING_STATUSES.join(", ")}` }).optional(),
    staffId: idField("staffId").optional(),
    offset: offsetField(100_000),
    limit: pageSizeField(25),
  })
  .strict();

export const customersQuery = z.object({ search: searchField.optional(), limit: limitField }).strict();

export const DashboardView = view("DashboardView", {
  date: z.string().openapi({ description: "The first day shown (the business's local date)" }),
  staff: z.array(StaffItem),
  bookings: z.array(BookingItem).openapi({ description: "The day's bookings (not cancelled)" }),
  week: z
    .array(z.object({ date: z.string(), count: z.number().int() }))
    .openapi({ description: "Bookings per day for the 7 days from `date`" }),
  pending: z.array(BookingItem).openapi({ description: "Bookings waiting for confirmation" }),
  open: z.array(BookingItem).openapi({ description: "Past bookings still to be completed or marked no-show" }),
});
export const CalendarView = view("CalendarView", {
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
export const BookingsView = view("BookingsView", {
  from: z.string().openapi({ description: "The first local date listed" }),
  staff: z.array(StaffItem),
  bookings: z.array(BookingItem),
  hasMore: z.boolean(),
});
export const ServicesView = view("ServicesView", { services: z.array(OwnerService), staff: z.array(StaffItem) });
export const StaffView = view("StaffView", {
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
export const CustomersView = view("CustomersView", { customers: z.array(OwnerCustomer) });
export const SettingsView = view("SettingsView", {
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
export const AiLogView = view("AiLogView", { entries: z.array(AiLogEntry) });
