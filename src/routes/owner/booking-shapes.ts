import type { BookingView } from "../../services/bookings";

type BookingLike = Pick<
  BookingView,
  | "id"
  | "confirmationCode"
  | "status"
  | "source"
  | "startAt"
  | "endAt"
  | "serviceId"
  | "staffId"
  | "customerId"
  | "totalAmount"
  | "currency"
  | "notes"
  | "cancelReason"
  | "createdAt"
>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Owner API booking: camelCase, UTC ISO instants (design.md §13). */
export function toOwnerBooking(b: BookingLike) {
  return {
    id: b.id,
    confirmationCode: b.confirmationCode,
    status: b.status,
    source: b.source,
    startDatetime: iso(b.startAt),
    endDatetime: iso(b.endAt),
    serviceId: b.serviceId,
    staffId: b.staffId,
    customerId: b.customerId,
    totalAmount: b.totalAmount,
    currency: b.currency,
    notes: b.notes,
    cancelReason: b.cancelReason,
    createdAt: b.createdAt,
  };
}

export function toOwnerBookingDetail(b: BookingView) {
  return {
    ...toOwnerBooking(b),
    customer: b.customer && b.customerId ? { id: b.customerId, ...b.customer } : null,
    service: { id: b.serviceId, name: b.serviceName, durationMinutes: b.serviceDurationMinutes },
    staff: { id: b.staffId, displayName: b.staffName },
  };
}
