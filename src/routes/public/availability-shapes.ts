import { z } from "@hono/zod-openapi";
import type { Availability as AvailabilityView, AvailabilityDays as AvailabilityDaysView } from "../../services/bookings";
import type { JsonText } from "../openapi";

// Response schemas of availability (interface.md, design.md §16): slots camelCase, local times in
// the business's zone, and the hot path's JSON writers, which a unit test holds equal to the mappers.

const LOCAL_TIME = "The business's wall clock, YYYY-MM-DDTHH:MM:SS (no offset)";
const LOCAL_DATE = "A date in the business's time zone, YYYY-MM-DD";
const UTC_INSTANT = "The same instant in UTC (ISO-8601 with Z): tells the two 01:30s of a fall-back night apart";

export const AvailabilitySlot = z
  .object({
    staffProfileId: z.string(),
    staffName: z.string(),
    startTime: z.string().openapi({ description: LOCAL_TIME, example: "2031-03-11T10:00:00" }),
    endTime: z.string().openapi({ description: LOCAL_TIME, example: "2031-03-11T10:45:00" }),
    startUtc: z.string().openapi({ description: UTC_INSTANT, example: "2031-03-11T09:00:00.000Z" }),
    endUtc: z.string().openapi({ description: UTC_INSTANT, example: "2031-03-11T09:45:00.000Z" }),
  })
  .openapi("AvailabilitySlot");

export const Availability = z
  .object({
    date: z.string().openapi({ description: LOCAL_DATE }),
    timezone: z.string().openapi({ description: "IANA time zone of the business: the answer's dates and local times are in it" }),
    slots: z.array(AvailabilitySlot).openapi({ description: "Free start times of that date, per staff member" }),
  })
  .openapi("Availability");

export const AvailabilityDays = z
  .object({
    timezone: z.string().openapi({ description: "IANA time zone of the business" }),
    days: z.array(
      z
        .object({
          date: z.string().openapi({ description: LOCAL_DATE }),
          slots: z.number().int().openapi({ description: "How many free start times that date has" }),
          firstStartTime: z
            .string()
            .nullable()
            .openapi({ description: `The first free start: ${LOCAL_TIME}; null when none` }),
        })
        .openapi("AvailabilityDay"),
    ),
  })
  .openapi("AvailabilityDays");

/**
 * Availability (interface.md): slots camelCase, times tenant-local; design.md §16 adds the real
 * instants (`startUtc`/`endUtc`, ISO with Z), so the two 01:30s of a fall-back night differ.
 */
export function toAvailability(a: AvailabilityView): z.infer<typeof Availability> {
  return {
    date: a.date,
    timezone: a.timezone,
    slots: a.slots.map((s) => ({
      staffProfileId: s.staffId,
      staffName: s.staffName,
      startTime: s.startTime,
      endTime: s.endTime,
      startUtc: s.startUtc,
      endUtc: s.endUtc,
    })),
  };
}

/**
 * `{ data: toAvailability(a) }` written straight as JSON text: for any staff member a day is a few
 * hundred slots, and building a second object per slot for JSON.stringify to walk cost about a
 * third of the answer's CPU (docs/benchmarks.md). Each staff member's fields are encoded once; the
 * times are digits, dashes and colons, which JSON never escapes. A unit test holds it equal to
 * toAvailability.
 */
export function availabilityJson(a: AvailabilityView): JsonText<{ data: z.infer<typeof Availability> }> {
  const heads = new Map<string, string>();
  let out = `{"data":{"date":${JSON.stringify(a.date)},"timezone":${JSON.stringify(a.timezone)},"slots":[`;
  for (let i = 0; i < a.slots.length; i++) {
    const s = a.slots[i];
    let head = heads.get(s.staffId);
    if (head === undefined) {
      head = `{"staffProfileId":${JSON.stringify(s.staffId)},"staffName":${JSON.stringify(s.staffName)},"startTime":"`;
      heads.set(s.staffId, head);
    }
    out += `${i ? "," : ""}${head}${s.startTime}","endTime":"${s.endTime}","startUtc":"${s.startUtc}","endUtc":"${s.endUtc}"}`;
  }
  return `${out}]}}` as JsonText<{ data: z.infer<typeof Availability> }>;
}

/** The days range (design.md §16): per tenant-local date, free start times and the first one. */
export function toAvailabilityDays(d: AvailabilityDaysView): z.infer<typeof AvailabilityDays> {
  return {
    timezone: d.timezone,
    days: d.days.map((day) => ({ date: day.date, slots: day.slots, firstStartTime: day.firstStartTime })),
  };
}

/** Text of frozen days answers, which the service hands out again while they hold (availability.ts). */
const daysText = new WeakMap<AvailabilityDaysView, JsonText<{ data: z.infer<typeof AvailabilityDays> }>>();

/** The days answer's body as text, written once per frozen answer. */
export function availabilityDaysJson(d: AvailabilityDaysView): JsonText<{ data: z.infer<typeof AvailabilityDays> }> {
  let text = daysText.get(d);
  if (text === undefined) {
    text = JSON.stringify({ data: toAvailabilityDays(d) }) as JsonText<{ data: z.infer<typeof AvailabilityDays> }>;
    if (Object.isFrozen(d)) daysText.set(d, text);
  }
  return text;
}
