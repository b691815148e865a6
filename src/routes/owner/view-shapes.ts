import { z } from "@hono/zod-openapi";
import { formatMinute, toWorkingIntervals } from "../../domain/working-hours";
import { formatLocalDate, type LocalDate } from "../../domain/time";
import type { OwnerAuth } from "../../auth-context";
import type { BookingItemRow, BusinessSummary } from "../../services/owner/views/common";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, supportedLocale } from "../../shared/i18n/locales";
import { MEMBER_ROLES } from "../../shared/member-roles";
import { bookingHeadFields, ProcessingWindow, toBookingHead, toVisitExtras } from "./booking-shapes";
import { WorkingHoursInterval } from "./staff";
import { timeOffSpanFields } from "./time-off";

// Mappers of the owner app's page views (GET /api/businesses/me/views/*): explicit fields only.

const iso = (ms: number) => new Date(ms).toISOString();

const LOCAL_DATE = "A date in the business's time zone, YYYY-MM-DD";

export const AppBusiness = z
  .object({
    id: z.string(),
    slug: z.string(),
    businessName: z.string(),
    timezone: z.string(),
    currency: z.string(),
    locale: z.enum(SUPPORTED_LOCALES).openapi({ description: "The business's language (design.md §30)" }),
    isActive: z.boolean(),
    isSuspended: z.boolean(),
    today: z.string().openapi({ description: LOCAL_DATE }),
  })
  .openapi("AppBusiness");

export const Viewer = z
  .object({
    userId: z.string().nullable().openapi({ description: "null for an API key" }),
    role: z.enum(MEMBER_ROLES).openapi({ description: "Decides which actions the page offers; an API key acts as admin" }),
    readOnly: z.boolean().openapi({ description: "true while the platform operator impersonates" }),
    locale: z
      .enum(SUPPORTED_LOCALES)
      .nullable()
      .openapi({ description: "The language the member reads the app in (their own, else the business's); null for an API key" }),
  })
  .openapi("AppViewer");

export const BookingItem = z
  .object({
    ...bookingHeadFields,
    staffId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    customer: z
      .object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() })
      .nullable()
      .openapi({ description: "null for an anonymous walk-in" }),
    totalAmount: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    notes: z.string(),
    // design.md §26, present only when they carry something (like OwnerBooking's).
    visitId: z.string().optional().openapi({ description: "Items of a visit only: the visit (its items share the code)" }),
    processing: ProcessingWindow.optional().openapi({
      description: "Only with processing time: the window in which the staff member is free",
    }),
    resourceIds: z.array(z.string()).optional().openapi({ description: "Only when the booking holds resources" }),
  })
  .openapi("AppBookingItem");

export const StaffItem = z
  .object({
    id: z.string(),
    displayName: z.string(),
    title: z.string(),
    color: z.string(),
    isBookable: z.boolean(),
    orderIndex: z.number().int(),
  })
  .openapi("AppStaffItem");

export const StaffWithHours = StaffItem.extend({
  workingHours: z.array(WorkingHoursInterval).openapi({ description: "Weekly hours in the business's time zone, by day then start" }),
}).openapi("AppStaffWithHours");

export const TimeOffItem = z.object({ id: z.string(), staffId: z.string(), ...timeOffSpanFields }).openapi("AppTimeOff");

/** design.md §26: a resource as the calendar's resources view and the resources page show it. */
export const ResourceItem = z
  .object({ id: z.string(), name: z.string(), type: z.string(), isActive: z.boolean() })
  .openapi("AppResourceItem");

export const ResourceTimeOffItem = z.object({ id: z.string(), resourceId: z.string(), ...timeOffSpanFields }).openapi("AppResourceTimeOff");

export const toResourceItem = (r: { id: string; name: string; type: string; isActive: boolean }): z.infer<typeof ResourceItem> => ({
  id: r.id,
  name: r.name,
  type: r.type,
  isActive: Boolean(r.isActive),
});

export const toResourceTimeOffItem = (t: {
  id: string;
  resourceId: string;
  startAt: number;
  endAt: number;
  reason: string;
}): z.infer<typeof ResourceTimeOffItem> => ({
  id: t.id,
  resourceId: t.resourceId,
  start: iso(t.startAt),
  end: iso(t.endAt),
  reason: t.reason,
});

/** The business as every page's header and formatting need it; `today` is its local date. */
export function toAppBusiness(b: BusinessSummary, today: LocalDate): z.infer<typeof AppBusiness> {
  return {
    id: b.id,
    slug: b.slug,
    businessName: b.businessName,
    timezone: b.timezone,
    currency: b.currency,
    locale: supportedLocale(b.locale) ?? DEFAULT_LOCALE,
    isActive: Boolean(b.isActive),
    isSuspended: Boolean(b.isSuspended),
    today: formatLocalDate(today),
  };
}

/**
 * Who is looking: the membership role decides which actions the page offers; readOnly =
 * impersonation. An API key (design.md §19) acts as an admin and has no user.
 */
export function toViewer(auth: OwnerAuth): z.infer<typeof Viewer> {
  return auth.via === "token"
    ? { userId: auth.userId, role: auth.role, readOnly: auth.impersonation !== undefined, locale: auth.locale }
    : { userId: null, role: auth.role, readOnly: false, locale: null };
}

/**
 * A booking as a calendar block or a list row: times as UTC instants, the service's name, the
 * customer's contact; the code only for those who may see it (`seesConfirmationCodes`).
 */
export function toBookingItem(r: BookingItemRow, codes: boolean): z.infer<typeof BookingItem> {
  return {
    ...toBookingHead(r, codes),
    staffId: r.staffId,
    serviceId: r.serviceId,
    serviceName: r.serviceName,
    customer:
      r.customerId === null
        ? null
        : {
            id: r.customerId,
            firstName: r.customerFirstName ?? "",
            lastName: r.customerLastName ?? "",
            email: r.customerEmail ?? "",
            phone: r.customerPhone ?? "",
          },
    totalAmount: r.totalAmount,
    currency: r.currency,
    notes: r.notes,
    ...toVisitExtras(r),
  };
}

type StaffSummary = { id: string; displayName: string; title: string; color: string; isBookable: boolean; orderIndex: number };
type HoursRow = { staffId: string; weekday: number; startMinute: number; endMinute: number };

export function toStaffItem(s: StaffSummary): z.infer<typeof StaffItem> {
  return {
    id: s.id,
    displayName: s.displayName,
    title: s.title,
    color: s.color,
    isBookable: Boolean(s.isBookable),
    orderIndex: s.orderIndex,
  };
}

/** Staff with their weekly hours (design.md §7's `workingHours` shape). */
export function toStaffWithHours(staff: StaffSummary[], hours: HoursRow[]): z.infer<typeof StaffWithHours>[] {
  return staff.map((s) => ({ ...toStaffItem(s), workingHours: toWorkingIntervals(hours.filter((h) => h.staffId === s.id)) }));
}

export function toTimeOffItem(t: {
  id: string;
  staffId: string;
  startAt: number;
  endAt: number;
  reason: string;
}): z.infer<typeof TimeOffItem> {
  return { id: t.id, staffId: t.staffId, start: iso(t.startAt), end: iso(t.endAt), reason: t.reason };
}

/** A staff member's hours on one date instead of the weekly hours (design.md §16); [] = not working. */
export const OverrideItem = z
  .object({
    date: z.string().openapi({ description: "A date in the business's time zone, YYYY-MM-DD" }),
    intervals: z
      .array(z.object({ start: z.string(), end: z.string() }))
      .openapi({ description: 'HH:MM in the business\'s zone, by start ("24:00" ends the day); [] = not working' }),
  })
  .openapi("OverrideItem");

export function toOverrideItem(o: {
  date: string;
  intervals: Array<{ startMinute: number; endMinute: number }>;
}): z.infer<typeof OverrideItem> {
  return { date: o.date, intervals: o.intervals.map((i) => ({ start: formatMinute(i.startMinute), end: formatMinute(i.endMinute) })) };
}
