/**
 * When and how often an outbox e-mail is tried. Pure: the queue consumer and the cron both ask
 * this module, so a row's fate does not depend on which path happened to pick it up.
 */

/** Attempts before a row is given up as `failed` (it stays in the table with its last error). */
export const MAX_EMAIL_ATTEMPTS = 10;

/**
 * A claim older than this is presumed dead (the Worker was evicted mid-send) and may be taken
 * again. Far above the provider timeout, so a live send is never taken from under itself.
 */
export const STUCK_SENDING_MS = 5 * 60_000;

/** Hard limit on one provider call; a slower provider counts as a transient failure. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** How many rows one cron run claims; bounds its subrequests (2 db round trips + 1 send each). */
export const CRON_BATCH_SIZE = 50;

const BASE_DELAY_S = 30;
const MAX_DELAY_S = 30 * 60;

/**
 * Delay before the next try after `attempts` tries have failed: 30 s, 1, 2, 4, 8, 16 min, then
 * every 30 min. With 10 attempts a provider may be down for about two hours before anything is
 * given up. No jitter: the cron's bounded batch already spreads a backlog out.
 */
export function emailRetryDelaySeconds(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(MAX_DELAY_S, BASE_DELAY_S * 2 ** (n - 1));
}

/** True when a transient failure on this attempt ends the row's retries. */
export function isLastEmailAttempt(attempts: number): boolean {
  return attempts >= MAX_EMAIL_ATTEMPTS;
}
