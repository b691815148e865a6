import { z } from "@hono/zod-openapi";
import { CustomerReliability } from "./reliability-shapes";
import { BOOKING_SOURCES, BOOKING_STATUSES } from "../../domain/booking-status";
import type { BookingView } from "../../services/bookings";
import type { BookingDetail, HistoryRow } from "../../services/owner/booking-detail";
import type { CreatedVisit } from "../../services/visits/create";
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
  | "visitId"
  | "processingOffsetMinutes"
  | "processingMinutes"
  | "resourceIds"
>;

const iso = (ms: number) => new Date(ms).toISOString();

/** design.md §26: the window in which the staff member is free (a colour developing); null = none. */
export const ProcessingWindow = z
  .object({
    startDatetime: z.string().openapi({ description: "UTC ISO-8601 instant" }),
    endDatetime: z.string().openapi({ description: "UTC ISO-8601 instant" }),
  })
  .openapi("ProcessingWindow");

/** The processing window of a booking from its start and stored minutes (0 = none). */
export function processingWindow(b: { startAt: number; processingOffsetMinutes: number; processingMinutes: number }) {
  if (!(b.processingMinutes > 0 && b.processingOffsetMinutes > 0)) return null;
  const from = b.startAt + b.processingOffsetMinutes * 60_000;
  return { startDatetime: iso(from), endDatetime: iso(from + b.processingMinutes * 60_000) };
}

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

/** The head fields' values: the code only for callers who may see it (`seesConfirmationCodes`, design.md §31). */
export const toBookingHead = (
  b: Pick<BookingLike, "id" | "confirmationCode" | "status" | "source" | "startAt" | "endAt">,
  codes: boolean,
) => ({
  id: b.id,
  confirmationCode: codes ? b.confirmationCode : null,
  status: b.status,
  source: b.source,
  startDatetime: iso(b.startAt),
  endDatetime: iso(b.endAt),
});

/** design.md §26's fields of a booking, each present only when set: its visit, its processing window, its resources. */
export function toVisitExtras(
  b: Pick<BookingLike, "visitId" | "startAt" | "processingOffsetMinutes" | "processingMinutes" | "resourceIds">,
) {
  const window = processingWindow(b);
  return {
    ...(b.visitId ? { visitId: b.visitId } : {}),
    ...(window ? { processing: window } : {}),
    ...(b.resourceIds.length ? { resourceIds: b.resourceIds } : {}),
  };
}

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
    // design.md §26, present only when they carry something, so a booking of a service without
    // processing time or resources answers exactly as before visits existed.
    visitId: z
      .string()
      .optional()
      .openapi({ description: "design.md §26, items of a visit only: the visit (its status, cancel and move act on the whole visit)" }),
    processing: ProcessingWindow.optional().openapi({
      description: "design.md §26, only when the service has processing time: the window in which the staff member is free",
    }),
    resourceIds: z
      .array(z.string())
      .optional()
      .openapi({ description: "design.md §26, only when the booking holds resources: the rooms, chairs, ... it holds" }),
  })
  .openapi("OwnerBooking");

/**
 * Owner API booking: camelCase, UTC ISO instants (design.md §13). `codes`: whether the caller may
 * see confirmation codes (`seesConfirmationCodes`, design.md §31); otherwise the code is null.
 */
export function toOwnerBooking(b: BookingLike, codes: boolean): z.infer<typeof OwnerBooking> {
  return {
    ...toBookingHead(b, codes),
    serviceId: b.serviceId,
    staffId: b.staffId,
    customerId: b.customerId,
    totalAmount: b.totalAmount,
    currency: b.currency,
    notes: b.notes,
    cancelReason: b.cancelReason,
    createdAt: b.createdAt,
    ...toVisitExtras(b),
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
  customerReliability: CustomerReliability.nullable().openapi({
    description: "design.md §28: the customer's reliability record now; null for an anonymous walk-in",
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
    customerReliability: b.customerReliability,
  };
}

/**
 * design.md §26: a visit the business booked (`items` in the create body): the visit's id, code and
 * span, and each item as the owner API lists it (its staff column, processing window, resources).
 */
export const OwnerCreatedVisit = z
  .object({
    id: z.string().openapi({ description: "The visit's id (each item's `visitId`)" }),
    confirmationCode: z.string().nullable().openapi({ description: "null for callers who may not see codes (design.md §31)" }),
    status: z.enum(BOOKING_STATUSES),
    startDatetime: z.string().openapi({ description: "The first item's start, UTC ISO-8601" }),
    endDatetime: z.string().openapi({ description: "The last item's end, UTC ISO-8601" }),
    totalAmount: z.number().int().openapi({ description: "The items' prices summed, minor units" }),
    currency: z.string(),
    items: z.array(OwnerBooking),
  })
  .openapi("OwnerCreatedVisit");

export function toOwnerCreatedVisit(v: CreatedVisit, createdAt: string, codes: boolean): z.infer<typeof OwnerCreatedVisit> {
  return {
    id: v.id,
    confirmationCode: codes ? v.confirmationCode : null,
    status: v.status,
    startDatetime: iso(v.startAt),
    endDatetime: iso(v.endAt),
    totalAmount: v.totalAmount,
    currency: v.currency,
    items: v.items.map((i) =>
      toOwnerBooking(
        {
          ...i,
          confirmationCode: v.confirmationCode,
          status: v.status,
          source: v.source,
          customerId: v.customerId,
          currency: v.currency,
          notes: v.notes,
          cancelReason: null,
          createdAt,
          visitId: v.id,
        },
        codes,
      ),
    ),
  };
}
