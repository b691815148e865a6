import { eq } from "drizzle-orm";
import { schema } from "../../../src/db/client";
import type { QueueMessage } from "../../../src/config";
import { runPart } from "../../../src/services/batch";
import { webhookEventInsert, type WebhookEventType } from "../../../src/services/webhooks/events";
import { post } from "../../helpers/api";
import { testDb } from "../../helpers/db";
import { createService, createStaff } from "../../helpers/factories";
import { workerEnv } from "../../helpers/worker-entry";

// Webhook endpoints, events and deliveries as each webhook test sees them; the capture server
// stands in for integrators' endpoints and for Stripe. Each test keys on its own unique path
// (endpoint URL) or booking id, so tests sharing the capture server never mix.

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

/** What a booking's webhooks need at a business: a 30-minute service, a staff member, and an endpoint subscribed to `events`. */
export async function bookableWithEndpoint(tenant: { id: string; token: string }, events: string[]) {
  const service = await createService(tenant.id, { durationMinutes: 30 });
  const staff = await createStaff(tenant.id);
  const endpoint = await createEndpoint(tenant.token, receiver().url, events);
  return { service, staff, endpoint };
}

/**
 * An event written as a booking service writes it (webhookEventInsert), at `now`. Tests that
 * drive the queue use a time a few minutes ahead of the wall clock: other files' cron ticks use
 * wall time, so they never find these rows due and never race the case under test.
 */
export async function writeEvent(
  tenantId: string,
  now: Date,
  type: WebhookEventType = "booking.created",
  data: Record<string, unknown> = { bookingId: "bkg_test" },
) {
  const db = testDb();
  const event = webhookEventInsert(db, tenantId, type, data, now);
  const rows = await runPart(db, event);
  const eventId = event.eventId;
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

/** An independent HMAC (WebCrypto, not the code under test): the recipe docs/webhooks.md gives integrators. */
export async function hmacHex(secret: string, message: string) {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}
