import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { vi } from "vitest";
import type { Env, QueueMessage } from "../../src/config";
import worker from "../../src/index";

// Drives the Worker's real entry points (queue, scheduled) the way Cloudflare does, and talks to
// the capture server that stands in for the third parties those entry points call (the e-mail
// provider, integrators' endpoints, Stripe).

export const workerEnv = env as unknown as Env & {
  STRIPE_WEBHOOK_SECRET: string;
  STRIPE_CONNECT_WEBHOOK_SECRET: string;
  CAPTURE_URL: string;
};

export type QueueTestMessage = { id: string; timestamp: Date; attempts: number; body: QueueMessage };

/**
 * Hands a batch to the Worker's queue handler and returns what it acked / retried.
 * getQueueResult() drops the delay a retry asks for, so each message's retry() is observed on
 * the way through (the platform's method still runs).
 */
export async function deliverBatch(messages: QueueTestMessage[]) {
  const batch = createMessageBatch<QueueMessage>("booking-email", messages);
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options?: QueueRetryOptions) => {
      delays.set(message.id, options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryMessages: result.retryMessages.map((r) => ({ ...r, delaySeconds: delays.get(r.msgId) })) };
}

/** One cron tick of the Worker. */
export async function runCron() {
  const controller = createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
}

export type CapturedRequest = { method: string; path: string; headers: Record<string, string>; body: string; status: number; at: number };
export type CaptureFilter = { pathPrefix?: string; bodyContains?: string; method?: string };
export type Scripted = { status: number; body?: unknown; delayMs?: number };

/** What the capture server received that matches `filter`, oldest first. */
export async function captured(filter: CaptureFilter): Promise<CapturedRequest[]> {
  const q = new URLSearchParams(filter as Record<string, string>);
  const res = await fetch(`${workerEnv.CAPTURE_URL}/__control/requests?${q}`);
  return ((await res.json()) as { requests: CapturedRequest[] }).requests;
}

/** The capture server answers the next matching requests with these responses, then 200 again. */
export async function script(filter: CaptureFilter, responses: Scripted[]) {
  const res = await fetch(`${workerEnv.CAPTURE_URL}/__control/rules`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...filter, responses }),
  });
  if (!res.ok) throw new Error(`capture server refused the rule: ${res.status}`);
}

/** Ends the scripted answers of `script(filter, ...)` early (a provider that comes back). */
export async function unscript(filter: CaptureFilter) {
  const res = await fetch(`${workerEnv.CAPTURE_URL}/__control/rules`, {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(filter),
  });
  if (!res.ok) throw new Error(`capture server refused to drop the rule: ${res.status}`);
}

/** Polls `check` (vitest's `vi.waitFor`) until it returns a value (not undefined) or the deadline passes. */
export function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = "condition"): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await check();
      if (v === undefined) throw new Error(`timed out waiting for ${what}`);
      return v;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/**
 * Runs cron ticks until `read()` gives a row `done` accepts, and returns it: work the cron must pick
 * up by itself (an enqueue that was lost, a sender that died), not the queue consumer.
 */
export function cronUntil<T>(read: () => Promise<T>, done: (row: T) => boolean, what: string): Promise<T> {
  return eventually(
    async () => {
      await runCron();
      const row = await read();
      return done(row) ? row : undefined;
    },
    15_000,
    what,
  );
}
