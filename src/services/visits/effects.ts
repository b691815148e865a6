import type { SQL } from "drizzle-orm";
import type { BookingStatus } from "../../domain/booking-status";
import { type CreatedBookingFacts, createdEventFacts, createdFactsOfView } from "../bookings/created-facts";
import { bookingEffects, type EffectsCtx, type EventFacts, factsFromView, iso } from "../bookings/effects";
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
  "id" | "serviceId" | "serviceName" | "staffId" | "staffName" | "startAt" | "endAt" | "totalAmount"
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

/**
 * The "created" facts of a visit (a create that confirms at once, a held visit whose payment
 * succeeded, an owner confirming it): the single booking's facts of the visit as one booking,
 * with its items. Both moments tell the same people the same things, as for a booking.
 */
export function visitCreatedFacts(base: CreatedBookingFacts, visitId: string, items: readonly VisitItemFacts[]): EventFacts {
  return {
    ...createdEventFacts(base),
    ...visitMailParts(visitId, items),
    webhook: {
      booking: visitWebhookBooking(
        {
          visitId,
          confirmationCode: base.confirmationCode,
          status: "confirmed",
          timezone: base.timezone,
          source: base.source,
          currency: base.currency,
          customer: base.customer,
        },
        items,
      ),
    },
  };
}

/** A visit becoming confirmed (payment, owner), from one of its item's views and its items, gated on the move. */
export function visitCreatedEffectsFromView(ctx: EffectsCtx, view: BookingView, items: readonly VisitItem[], gate: SQL) {
  const base = createdFactsOfView(visitAsBooking(view, items));
  return bookingEffects(ctx, "created", visitCreatedFacts(base, view.visitId ?? base.id, items), gate);
}
