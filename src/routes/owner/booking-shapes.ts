import { z } from "@hono/zod-openapi";
import { BOOKING_SOURCES, BOOKING_STATUSES } from "../../domain/booking-status";
import type { BookingView } from "../../services/bookings";
import type { BookingDetail, HistoryRow } from "../../services/owner/booking-detail";
import { BookingPayments, toBookingPayments } from "./booking-payments";
import { BookingTextsShape, toBookingTexts } from "./text-shapes";

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

/** The fields every owner-side booking shape opens with (the booking list of the pages too). */
export const bookingHeadFields = {
  id: z.string(),
  confirmationCode: z.string().nullable().openapi({
    description: "Shown to owner and admin members and write API keys; null for staff, read keys and read-only impersonation",
  }),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  startDatetime: z.string().openapi({ description: "UTC ISO-8601 instant" }),
  endDatetime: z.string().openapi({ description: "UTC ISO-8601 instant" }),
};

export const OwnerBooking = z
  .object({
    ...bookingHeadFields,
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

/**
 * Owner API booking: camelCase, UTC ISO instants (design.md §13). `codes`: whether the caller may
 * see confirmation codes (`seesConfirmationCodes`, design.md §31); otherwise the code is null.
 */
export function toOwnerBooking(b: BookingLike, codes: boolean): z.infer<typeof OwnerBooking> {
  return {
    id: b.id,
    confirmationCode: codes ? b.confirmationCode : null,
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

const BookingCustomer = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string() });

export const OwnerBookingDetail = OwnerBooking.extend({
  customer: BookingCustomer.nullable().openapi({ description: "null for an anonymous walk-in" }),
  service: z.object({ id: z.string(), name: z.string(), durationMinutes: z.number().int() }),
  staff: z.object({ id: z.string(), displayName: z.string() }),
}).openapi("OwnerBookingDetail");

export function toOwnerBookingDetail(b: BookingView, codes: boolean): z.infer<typeof OwnerBookingDetail> {
  return {
    ...toOwnerBooking(b, codes),
    customer: b.customer && b.customerId ? { id: b.customerId, ...b.customer } : null,
    service: { id: b.serviceId, name: b.serviceName, durationMinutes: b.serviceDurationMinutes },
    staff: { id: b.staffId, displayName: b.staffName },
  };
}

const HISTORY_ACTOR_TYPES = ["member", "api_key", "customer", "system"] as const;
type HistoryActorType = (typeof HISTORY_ACTOR_TYPES)[number];
const HISTORY_ACTORS: Record<string, HistoryActorType> = { user: "member", api_key: "api_key", customer: "customer" };

const HistoryEntry = z
  .object({
    id: z.string(),
    action: z.string().openapi({ example: "booking.rescheduled" }),
    actor: z.object({
      type: z.enum(HISTORY_ACTOR_TYPES),
      name: z.string().nullable().openapi({ description: "The member's or API key's name; null for the customer and the platform" }),
    }),
    reason: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).openapi({ description: "What changed (e.g. the previous and new times)" }),
    createdAt: z.string(),
  })
  .openapi("BookingHistoryEntry");

/**
 * One history entry: what happened, when, by whom (a member's name, an API key's name, the
 * customer, or the platform itself).
 */
function toHistoryEntry(h: HistoryRow): z.infer<typeof HistoryEntry> {
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

export const OwnerBookingFullDetail = OwnerBookingDetail.extend({
  customer: BookingCustomer.extend({ notes: z.string().openapi({ description: "The business's notes on the customer" }) })
    .nullable()
    .openapi({ description: "null for an anonymous walk-in" }),
  timezone: z.string().openapi({ description: "The business's IANA time zone" }),
  payments: BookingPayments.shape.payments,
  card: BookingPayments.shape.card,
  noShowFee: BookingPayments.shape.noShowFee,
  history: z.array(HistoryEntry).openapi({ description: "Oldest first" }),
  guest: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string() }).nullable().openapi({
    description:
      "What the guest typed at an online booking, where it differs from the customer record (which a guest never changes); null otherwise",
  }),
  customerConfirmedAt: z
    .string()
    .nullable()
    .openapi({ description: 'When the customer confirmed by replying to a text reminder (the app shows "Confirmed by client")' }),
  texts: BookingTextsShape.nullable().openapi({
    description: "Texts about this booking (design.md §27); null while texts are not configured",
  }),
}).openapi("OwnerBookingFullDetail");

/** GET /api/bookings/:id: the detail above plus the business's zone, the customer's notes, payments and history. */
export function toOwnerBookingFullDetail(b: BookingDetail, codes: boolean): z.infer<typeof OwnerBookingFullDetail> {
  const base = toOwnerBookingDetail(b, codes);
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
    guest: b.guest,
    customerConfirmedAt: b.customerConfirmedAt,
    texts: b.texts ? toBookingTexts(b.texts) : null,
  };
}
