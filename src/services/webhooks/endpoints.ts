import { and, desc, eq, ne, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newId, newSecret } from "../../lib/ids";
import { batch, single } from "../batch";
import type { Services } from "../context";
import { webhookPointer } from "../outbox/pointer";
import { webhookTestInsert } from "./events";

/** Outbound webhook endpoints of a tenant and their delivery log. Every query is scoped by tenant. */

const e = schema.webhookEndpoints;
const d = schema.webhookDeliveries;
export type EndpointRow = typeof e.$inferSelect;
export type DeliveryRow = typeof d.$inferSelect;

/** Bounds the fan-out one booking change can cause. */
export const MAX_ENDPOINTS_PER_TENANT = 10;

export function listEndpoints(db: Db, tenantId: string) {
  return db.select().from(e).where(eq(e.tenantId, tenantId)).orderBy(desc(e.createdAt), desc(e.id));
}

export async function getEndpoint(db: Db, tenantId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(e)
    .where(and(eq(e.id, id), eq(e.tenantId, tenantId)));
  if (!row) throw ApiError.notFound("Webhook endpoint");
  return row;
}

/**
 * One statement: the insert happens only while the tenant is under its endpoint limit, so two
 * concurrent creates cannot both slip past a separate count. The secret is returned to the
 * caller once, here; no read path ever returns it again.
 */
export async function createEndpoint(db: Db, tenantId: string, input: { url: string; events: string[] }, now: Date) {
  const id = newId("whe");
  const secret = newEndpointSecret();
  const t = now.toISOString();
  const rows = await db.all<{ id: string }>(sql`
    INSERT INTO webhook_endpoints (id, tenant_id, url, events, secret, is_active, created_at)
    SELECT ${id}, ${tenantId}, ${input.url}, ${JSON.stringify(input.events)}, ${secret}, 1, ${t}
    WHERE (SELECT count(*) FROM webhook_endpoints WHERE tenant_id = ${tenantId}) < ${MAX_ENDPOINTS_PER_TENANT}
    RETURNING id`);
  if (rows.length === 0) throw new ApiError("conflict", `A business can have at most ${MAX_ENDPOINTS_PER_TENANT} webhook endpoints`);
  const row: EndpointRow = {
    id,
    tenantId,
    url: input.url,
    events: input.events,
    secret,
    previousSecret: null,
    previousSecretExpiresAt: null,
    isActive: true,
    createdAt: t,
  };
  return { row, secret };
}

/** Deletes the endpoint and its delivery log in one atomic batch; queued messages then find nothing. */
export async function deleteEndpoint(db: Db, tenantId: string, id: string) {
  const [, deleted] = await db.batch([
    db.delete(d).where(and(eq(d.endpointId, id), eq(d.tenantId, tenantId))),
    db
      .delete(e)
      .where(and(eq(e.id, id), eq(e.tenantId, tenantId)))
      .returning({ id: e.id }),
  ]);
  if (deleted.length === 0) throw ApiError.notFound("Webhook endpoint");
  return { id };
}

/** The endpoint's existence check and its log page in one round trip. */
export async function listDeliveries(db: Db, tenantId: string, endpointId: string, limit: number) {
  const [endpoint, rows] = await db.batch([
    db
      .select({ id: e.id })
      .from(e)
      .where(and(eq(e.id, endpointId), eq(e.tenantId, tenantId))),
    db
      .select()
      .from(d)
      .where(and(eq(d.endpointId, endpointId), eq(d.tenantId, tenantId)))
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(limit),
  ]);
  if (endpoint.length === 0) throw ApiError.notFound("Webhook endpoint");
  return rows;
}

/**
 * Back to pending, due now (attempts and the last error stay as history). Refused while a send is
 * in flight, so a redelivery never races the attempt it would duplicate. One round trip; the
 * delivery is enqueued after commit.
 */
export async function redeliver(
  ctx: Pick<Services, "db" | "now" | "queue" | "waitUntil">,
  tenantId: string,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryRow> {
  const { db } = ctx;
  const t = ctx.now.toISOString();
  const mine = and(eq(d.id, deliveryId), eq(d.endpointId, endpointId), eq(d.tenantId, tenantId));
  const b = batch(db);
  const updated = b.add(
    single(
      db
        .update(d)
        .set({ status: "pending", nextAttemptAt: t, lockedAt: null, updatedAt: t })
        .where(and(mine, ne(d.status, "sending")))
        .returning(),
      (rows) => ({ value: rows, pointers: rows.map((r) => webhookPointer(r.id)) }),
    ),
  );
  const current = b.add(db.select({ id: d.id }).from(d).where(mine));
  await b.run(ctx);
  const [row] = updated.result();
  if (row) return row;
  if (current.result().length === 0) throw ApiError.notFound("Webhook delivery");
  throw new ApiError("conflict", "This delivery is being sent right now; try again in a moment");
}

/** How long a rotated-out secret keeps signing deliveries beside the new one (design.md §19). */
export const SECRET_OVERLAP_MS = 24 * 3600_000;

const newEndpointSecret = () => `whsec_${newSecret(32)}`;

/**
 * A new signing secret; the one it replaces keeps signing (a second `v1`) for 24 hours, so the
 * receiver can switch without losing a delivery. Rotating again within those hours drops the
 * older one at once: at most two secrets are ever honoured. One round trip.
 */
export async function rotateSecret(db: Db, tenantId: string, id: string, now: Date) {
  const secret = newEndpointSecret();
  const [row] = await db
    .update(e)
    .set({ previousSecret: sql`${e.secret}`, previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS).toISOString(), secret })
    .where(and(eq(e.id, id), eq(e.tenantId, tenantId)))
    .returning();
  if (!row) throw ApiError.notFound("Webhook endpoint");
  return { row, secret };
}

/**
 * Writes a signed `webhook.test` delivery for the endpoint and reads it back: one round trip; the
 * delivery is enqueued after commit.
 */
export async function sendTestEvent(ctx: Pick<Services, "db" | "now" | "queue" | "waitUntil">, tenantId: string, endpointId: string) {
  const { db } = ctx;
  const test = webhookTestInsert(db, tenantId, endpointId, ctx.now);
  const b = batch(db);
  b.add(test);
  const written = b.add(
    db
      .select()
      .from(d)
      .where(and(eq(d.eventId, test.eventId), eq(d.tenantId, tenantId))),
  );
  await b.run(ctx);
  const [row] = written.result();
  if (!row) throw ApiError.notFound("Webhook endpoint");
  return row;
}
