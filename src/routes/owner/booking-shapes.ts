import { z } from "@hono/zod-openapi";
import { BOOKING_STATUSES } from "../../domain/booking-status";
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

export const OwnerBooking = z
  .object({
    id: z.string(),
    confirmationCode: z.string(),
    status: z.enum(BOOKING_STATUSES),
    source: z.enum(["online", "widget", "walk_in", "phone", "admin"]),
    startDatetime: z.string().openapi({ description: "UTC ISO-8601 instant" }),
    endDatetime: z.string().openapi({ description: "UTC ISO-8601 instant" }),
    serviceId: z.string(),
    staffId: z.string(),
    customerId: z.string().nullable(),
    totalAmount: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    notes: z.string(),
    cancelReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("OwnerBooking");

/** Owner API booking: camelCase, UTC ISO instants (design.md §13). */
export function toOwnerBooking(b: BookingLike): z.infer<typeof OwnerBooking> {
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
