import { Hono } from "hono";
import { z } from "zod";
import { checkWebhookUrl, MAX_WEBHOOK_URL_LENGTH } from "../../domain/webhook-url";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import { idField, idParam, limitField } from "../fields";
import { requireRole } from "../../middleware/auth";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
  type DeliveryRow,
  type EndpointRow,
} from "../../services/webhooks/endpoints";
import { enqueueWebhookDeliveries, WEBHOOK_EVENT_TYPES } from "../../services/webhooks/events";

/** /api/businesses/me/webhooks (owner token): outbound webhook endpoints and their delivery log. */
export const webhookEndpointRoutes = new Hono<OwnerEnv>();

const writer = requireRole("owner", "admin");

const toEndpoint = (r: EndpointRow) => ({ id: r.id, url: r.url, events: r.events, isActive: r.isActive, createdAt: r.createdAt });

const toDelivery = (r: DeliveryRow) => ({
  id: r.id,
  eventId: r.eventId,
  eventType: r.eventType,
  status: r.status,
  attempts: r.attempts,
  lastStatusCode: r.lastStatusCode,
  lastError: r.lastError,
  deliveredAt: r.deliveredAt,
  nextAttemptAt: r.status === "pending" ? r.nextAttemptAt : null,
  createdAt: r.createdAt,
});

const deliveryParam = idParam.extend({ deliveryId: idField("deliveryId", 64) });

const createBody = z
  .object({
    url: z.string().trim().min(1).max(MAX_WEBHOOK_URL_LENGTH),
    events: z
      .array(z.enum([...WEBHOOK_EVENT_TYPES, "*"]))
      .min(1, 'Subscribe to at least one event type, or "*"')
      .max(WEBHOOK_EVENT_TYPES.length + 1),
  })
  .strict();

webhookEndpointRoutes.get("/", async (c) => {
  const rows = await listEndpoints(c.var.db, c.var.auth.tenantId);
  return c.json({ data: rows.map(toEndpoint) });
});

webhookEndpointRoutes.post("/", writer, validate("json", createBody), async (c) => {
  const tenantId = c.var.auth.tenantId;
  const body = c.req.valid("json");
  const check = checkWebhookUrl(body.url, c.var.config.ENVIRONMENT);
  if (!check.ok) throw ApiError.field("url", check.reason);
  // "*" already covers everything; duplicates say nothing more.
  const events = body.events.includes("*") ? ["*"] : [...new Set(body.events)];
  const { row, secret } = await createEndpoint(c.var.db, tenantId, { url: check.url.toString(), events }, c.var.now);
  return c.json({ data: { ...toEndpoint(row), secret } }, 201);
});

webhookEndpointRoutes.get("/:id", validate("param", idParam), async (c) => {
  const tenantId = c.var.auth.tenantId;
  return c.json({ data: toEndpoint(await getEndpoint(c.var.db, tenantId, c.req.valid("param").id)) });
});

webhookEndpointRoutes.delete("/:id", writer, validate("param", idParam), async (c) => {
  const tenantId = c.var.auth.tenantId;
  return c.json({ data: await deleteEndpoint(c.var.db, tenantId, c.req.valid("param").id) });
});

const deliveriesQuery = z.object({ limit: limitField });

webhookEndpointRoutes.get("/:id/deliveries", validate("param", idParam), validate("query", deliveriesQuery), async (c) => {
  const tenantId = c.var.auth.tenantId;
  const rows = await listDeliveries(c.var.db, tenantId, c.req.valid("param").id, c.req.valid("query").limit);
  return c.json({ data: rows.map(toDelivery) });
});

webhookEndpointRoutes.post("/:id/deliveries/:deliveryId/redeliver", writer, validate("param", deliveryParam), async (c) => {
  const tenantId = c.var.auth.tenantId;
  const { id, deliveryId } = c.req.valid("param");
  const row = await redeliver(c.var.db, tenantId, id, deliveryId, c.var.now);
  c.executionCtx.waitUntil(enqueueWebhookDeliveries(c.env.EMAIL_QUEUE, [row.id]));
  return c.json({ data: toDelivery(row) });
});

/** A signed `webhook.test` event to this endpoint now (design.md §19); 201 with its delivery. */
webhookEndpointRoutes.post("/:id/test", writer, validate("param", idParam), async (c) => {
  const row = await sendTestEvent(c.var.db, c.var.auth.tenantId, c.req.valid("param").id, c.var.now);
  c.executionCtx.waitUntil(enqueueWebhookDeliveries(c.env.EMAIL_QUEUE, [row.id]));
  return c.json({ data: toDelivery(row) }, 201);
});

/** A new secret, shown once; the old one keeps signing beside it until `previousSecretExpiresAt`. */
webhookEndpointRoutes.post("/:id/rotate-secret", writer, validate("param", idParam), async (c) => {
  const { row, secret } = await rotateSecret(c.var.db, c.var.auth.tenantId, c.req.valid("param").id, c.var.now);
  return c.json({ data: { ...toEndpoint(row), secret, previousSecretExpiresAt: row.previousSecretExpiresAt } });
});
