/**
 * design.md §31: holds cannot be hoarded. A business holds at most 3 unpaid `pending` bookings per
 * customer e-mail and per client network (an IPv4 address or an IPv6 /64), and at most 50 in all;
 * past that a public create answers like the rate limiter (429, Retry-After = seconds until the
 * oldest of the holds that block it ends) and holds nothing. Pure: the holds are read by the caller.
 */

export const HOLD_CAPS = { perEmail: 3, perNetwork: 3, perBusiness: 50 } as const;

/** An unpaid hold of the business that has not ended: when it ends, whose e-mail key and network it is. */
export type LiveHold = { endsAt: number; emailKey: string | null; network: string | null };

/**
 * null when one more hold is allowed; otherwise the seconds (at least 1) until enough holds end
 * for it: the oldest end among the holds of every cap that is full.
 */
export function holdCapRetryAfter(holds: LiveHold[], who: { emailKey: string; network: string | null }, nowMs: number): number | null {
  const live = holds.filter((h) => h.endsAt > nowMs);
  const full: LiveHold[][] = [];
  const sameEmail = live.filter((h) => h.emailKey === who.emailKey);
  if (sameEmail.length >= HOLD_CAPS.perEmail) full.push(sameEmail);
  const sameNetwork = who.network ? live.filter((h) => h.network === who.network) : [];
  if (sameNetwork.length >= HOLD_CAPS.perNetwork) full.push(sameNetwork);
  if (live.length >= HOLD_CAPS.perBusiness) full.push(live);
  if (full.length === 0) return null;
  // Every full cap must lose one hold; the latest of their earliest ends is when that happens.
  const when = Math.max(...full.map((group) => Math.min(...group.map((h) => h.endsAt))));
  return Math.max(1, Math.ceil((when - nowMs) / 1000));
}
