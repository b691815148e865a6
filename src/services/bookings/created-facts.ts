import type { SQL } from "drizzle-orm";
import type { Locale } from "../../shared/i18n/locales";
import type { BookingMailBasics } from "../notifications/booking-mail";
import type { BookingSource } from "../../shared/booking-values";
import { bookingEffects, type EffectsCtx, type EventFacts, factsFromView, iso } from "./effects";
import type { BookingView } from "./lookup";

/**
 * The facts of a booking's "created" event (confirmation e-mail with manage link and .ics, the
 * notices to the business and the staff member, the reminder jobs, the `booking.created` webhook),
 * in one place for both moments a booking becomes confirmed: a create that confirms at once, and a
 * pending booking whose payment succeeded (src/services/payments/confirm.ts). Both must tell the
 * same people the same things.
 */
export type CreatedBookingFacts = BookingMailBasics & {
  id: string;
  tenantId: string;
  serviceId: string;
  staffId: string;
  /** The booking's iCalendar SEQUENCE (0 for a new booking). */
  sequence: number;
  source: BookingSource;
  totalAmount: number;
  currency: string;
  notes: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  /** design.md §27: consent to texts and the number they go to. */
  sms?: { optIn: boolean; phone: string | null };
  /** design.md §30: the booking's language (absent = English) and the business's, for its notices. */
  locale?: Locale;
  businessLocale?: Locale;
};

export function createdEventFacts(b: CreatedBookingFacts): EventFacts {
  return {
    bookingId: b.id,
    tenantId: b.tenantId,
    slug: b.slug,
    businessName: b.businessName,
    accent: b.accent,
    location: b.location,
    timezone: b.timezone,
    serviceName: b.serviceName,
    staffId: b.staffId,
    staffName: b.staffName,
    confirmationCode: b.confirmationCode,
    startAt: b.startAt,
    endAt: b.endAt,
    sequence: b.sequence,
    customer: b.customer,
    notes: b.notes,
    sms: b.sms,
    locale: b.locale,
    businessLocale: b.businessLocale,
    webhook: {
      booking: {
        id: b.id,
        confirmationCode: b.confirmationCode,
        status: "confirmed",
        serviceId: b.serviceId,
        serviceName: b.serviceName,
        staffProfileId: b.staffId,
        staffName: b.staffName,
        startDatetime: iso(b.startAt),
        endDatetime: iso(b.endAt),
        timezone: b.timezone,
        source: b.source,
        totalAmount: b.totalAmount,
        currency: b.currency,
        customer: b.customer,
      },
    },
  };
}

/** The same facts for a booking read back with bookingViewQuery: its facts as any change has them, and what a creation adds. */
export function createdFactsOfView(v: BookingView): CreatedBookingFacts {
  const { bookingId, ...facts } = factsFromView(v);
  return {
    ...facts,
    id: bookingId,
    serviceId: v.serviceId,
    source: v.source,
    totalAmount: v.totalAmount,
    currency: v.currency,
    notes: v.notes,
    customer: v.customer ?? { firstName: "", lastName: "", email: "", phone: "" },
  };
}

/**
 * The payment path (design.md §21): the effects of a pending booking becoming confirmed, from its
 * view, gated on the move. Exactly what a confirmed create writes.
 */
export function createdEffectsFromView(ctx: EffectsCtx, view: BookingView, gate: SQL) {
  return bookingEffects(ctx, "created", createdEventFacts(createdFactsOfView(view)), gate);
}
