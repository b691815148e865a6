import { z } from "@hono/zod-openapi";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import type { BookingView } from "../../services/bookings";
import type { BookingDetail, HistoryRow } from "../../services/owner/booking-detail";
import { toBookingPayments } from "./booking-payments";

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

type HistoryActorType = "member" | "api_key" | "customer" | "system";
const HISTORY_ACTORS: Record<string, HistoryActorType> = { user: "member", api_key: "api_key", customer: "customer" };

/**
 * One history entry: what happened, when, by whom (a member's name, an API key's name, the
 * customer, or the platform itself).
 */
function toHistoryEntry(h: HistoryRow) {
  const type: HistoryActorType = HISTORY_ACTORS[h.actorType] ?? "system";
  const name =
    type === "member" ? [h.actorFirstName, h.actorLastName].filter((x) => x).join(" ") : type === "api_key" ? h.actorKeyName : null;
  return {
    id: h.id,
    action: h.action,
    actor: { type, name },
    reason: h.reason,
    details: (h.metadata ?? {}) as Record<string, unknown>,
    createdAt: h.createdAt,
  };
}

/** GET /api/bookings/:id: the detail above plus the business's zone, the customer's notes, payments and history. */
export function toOwnerBookingFullDetail(b: BookingDetail) {
  const base = toOwnerBookingDetail(b);
  const money = toBookingPayments(b.money);
  return {
    ...base,
    customer: base.customer ? { ...base.customer, notes: b.customerNotes } : null,
    timezone: b.tenant.timezone,
    // The same money as GET /api/bookings/:id/payments (design.md §21), in the detail's one round trip.
    payments: money.payments,
    card: money.card,
    noShowFee: money.noShowFee,
    history: b.history.map(toHistoryEntry),
  };
}
