/**
 * When an outbound webhook delivery is tried again. Pure: the queue consumer and the cron ask the
 * same module, so a delivery's fate does not depend on which path picked it up.
 */

/** A delivery is retried for this long after its event was created, then marked failed. */
export const RETRY_WINDOW_MS = 24 * 3600_000;

/** First retry after 30 s, doubling each time (30 s, 1 m, 2 m, 4 m, ...), capped at 1 h. */
export const BASE_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 3600;

/**
 * Delays up to this are carried by the queue (`message.retry({ delaySeconds })`); longer ones by
 * `next_attempt_at` and the every-minute cron. Queues caps retry delays and the consumer's
 * max_retries, so the durable row, not the message, is what keeps a long retry alive.
 */
export const QUEUE_RETRY_MAX_SECONDS = 5 * 60;

/** Queue deliveries before Queues dead-letters a message (wrangler.toml max_retries = 10). */
export const QUEUE_MAX_RETRIES = 10;

/** A claim older than this is presumed dead (Worker evicted mid-send) and may be taken again. */
export const STUCK_SENDING_MS = 5 * 60_000;

/** Hard limit on one POST to an integrator. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Rows one cron run claims: bounds its subrequests. */
export const CRON_BATCH_SIZE = 50;

/** `attempts` counts the try that just failed (1 after the first). */
export function retryDelaySeconds(attempts: number): number {
  const exp = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(BASE_DELAY_SECONDS * 2 ** exp, MAX_DELAY_SECONDS);
}

export type RetryDecision = { kind: "retry"; delaySeconds: number; nextAttemptAt: Date } | { kind: "give_up" };

/** After a failed try: retry when the next try still falls inside the window from creation. */
export function decideRetry(createdAt: Date, attempts: number, now: Date): RetryDecision {
  const delaySeconds = retryDelaySeconds(attempts);
  const next = new Date(now.getTime() + delaySeconds * 1000);
  if (next.getTime() - createdAt.getTime() > RETRY_WINDOW_MS) return { kind: "give_up" };
  return { kind: "retry", delaySeconds, nextAttemptAt: next };
}
