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
import { webhookEventInsert, type WebhookEventType } from "../../../src/services/webhooks/events";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";

// Drives the Worker's real entry points (fetch, queue, scheduled) the way Cloudflare does; the
// capture server stands in for integrators' endpoints and for Stripe. Each test keys on its own
// unique path (endpoint URL) or booking id, so tests sharing the capture server never mix.

export const workerEnv = env as unknown as Env & { STRIPE_WEBHOOK_SECRET: string; CAPTURE_URL: string };

export type CapturedRequest = { method: string; path: string; headers: Record<string, string>; body: string; status: number; at: number };
export type Scripted = { status: number; body?: unknown; delayMs?: number };

export async function captured(filter: { pathPrefix?: string; bodyContains?: string }): Promise<CapturedRequest[]> {
  const q = new URLSearchParams(filter as Record<string, string>);
  const res = await fetch(`${workerEnv.CAPTURE_URL}/__control/requests?${q}`);
  return ((await res.json()) as { requests: CapturedRequest[] }).requests;
}

/** The capture server answers the next matching requests with these responses, then 200 again. */
export async function script(filter: { pathPrefix?: string; bodyContains?: string }, responses: Scripted[]) {
  const res = await fetch(`${workerEnv.CAPTURE_URL}/__control/rules`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...filter, responses }),
  });
  if (!res.ok) throw new Error(`capture server refused the rule: ${res.status}`);
}

/** A unique receiver path on the capture server, and its full URL. */
export function receiver() {
  const path = `/hook-${crypto.randomUUID()}`;
  return { path, url: `${workerEnv.CAPTURE_URL}${path}` };
}

/** An endpoint created through the public API (so the secret is the one the API hands out). */
export async function createEndpoint(token: string, url: string, events: string[] = ["*"]) {
  const res = await post("/api/businesses/me/webhooks", { url, events }, { token });
  if (res.status !== 201) throw new Error(`endpoint create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; url: string; events: string[]; secret: string; isActive: boolean; createdAt: string };
}

/**
 * An event written as a booking service writes it (webhookEventInsert), at `now`. Tests that
 * drive the queue use a time a few minutes ahead of the wall clock: other files' cron ticks use
 * wall time, so they never find these rows due and never race the case under test.
 */
export async function writeEvent(tenantId: string, now: Date, type: WebhookEventType = "booking.created", data: Record<string, unknown> = { bookingId: "bkg_test" }) {
  const db = testDb();
  const { eventId, insert } = webhookEventInsert(db, tenantId, type, data, now);
  const rows = await insert;
  return { eventId, deliveryIds: rows.map((r) => r.id) };
}

export const aheadOfWallClock = (minutes = 30) => new Date(Date.now() + minutes * 60_000);

export async function deliveryRow(id: string) {
  const [row] = await testDb().select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, id));
  return row;
}

export function webhookMessage(deliveryId: string, opts: { attempts?: number; testNow?: Date } = {}) {
  const body: QueueMessage & { testNow?: string } = { kind: "webhook", deliveryId };
  if (opts.testNow) body.testNow = opts.testNow.toISOString();
  return { id: crypto.randomUUID(), timestamp: new Date(), attempts: opts.attempts ?? 1, body };
}

/**
 * Hands a batch to the Worker's queue handler; returns what it acked and retried. The delay a
 * retry asks for is observed on the way through (the platform's retry still runs).
 */
export async function deliverBatch(messages: ReturnType<typeof webhookMessage>[]) {
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

export async function runCron() {
  const controller = createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
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

/** An independent HMAC (WebCrypto, not the code under test): the recipe docs/webhooks.md gives integrators. */
export async function hmacHex(secret: string, message: string) {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}
