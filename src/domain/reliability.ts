import type { ReliabilityPolicy, ReliabilityStep } from "../shared/reliability";

/**
 * design.md §28, pure: a customer's reliability record from their bookings of the last 12 months.
 * A no-show or a late cancellation is a strike; each completed booking takes back one strike made
 * before it (never one made after it: a client cannot bank good visits). Events at or before the
 * owner's reset do not count.
 */

export const RELIABILITY_WINDOW_MS = 365 * 24 * 3_600_000;

export type ReliabilityEvent = { kind: "no_show" | "late_cancel" | "completed"; at: number };

export type ReliabilityRecord = {
  noShows: number;
  lateCancellations: number;
  /** Strikes still standing after completed bookings took theirs back. */
  strikes: number;
};

export function reliabilityRecord(events: readonly ReliabilityEvent[], nowMs: number, resetAt: number | null): ReliabilityRecord {
  const since = Math.max(nowMs - RELIABILITY_WINDOW_MS, resetAt === null ? Number.NEGATIVE_INFINITY : resetAt + 1);
  const counted = events.filter((e) => e.at >= since && e.at <= nowMs).sort((a, b) => a.at - b.at || order(a) - order(b));
  let noShows = 0;
  let lateCancellations = 0;
  let strikes = 0;
  for (const e of counted) {
    if (e.kind === "completed") strikes = Math.max(0, strikes - 1);
    else {
      strikes += 1;
      if (e.kind === "no_show") noShows += 1;
      else lateCancellations += 1;
    }
  }
  return { noShows, lateCancellations, strikes };
}

// At the same instant a strike comes first, so a completed booking can take it back.
const order = (e: ReliabilityEvent) => (e.kind === "completed" ? 1 : 0);

/** The strictest step the strikes reach (a step applies from its count on); trusted customers: none. */
export function reliabilityStep(policy: ReliabilityPolicy | null, strikes: number, trusted: boolean): ReliabilityStep {
  if (!policy || trusted) return "none";
  const reached = (after: number | null) => after !== null && strikes >= after;
  if (reached(policy.blockAfter)) return "blocked";
  if (reached(policy.depositAfter)) return "deposit";
  if (reached(policy.cardAfter)) return "card";
  return "none";
}

/** The deposit share at the deposit step: the larger of the service's and the policy's. */
export function stepDepositPercent(serviceDepositPercent: number, policy: ReliabilityPolicy | null): number {
  return Math.max(serviceDepositPercent, policy?.depositPercent ?? 0);
}
