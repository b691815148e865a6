import { addDays, formatLocalDate, type LocalDate, wallDayStart } from "../../domain/time";
import { type BookingCtx, type BookingScope, getAvailability } from "../bookings";

/**
 * The days range the assistants' `find_available_days` tool reads: per local date, how many free
 * start times and the first one. It is the shape of GET /api/public/:slug/availability/days
 * (design.md §16, built on another branch): when that service lands, `availabilityDays` should
 * call it (one round trip for the whole range) instead of one-day availability per date.
 */

export type DaysQuery = { serviceId: string; from: LocalDate; to: LocalDate; staffId?: string };
export type AvailabilityDays = { timezone: string; days: { date: string; slots: number; firstStartTime: string | null }[] };

export type DaysAvailability = (ctx: Pick<BookingCtx, "db" | "now">, scope: BookingScope, q: DaysQuery) => Promise<AvailabilityDays>;

/** Stand-in until the days service is merged: the one-day computation per date, run concurrently. */
export const availabilityDays: DaysAvailability = async (ctx, scope, q) => {
  const count = Math.round((wallDayStart(q.to) - wallDayStart(q.from)) / 86_400_000) + 1;
  const dates = Array.from({ length: Math.max(0, count) }, (_, i) => addDays(q.from, i));
  const results = await Promise.all(dates.map((date) => getAvailability(ctx, scope, { serviceId: q.serviceId, staffId: q.staffId, date })));
  return {
    timezone: results[0]?.timezone ?? "UTC",
    days: results.map((r, i) => ({
      date: formatLocalDate(dates[i]),
      slots: r.slots.length,
      firstStartTime: r.slots[0]?.startTime ?? null,
    })),
  };
};
