import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { QueueMessage } from "../../env";
import { newId } from "../../lib/ids";
import { enqueue } from "../outbox/pointer";

/** Every event type an endpoint can subscribe to (or "*" for all of them). */
export const WEBHOOK_EVENT_TYPES = [
  "booking.created",
  "booking.cancelled",
  "booking.rescheduled",
  "booking.status_changed",
  "payment.refunded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * One statement, for the same batch as the change it reports: a pending delivery for every active
 * endpoint of the tenant subscribed to this event type (or to "*"). RETURNING gives the delivery
 * ids to enqueue after the batch succeeded. `onlyIf` gates it on the change having happened.
 */
export function webhookEventInsert(
  db: Db,
  tenantId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now: Date,
  onlyIf?: SQL,
) {
  const eventId = newId("evt");
  const t = now.toISOString();
  const payload = JSON.stringify({ id: eventId, type, createdAt: t, tenantId, data });
  const insert = db.all<{ id: string }>(sql`
    INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'whd_' || lower(hex(randomblob(10))), e.tenant_id, e.id, ${eventId}, ${type}, ${payload}, 'pending', 0, ${t}, ${t}, ${t}
    FROM webhook_endpoints e
    WHERE e.tenant_id = ${tenantId} AND e.is_active = 1
      AND EXISTS (SELECT 1 FROM json_each(e.events) j WHERE j.value = ${type} OR j.value = '*')
      AND ${onlyIf ?? sql`1`}
    RETURNING id`);
  return { eventId, insert };
}

/** Best effort after the batch: the cron re-dispatches pending deliveries the queue never saw. */
export async function enqueueWebhookDeliveries(queue: Queue<QueueMessage>, deliveryIds: string[]) {
  await enqueue(
    queue,
    deliveryIds.map((id) => ({ kind: "webhook", id })),
  );
}
