import { z } from "@hono/zod-openapi";
import { instantToLocalString } from "../../domain/time";
import type {
  VisitAvailability as VisitAvailabilityView,
  VisitAvailabilityDays as VisitDaysView,
} from "../../services/visits/availability";
import type { CreatedVisit as CreatedVisitView } from "../../services/visits/create";
import { AvailabilityDays } from "./availability-shapes";
import { CreatedBooking, toPaymentStep } from "./booking-shapes";

// design.md §26: the public answers of visits (several services back to back). camelCase like
// availability and the creation result; the lookup's items are snake_case like the lookup.

const LOCAL_TIME = "The business's wall clock, YYYY-MM-DDTHH:MM:SS (no offset)";
const UTC_INSTANT = "The same instant in UTC (ISO-8601 with Z)";

export const VisitAvailabilityItem = z
  .object({
    serviceId: z.string(),
    staffProfileId: z
      .string()
      .openapi({ description: "The staff member who would perform this service (the same one preferred when free)" }),
    staffName: z.string(),
    startTime: z.string().openapi({ description: LOCAL_TIME }),
    endTime: z.string().openapi({ description: LOCAL_TIME }),
  })
  .openapi("VisitAvailabilityItem");

export const VisitAvailability = z
  .object({
    date: z.string().openapi({ description: "A date in the business's time zone, YYYY-MM-DD" }),
    timezone: z.string().openapi({ description: "IANA time zone of the business" }),
    slots: z.array(
      z
        .object({
          startTime: z.string().openapi({ description: `The visit's start: ${LOCAL_TIME}` }),
          endTime: z.string().openapi({ description: `The end of its last service: ${LOCAL_TIME}` }),
          startUtc: z.string().openapi({ description: UTC_INSTANT }),
          endUtc: z.string().openapi({ description: UTC_INSTANT }),
          items: z.array(VisitAvailabilityItem).openapi({ description: "The services in the order asked, back to back" }),
        })
        .openapi("VisitSlot"),
    ),
  })
  .openapi("VisitAvailability");

export function toVisitAvailability(a: VisitAvailabilityView): z.infer<typeof VisitAvailability> {
  return {
    date: a.date,
    timezone: a.timezone,
    slots: a.slots.map((s) => ({
      startTime: s.startTime,
      endTime: s.endTime,
      startUtc: s.startUtc,
      endUtc: s.endUtc,
      items: s.items.map((i) => ({
        serviceId: i.serviceId,
        staffProfileId: i.staffId,
        staffName: i.staffName,
        startTime: i.startTime,
        endTime: i.endTime,
      })),
    })),
  };
}

export const VisitAvailabilityDays = AvailabilityDays;

export function toVisitAvailabilityDays(d: VisitDaysView): z.infer<typeof VisitAvailabilityDays> {
  return { timezone: d.timezone, days: d.days.map((day) => ({ date: day.date, slots: day.slots, firstStartTime: day.firstStartTime })) };
}

export const CreatedVisitItem = z
  .object({
    id: z.string().openapi({ description: "The item's booking id (the owner API lists it with its visitId)" }),
    serviceId: z.string(),
    staffProfileId: z.string(),
    startDatetime: z.string().openapi({ description: LOCAL_TIME }),
    endDatetime: z.string().openapi({ description: LOCAL_TIME }),
  })
  .openapi("CreatedVisitItem");

/** The creation result: the contract's four fields (`id` = the visit's), the payment step, and the items. */
export const CreatedVisit = CreatedBooking.extend({ items: z.array(CreatedVisitItem) }).openapi("CreatedVisit");

export function toCreatedVisit(v: CreatedVisitView): z.infer<typeof CreatedVisit> {
  const local = (ms: number) => instantToLocalString(v.timezone, ms);
  const base = {
    id: v.id,
    confirmationCode: v.confirmationCode,
    status: v.status,
    customerUserId: v.customerUserId,
    items: v.items.map((i) => ({
      id: i.id,
      serviceId: i.serviceId,
      staffProfileId: i.staffId,
      startDatetime: local(i.startAt),
      endDatetime: local(i.endAt),
    })),
  };
  if (v.payment === undefined) return base;
  return { ...base, payment: v.payment === null ? null : toPaymentStep(v.payment) };
}
