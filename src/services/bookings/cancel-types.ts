import type { RefundSummary } from "../payments/cancellation";
import type { BookingView } from "./lookup";

// What a cancellation (./cancel.ts, ../visits/cancel.ts) answers and who asks; a leaf both import.

/** `refund`: what the cancellation gives back (design.md §21), queued in the outbox; null when nothing. */
export type CancelResult = { booking: BookingView; alreadyCancelled: boolean; refund: RefundSummary };

/**
 * Which route asks, which decides only the answers and the records, never what the cancellation
 * does (design.md §5, §15, §17, §21):
 * - "cancel": POST /api/public/booking/:code/cancel (the customer, by code) and POST
 *   /api/bookings/:id/cancel (the business, with an optional reason). Idempotent: an already
 *   cancelled booking answers `alreadyCancelled`; completed and no-show are 409 not_cancellable.
 *   History `booking.cancelled` with the reason.
 * - "status": PATCH /api/bookings/:id/status { status: "cancelled" } (the business). A status
 *   change along the transition table: anything but pending/confirmed is 409 invalid_transition;
 *   it is also announced as `booking.status_changed` and recorded as that in the history.
 */
export type CancelVia = "cancel" | "status";
