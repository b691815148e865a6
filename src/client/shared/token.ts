/**
 * How long a token still works, measured on this browser's own clock (issue #34 item 11).
 *
 * A token's `exp` is an instant on the server's clock; compared with the browser's wall time it
 * signs out at once, in a loop, anyone whose computer's clock is a day off. So the browser uses
 * the lifetime the server gave the token (`exp - iat`, both on the server's clock) from the moment
 * it received the token (`receivedAt`, its own clock): both ends of that measurement are on the
 * same clock, whatever that clock says. The server's answer stays the authority: a 401 ends a
 * session whatever this estimate says.
 */
export type HeldToken = {
  token: string;
  /** This browser's `Date.now()` when the token arrived; absent for a session stored before it was kept. */
  receivedAt?: number;
};

function claimsOf(token: string): Record<string, unknown> | null {
  try {
    let part = (token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/");
    while (part.length % 4) part += "=";
    const claims = JSON.parse(atob(part)) as unknown;
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The lifetime the server gave the token (`exp - iat`) in ms; 0 when unreadable, so it is not used. */
export function tokenLifetimeMs(token: string): number {
  const c = claimsOf(token);
  const { iat, exp } = c ?? {};
  if (typeof iat !== "number" || typeof exp !== "number" || !Number.isFinite(iat) || !Number.isFinite(exp)) return 0;
  return Math.max(0, exp - iat) * 1000;
}

/** The token together with the moment this browser received it (to store both). */
export function received(token: string, now = Date.now()): Required<HeldToken> {
  return { token, receivedAt: now };
}

/**
 * Milliseconds the token has left on this browser's clock (negative once it has ended), or null
 * when that cannot be told: no receipt time was kept, or this clock was set back since then.
 */
export function tokenTimeLeft(held: HeldToken, now = Date.now()): number | null {
  const at = held.receivedAt;
  if (typeof at !== "number" || !Number.isFinite(at) || at > now) return null;
  return tokenLifetimeMs(held.token) - (now - at);
}

/** Whether to send the token at all: readable and not ended by this browser's clock (unknown: the server decides). */
export function tokenUsable(held: HeldToken, now = Date.now()): boolean {
  if (tokenLifetimeMs(held.token) <= 0) return false;
  const left = tokenTimeLeft(held, now);
  return left === null || left > 0;
}

/** setTimeout's largest delay (about 24.8 days); a longer wait fires at once. */
const MAX_TIMER_MS = 2_000_000_000;

/**
 * How long to wait before refreshing the token, so that it is refreshed `aheadMs` before it ends:
 * at once when that moment has passed or the time left is unknown (a refreshed token's receipt is
 * known again).
 */
export function refreshDelayMs(held: HeldToken, aheadMs: number, now = Date.now()): number {
  const left = tokenTimeLeft(held, now);
  return left === null ? 0 : Math.min(Math.max(0, left - aheadMs), MAX_TIMER_MS);
}
