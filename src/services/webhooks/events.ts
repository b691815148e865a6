import { is, SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { newId } from "../../lib/ids";
import type { WebhookEventType } from "../../shared/webhook-events";
import { type Fragment, single } from "../batch";
import { webhookPointer } from "../outbox/pointer";

// The list lives in src/shared so the owner app offers exactly these.
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../shared/webhook-events";

/** Sent only by POST /api/businesses/me/webhooks/:id/test, to that endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

const isSql = (v: unknown): v is SQL => is(v, SQL);

/**
 * The event envelope `{ id, type, createdAt, tenantId, data }` as stored and sent. `tenantId` and
 * `data` may be SQL read inside the batch (e.g. a payment found by its PaymentIntent): the JSON
 * is then built by SQLite, with the same keys in the same order.
 */
function payloadSql(eventId: string, type: string, t: string, tenantId: string | SQL, data: Record<string, unknown> | SQL) {
  if (!isSql(tenantId) && !isSql(data)) return sql`${JSON.stringify({ id: eventId, type, createdAt: t, tenantId, data })}`;
  const dataJson = isSql(data) ? sql`json(${data})` : sql`json(${JSON.stringify(data)})`;
  return sql`json_object('id', ${eventId}, 'type', ${type}, 'createdAt', ${t}, 'tenantId', ${tenantId}, 'data', ${dataJson})`;
}

/** The deliveries a statement RETURNed, as the fragment's value; each is enqueued after commit. */
const deliveries = (rows: { id: string }[]) => ({ value: rows, pointers: rows.map((r) => webhookPointer(r.id)) });

/**
 * One statement, for the same batch as the change it reports: a pending delivery for every active
 * endpoint of the tenant subscribed to this event type (or to "*"). RETURNING gives the delivery
 * ids the batch enqueues after commit. `onlyIf` gates it on the change having happened.
 * `tenantId` and `data` may be SQL expressions evaluated in the batch (see payloadSql).
 */
export function webhookEventInsert(
  db: Db,
  tenantId: string | SQL,
  type: WebhookEventType,
  data: Record<string, unknown> | SQL,
  now: Date,
  onlyIf?: SQL,
): Fragment<{ id: string }[]> & { eventId: string } {
  const eventId = newId("evt");
  const t = now.toISOString();
  if (!isSql(tenantId) && !isSql(data)) {
    // The common case (every booking change): one text per isolate, bound per request (issue #42).
    const payload = JSON.stringify({ id: eventId, type, createdAt: t, tenantId, data });
    return {
      eventId,
      ...single(literalInsert.allGated<{ id: string }>(db, { eventId, type, payload, t, tenantId }, onlyIf ?? sql`1`), deliveries),
    };
  }
  const insert = db.all<{ id: string }>(sql`
    INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'whd_' || lower(hex(randomblob(10))), e.tenant_id, e.id, ${eventId}, ${type}, ${payloadSql(eventId, type, t, tenantId, data)},
           'pending', 0, ${t}, ${t}, ${t}
    FROM webhook_endpoints e
    WHERE e.tenant_id = ${tenantId} AND e.is_active = 1
      AND EXISTS (SELECT 1 FROM json_each(e.events) j WHERE j.value = ${type} OR j.value = '*')
      AND ${onlyIf ?? sql`1`}
    RETURNING id`);
  return { eventId, ...single(insert, deliveries) };
}

/** webhookEventInsert's statement for a tenant and data known as values (its payload built here). */
const literalInsert = prepared<{ eventId: string; type: string; payload: string; t: string; tenantId: string }>(
  (p, gate) => sql`
    INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'whd_' || lower(hex(randomblob(10))), e.tenant_id, e.id, ${p.eventId}, ${p.type}, ${p.payload}, 'pending', 0, ${p.t}, ${p.t}, ${p.t}
    FROM webhook_endpoints e
    WHERE e.tenant_id = ${p.tenantId} AND e.is_active = 1
      AND EXISTS (SELECT 1 FROM json_each(e.events) j WHERE j.value = ${p.type} OR j.value = '*')
      AND ${gate}
    RETURNING id`,
);

/** A second event one statement writes beside the first (webhookEventInsert's `also`), for the same tenant. */
export type AlsoAnnounced = { type: WebhookEventType; data: Record<string, unknown>; gate: SQL };

/**
 * Two events of one batch as ONE statement (issue #42): a create announces its booking and, when
 * the batch made one, the customer record, each under its own condition, each the deliveries of
 * the endpoints subscribed to it, exactly as two webhookEventInsert statements would write them.
 */
export function webhookEventPairInsert(
  db: Db,
  tenantId: string,
  first: AlsoAnnounced,
  second: AlsoAnnounced,
  now: Date,
): Fragment<{ id: string }[]> & { eventIds: [string, string] } {
  const eventIds: [string, string] = [newId("evt"), newId("evt")];
  const t = now.toISOString();
  const [payload, payload2] = [first, second].map((e, i) =>
    JSON.stringify({ id: eventIds[i], type: e.type, createdAt: t, tenantId, data: e.data }),
  );
  const values = { eventId: eventIds[0], type: first.type, payload, eventId2: eventIds[1], type2: second.type, payload2, t, tenantId };
  return { eventIds, ...single(pairInsert.allGated<{ id: string }>(db, values, first.gate, second.gate), deliveries) };
}

const pairInsert = prepared<{
  eventId: string;
  type: string;
  payload: string;
  eventId2: string;
  type2: string;
  payload2: string;
  t: string;
  tenantId: string;
}>(
  (p, gate, second) => sql`
    INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'whd_' || lower(hex(randomblob(10))), e.tenant_id, e.id, v.event_id, v.event_type, v.payload, 'pending', 0, ${p.t}, ${p.t}, ${p.t}
    FROM (SELECT ${p.eventId} AS event_id, ${p.type} AS event_type, ${p.payload} AS payload WHERE ${gate}
          UNION ALL SELECT ${p.eventId2}, ${p.type2}, ${p.payload2} WHERE ${second}) v
    JOIN webhook_endpoints e ON e.tenant_id = ${p.tenantId} AND e.is_active = 1
      AND EXISTS (SELECT 1 FROM json_each(e.events) j WHERE j.value = v.event_type OR j.value = '*')
    RETURNING id`,
);

/**
 * A signed `webhook.test` event for one endpoint of the business (any subscription): the
 * integrator sees a real delivery, retried and logged like every other. Nothing is written for an
 * endpoint of another business.
 */
export function webhookTestInsert(
  db: Db,
  tenantId: string,
  endpointId: string,
  now: Date,
): Fragment<{ id: string }[]> & { eventId: string } {
  const eventId = newId("evt");
  const t = now.toISOString();
  const data = { endpointId, message: "This is a test event sent from the booking platform." };
  const payload = JSON.stringify({ id: eventId, type: WEBHOOK_TEST_EVENT, createdAt: t, tenantId, data });
  const insert = db.all<{ id: string }>(sql`
    INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
    SELECT 'whd_' || lower(hex(randomblob(10))), e.tenant_id, e.id, ${eventId}, ${WEBHOOK_TEST_EVENT}, ${payload}, 'pending', 0, ${t}, ${t}, ${t}
    FROM webhook_endpoints e
    WHERE e.id = ${endpointId} AND e.tenant_id = ${tenantId}
    RETURNING id`);
  return { eventId, ...single(insert, deliveries) };
}
