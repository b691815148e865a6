/**
 * Booking status rules (design.md §5, interface.md §States and transitions). Pure: callers turn
 * the answers into 409 invalid_transition / not_cancellable / not_reschedulable.
 */

import { BOOKING_STATUSES, type BookingStatus } from "../shared/booking-values";

// The lists themselves are const tuples the browser shares (src/shared/booking-values.ts).
export { BOOKING_SOURCES, BOOKING_STATUSES, type BookingSource, type BookingStatus } from "../shared/booking-values";

/** Allowed status changes; anything not listed (including "to itself") is invalid_transition. */
export const STATUS_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["completed", "no_show", "cancelled"],
  completed: [],
  no_show: [],
  cancelled: [],
};

export const TERMINAL_STATUSES: readonly BookingStatus[] = ["completed", "no_show", "cancelled"];
/** Statuses a booking can be moved or cancelled from (SQL `status IN (...)` guards use this list). */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ["pending", "confirmed"];

export function isBookingStatus(s: unknown): s is BookingStatus {
  return typeof s === "string" && (BOOKING_STATUSES as readonly string[]).includes(s);
}

export function isTerminal(status: BookingStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** null when allowed, else the error code to answer with. */
export function transitionError(from: BookingStatus, to: BookingStatus): "invalid_transition" | null {
  return canTransition(from, to) ? null : "invalid_transition";
}

export type CancelCheck = "ok" | "already_cancelled" | "not_cancellable";

/** Cancel is idempotent: a cancelled booking answers "already_cancelled" (200), not an error. */
export function canCancel(status: BookingStatus): CancelCheck {
  if (status === "cancelled") return "already_cancelled";
  return canTransition(status, "cancelled") ? "ok" : "not_cancellable";
}

/** Only bookings that are still going to happen can move: pending or confirmed. */
export function canReschedule(status: BookingStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}
