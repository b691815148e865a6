/**
 * design.md §28: the client reliability policy, shared by the server, the owner app and the
 * booking page. Each step is a strike count (no-shows and late cancellations over 12 months, less
 * those taken back by completed bookings) from which it applies; null = never.
 */
export type ReliabilityPolicy = {
  cardAfter: number | null;
  depositAfter: number | null;
  /** The deposit's share of the price at the deposit step (the service's own share when larger). */
  depositPercent: number | null;
  blockAfter: number | null;
};

/** What a recognised customer's public booking must do; "none" = as anyone else's. */
export const RELIABILITY_STEPS = ["none", "card", "deposit", "blocked"] as const;
export type ReliabilityStep = (typeof RELIABILITY_STEPS)[number];

/** The step in the owner's words. */
export const STEP_LABELS: Record<ReliabilityStep, string> = {
  none: "No restriction",
  card: "Card on file required",
  deposit: "Deposit required",
  blocked: "Online booking refused",
};

/** What the booking page says on 403 booking_restricted (the customer never sees counts). */
export const RESTRICTED_MESSAGE = "This business asks you to contact them directly to make a booking.";
