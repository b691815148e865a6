import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import type { Env, QueueMessage } from "../../../src/env";
import worker from "../../../src/index";
import { emailInsert } from "../../../src/services/outbox";
import { testDb } from "../../helpers/db";
import { createTenant, uniq } from "../../helpers/factories";

// Drives the real Worker entry points (queue, scheduled) the way Cloudflare does, and reads what
// the e-mail provider (the capture server) received. Each test keys on its own recipient.

export const workerEnv = env as unknown as Env;

/** An outbox row written as a service would (emailInsert), for a fresh tenant and a unique recipient. */
export async function writeOutboxEmail(opts: { now?: Date; subject?: string } = {}) {
  const tenant = await createTenant();
  const to = `rcpt-${uniq()}${uniq()}@example.test`;
  const subject = opts.subject ?? `Hello ${to}`;
  const { id, insert } = emailInsert(
    testDb(),
    { kind: "test.email", subject, text: `Text for ${to}`, html: `<p>Html for ${to}</p>`, tenantId: tenant.id, to },
    opts.now ?? new Date(),
  );
  await insert;
  return { id, to, subject, tenantId: tenant.id };
}

export async function outboxRow(id: string) {
  const [row] = await testDb().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id));
  return row;
}

/** The backoff of a pending row runs out (stands in for waiting 30 s .. 30 min). */
export async function letBackoffElapse(id: string) {
  const past = new Date(Date.now() - 1000).toISOString();
  await testDb().update(schema.emailOutbox).set({ nextAttemptAt: past }).where(eq(schema.emailOutbox.id, id));
}

export function emailMessage(outboxId: string, attempts = 1, id = crypto.randomUUID()) {
  return { id, timestamp: new Date(), attempts, body: { kind: "email" as const, outboxId } };
}

/**
 * Hands a batch to the Worker's queue handler and returns what it acked / retried.
 * getQueueResult() drops the delay a retry asks for, so each message's retry() is observed on
 * the way through (the platform's method still runs).
 */
export async function deliverBatch(messages: ReturnType<typeof emailMessage>[]) {
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

export async function providerRequests(to: string): Promise<CapturedRequest[]> {
  const q = new URLSearchParams({ pathPrefix: "/email", bodyContains: to });
  const res = await fetch(`${env.CAPTURE_URL}/__control/requests?${q}`);
  return ((await res.json()) as { requests: CapturedRequest[] }).requests;
}

/** The provider answers the next e-mails to `to` with these responses, then with 200 again. */
export async function scriptProvider(to: string, responses: { status: number; body?: unknown; delayMs?: number }[]) {
  const res = await fetch(`${env.CAPTURE_URL}/__control/rules`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ pathPrefix: "/email", bodyContains: to, responses }),
  });
  if (!res.ok) throw new Error(`capture server refused the rule: ${res.status}`);
}

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
