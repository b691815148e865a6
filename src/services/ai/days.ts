import type { LocalDate } from "../../domain/time";
import { type AvailabilityDays, type BookingCtx, type BookingScope, getAvailabilityDays } from "../bookings";

/**
 * The days range the assistants' `find_available_days` tool reads: per local date, how many free
 * start times and the first one — GET /api/public/:slug/availability/days (design.md §16), one
 * libSQL round trip for the whole range. Injectable (ChatCtx.days) so tests can stand in for it.
 */

export type DaysQuery = { serviceId: string; from: LocalDate; to: LocalDate; staffId?: string };
export type { AvailabilityDays };

export type DaysAvailability = (ctx: Pick<BookingCtx, "db" | "now">, scope: BookingScope, q: DaysQuery) => Promise<AvailabilityDays>;

export const availabilityDays: DaysAvailability = (ctx, scope, q) => getAvailabilityDays(ctx, scope, q);
