import type { BookingSource } from "./create";
import { type EventFacts, iso } from "./effects";
import type { BookingView } from "./lookup";

/**
 * The facts of a booking's "created" event (confirmation e-mail, `booking.created` webhook), in
 * one place for both moments a booking becomes confirmed: a create that confirms at once, and a
 * pending booking whose payment succeeded (src/services/payments/confirm.ts). Both must send the
 * same e-mails and the same webhook.
 */
export type CreatedBookingFacts = {
  id: string;
  tenantId: string;
  timezone: string;
  businessName: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  confirmationCode: string;
  startAt: number;
  endAt: number;
  source: BookingSource;
  totalAmount: number;
  currency: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
};

export function createdEventFacts(b: CreatedBookingFacts): EventFacts {
  return {
    tenantId: b.tenantId,
    timezone: b.timezone,
    businessName: b.businessName,
    serviceName: b.serviceName,
    staffName: b.staffName,
    confirmationCode: b.confirmationCode,
    startAt: b.startAt,
    customer: { firstName: b.customer.firstName, lastName: b.customer.lastName, email: b.customer.email },
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

/** The same facts for a booking read back with bookingViewQuery. */
export function createdFactsOfView(v: BookingView): CreatedBookingFacts {
  return {
    id: v.id,
    tenantId: v.tenantId,
    timezone: v.tenant.timezone,
    businessName: v.tenant.businessName,
    serviceId: v.serviceId,
    serviceName: v.serviceName,
    staffId: v.staffId,
    staffName: v.staffName,
    confirmationCode: v.confirmationCode,
    startAt: v.startAt,
    endAt: v.endAt,
    source: v.source,
    totalAmount: v.totalAmount,
    currency: v.currency,
    customer: v.customer ?? { firstName: "", lastName: "", email: "", phone: "" },
  };
}
