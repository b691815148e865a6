/**
 * Booking use cases, shared by the public API (src/routes/public) and the owner API
 * (src/routes/owner/bookings*). Routes parse and map; everything below owns its batches, its
 * side effects (customer e-mail, notices, reminder jobs and webhook deliveries in the SAME batch as
 * the change through bookingEffects in ./effects.ts, queued after it via ctx.waitUntil) and its
 * error codes.
 *
 * Context: `BookingCtx = { db, now, env, waitUntil }`; from a Hono handler:
 *   c.var.services (the services context; a use case reads the `Pick` it names)
 *
 * Who/which rules:
 *   BookingScope (tenant-level: create, availability)
 *     { kind: "public", slug }                  tenant must be active and not suspended (else 404);
 *                                               only online-bookable services, bookable staff;
 *                                               guests need allow_guest_booking (else 403 guest_disabled)
 *     { kind: "owner", tenantId }               the caller's tenant, suspended or not; any active,
 *                                               non-deleted service; any non-deleted staff member
 *   BookingRef (booking-level: lookup, reschedule, cancel)
 *     { kind: "public", code }                  by confirmation code, case-insensitive
 *     { kind: "owner", tenantId, bookingId }    by id inside the tenant (else 404)
 *
 * Functions (times in: tenant-local wall time from parseLocalDateTime; times out: UTC epoch ms):
 *   getAvailability(ctx, scope, { serviceId, staffId?, date })  -> { date, timezone, slots[] }   1 round trip
 *   getAvailabilityDays(ctx, scope, { serviceId, staffId?, from, to }) (<= 42 dates)
 *     -> { timezone, days: [{ date, slots (count), firstStartTime }] }                          1 round trip
 *   Scheduling rules (design.md §16) in all of them: who performs the service (staffIds), buffers
 *   (stored on each booking), date overrides, closures; public scope only: minimum notice and horizon.
 *   createBooking(ctx, scope, { serviceId, staffProfileId, start, customer, source, customerAccountId? })
 *     -> CreatedBooking (status "confirmed")                                                       2 round trips
 *     404 not_found | 403 guest_disabled | 409 slot_taken
 *   lookupBooking(ctx, ref) -> BookingView                                                         1 round trip
 *   rescheduleBooking(ctx, ref, { start, staffProfileId? }) -> BookingView after the move          2 round trips
 *     404 not_found (public: also tenant suspended/inactive) | 409 not_reschedulable | 409 slot_taken
 *   cancelBooking(ctx, ref, { reason?, via? }) -> { booking, alreadyCancelled, refund }          1-2 round trips
 *     THE cancellation, also of the owner status route (via: "status"; design.md §5, §21)
 *     404 not_found | 409 not_cancellable (via "cancel") | 409 invalid_transition (via "status")
 *
 * Invariants every caller relies on:
 *   - No double booking: the overlap check is inside the INSERT/UPDATE itself (staffFreeSql), and
 *     the partial unique index bookings_staff_start_active_uq maps to 409 slot_taken.
 *   - A start is accepted only if availability would list it (same slot engine, same day data).
 *   - Every booking lasts at most MAX_BOOKING_MINUTES (24 h): overlap queries rely on it. Do not
 *     write bookings rows by other paths.
 *   - Status changes other than cancel (confirm, complete, no_show) belong to the owner API; use
 *     transitionError() from src/domain/booking-status.ts and a conditional UPDATE.
 */
export {
  getAvailability,
  getAvailabilityDays,
  MAX_DAYS_RANGE,
  type Availability,
  type AvailabilityDays,
  type AvailabilitySlot,
} from "../availability";
export { cancelBooking, type CancelResult } from "./cancel";
export { createBooking, type CreateBookingInput, type CreatedBooking, type CustomerInput } from "./create";
export type { BookingSource } from "../../shared/booking-values";
export { lookupBooking, type BookingRef, type BookingView, type LookupView } from "./lookup";
export { rescheduleBooking, type RescheduleInput } from "./reschedule";
export type { BookingCtx, BookingScope } from "./scope";
