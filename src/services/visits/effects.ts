import type { SQL } from "drizzle-orm";
import type { BookingStatus } from "../../domain/booking-status";
import { bookingEffects, type BookingEvent, type EffectsCtx, type EventFacts, factsFromView, iso } from "../bookings/effects";
import type { BookingView } from "../bookings/lookup";
import { distinct, type VisitItem, visitAsBooking } from "./items";

/**
 * What a visit tells people (design.md §26): ONE customer e-mail with ONE calendar event (its id
 * is the visit's), one notice per recipient (the business and every staff member of the visit),
 * one set of reminders (on the first item's row) and ONE webhook whose `booking` is the visit
 * with its `items`. Built on the single booking's effects (src/services/bookings/effects.ts), so a
 * visit is told exactly like a booking, listing its services.
 */

/** An item as the webhooks and e-mails need it. */
export type VisitItemFacts = Pick<
  VisitItem,
  "id" | "serviceId" | "serviceName" | "staffId" | "staffName" | "startAt" | "endAt" | "totalAmount" | "resourceIds"
>;

/** The `items` of a visit's webhook payload. */
export function webhookItems(items: readonly VisitItemFacts[]) {
  return items.map((i) => ({
    id: i.id,
    serviceId: i.serviceId,
    serviceName: i.serviceName,
    staffProfileId: i.staffId,
    staffName: i.staffName,
    startDatetime: iso(i.startAt),
    endDatetime: iso(i.endAt),
    totalAmount: i.totalAmount,
    resourceIds: i.resourceIds,
  }));
}

/**
 * The visit's `booking` object for webhooks: a booking's fields (the first item's service and
 * staff member, so a reader of single bookings keeps working), the visit's id, times and summed
 * amount, and its items.
 */
export function visitWebhookBooking(
  v: {
    visitId: string;
    confirmationCode: string;
    status: BookingStatus;
    timezone: string;
    source?: string;
    currency?: string;
    customer?: unknown;
  },
  items: readonly VisitItemFacts[],
) {
  const first = items[0];
  const last = items[items.length - 1];
  return {
    id: v.visitId,
    visitId: v.visitId,
    confirmationCode: v.confirmationCode,
    status: v.status,
    serviceId: first.serviceId,
    serviceName: first.serviceName,
    staffProfileId: first.staffId,
    staffName: first.staffName,
    startDatetime: iso(first.startAt),
    endDatetime: iso(last.endAt),
    timezone: v.timezone,
    ...(v.source !== undefined ? { source: v.source } : {}),
    totalAmount: items.reduce((sum, i) => sum + i.totalAmount, 0),
    ...(v.currency !== undefined ? { currency: v.currency } : {}),
    ...(v.customer !== undefined ? { customer: v.customer } : {}),
    items: webhookItems(items),
  };
}

/** The e-mail side of a visit's facts: its items, the calendar event's id, the other staff members. */
export function visitMailParts(visitId: string, items: readonly VisitItemFacts[]) {
  return {
    calendarId: visitId,
    items: items.map((i) => ({ serviceName: i.serviceName, staffName: i.staffName, startAt: i.startAt, endAt: i.endAt })),
    otherStaffIds: distinct(items.map((i) => i.staffId)).slice(1),
  };
}

/** A visit's facts from one of its item's views and its items (a cancellation, a status change, a confirmation). */
export function visitFactsFromView(view: BookingView, items: readonly VisitItem[]): EventFacts {
  const visit = visitAsBooking(view, items);
  return { ...factsFromView(visit), ...visitMailParts(view.visitId ?? visit.id, items), webhook: {} };
}

/** Everything a visit event causes, gated like the change (see bookingEffects). */
export function visitEffects(ctx: EffectsCtx, event: BookingEvent, facts: EventFacts, gate: SQL) {
  return bookingEffects(ctx, event, facts, gate);
}
