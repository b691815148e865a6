import { toWorkingIntervals } from "../../domain/working-hours";
import { formatLocalDate, type LocalDate } from "../../domain/time";
import type { OwnerAuth } from "../../auth-context";
import type { BookingItemRow, BusinessSummary } from "../../services/owner/views/common";

// Mappers of the owner app's page views (GET /api/businesses/me/views/*): explicit fields only.

const iso = (ms: number) => new Date(ms).toISOString();

/** The business as every page's header and formatting need it; `today` is its local date. */
export function toAppBusiness(b: BusinessSummary, today: LocalDate) {
  return {
    id: b.id,
    slug: b.slug,
    businessName: b.businessName,
    timezone: b.timezone,
    currency: b.currency,
    isActive: Boolean(b.isActive),
    isSuspended: Boolean(b.isSuspended),
    today: formatLocalDate(today),
  };
}

/**
 * Who is looking: the membership role decides which actions the page offers; readOnly =
 * impersonation. An API key (design.md §19) acts as an admin and has no user.
 */
export function toViewer(auth: OwnerAuth) {
  return auth.via === "token"
    ? { userId: auth.userId, role: auth.role, readOnly: auth.impersonation !== undefined }
    : { userId: null, role: auth.role, readOnly: false };
}

/** A booking as a calendar block or a list row: times as UTC instants, the service's name, the customer's contact. */
export function toBookingItem(r: BookingItemRow) {
  return {
    id: r.id,
    confirmationCode: r.confirmationCode,
    status: r.status,
    source: r.source,
    startDatetime: iso(r.startAt),
    endDatetime: iso(r.endAt),
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
  };
}

type StaffSummary = { id: string; displayName: string; title: string; color: string; isBookable: boolean; orderIndex: number };
type HoursRow = { staffId: string; weekday: number; startMinute: number; endMinute: number };

export function toStaffItem(s: StaffSummary) {
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
export function toStaffWithHours(staff: StaffSummary[], hours: HoursRow[]) {
  return staff.map((s) => ({ ...toStaffItem(s), workingHours: toWorkingIntervals(hours.filter((h) => h.staffId === s.id)) }));
}

export function toTimeOffItem(t: { id: string; staffId: string; startAt: number; endAt: number; reason: string }) {
  return { id: t.id, staffId: t.staffId, start: iso(t.startAt), end: iso(t.endAt), reason: t.reason };
}
