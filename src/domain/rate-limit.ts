/**
 * Sliding log over the last `windowMs`: a request is allowed while fewer than `limit` requests
 * are counted in the window; a refused request is not recorded. Retry-After is the whole seconds
 * until the oldest counted request leaves the window (at least 1).
 */
export type SlidingLogDecision = {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** The log to store: trimmed to the window, plus `nowMs` when allowed. */
  timestamps: number[];
};

export function retryAfterSeconds(oldestMs: number | undefined, nowMs: number, windowMs: number): number {
  if (oldestMs === undefined) return 1;
  return Math.max(1, Math.ceil((oldestMs + windowMs - nowMs) / 1000));
}

export function decideSlidingLog(stored: readonly number[], nowMs: number, limit: number, windowMs: number): SlidingLogDecision {
  const inWindow = stored.filter((t) => Number.isFinite(t) && t > nowMs - windowMs).sort((a, b) => a - b);
  if (inWindow.length < limit) {
    const timestamps = [...inWindow, nowMs];
    return { allowed: true, remaining: limit - timestamps.length, retryAfterSeconds: 0, timestamps };
  }
  return { allowed: false, remaining: 0, retryAfterSeconds: retryAfterSeconds(inWindow[0], nowMs, windowMs), timestamps: inWindow };
}
