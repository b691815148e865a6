import { z } from "@hono/zod-openapi";
import { checkWebhookUrl, MAX_WEBHOOK_URL_LENGTH } from "../../domain/webhook-url";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
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
import { WEBHOOK_EVENT_TYPES } from "../../services/webhooks/events";
import { idField, idParam, limitField } from "../fields";
import { openApiRouter, Removed, routeGroup, security } from "../openapi";

const writer = requireRole("owner", "admin");

export const Endpoint = z
  .object({ id: z.string(), url: z.string(), events: z.array(z.string()), isActive: z.boolean(), createdAt: z.string() })
  .openapi("WebhookEndpoint");

export const Delivery = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(["pending", "sending", "delivered", "failed", "discarded"]),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("WebhookDelivery");

export const toEndpoint = (r: EndpointRow): z.infer<typeof Endpoint> => ({
  id: r.id,
  url: r.url,
  events: r.events,
  isActive: r.isActive,
  createdAt: r.createdAt,
});

export const toDelivery = (r: DeliveryRow): z.infer<typeof Delivery> => ({
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

const tags = ["Webhooks"];
const WithSecret = Endpoint.extend({ secret: z.string().openapi({ description: "Shown only here" }) });

const route = routeGroup({ tags, security: security.owner });
const list = route.get("/", "The business's webhook endpoints", { ok: z.array(Endpoint), errors: [401, 403] });
const create = route.post("/", "A new endpoint; its signing secret is in this answer only", {
  middleware: [writer],
  body: createBody,
  created: WithSecret,
  errors: [400, 401, 403, 409],
});
const one = route.get("/{id}", "One endpoint", { params: idParam, ok: Endpoint, errors: [400, 401, 403, 404] });
const remove = route.delete("/{id}", "Deletes the endpoint and its delivery log", {
  middleware: [writer],
  params: idParam,
  ok: Removed,
  errors: [400, 401, 403, 404],
});
const deliveries = route.get("/{id}/deliveries", "The endpoint's delivery log, newest first", {
  params: idParam,
  query: z.object({ limit: limitField }),
  ok: z.array(Delivery),
  errors: [400, 401, 403, 404],
});
const redeliverRoute = route.post("/{id}/deliveries/{deliveryId}/redeliver", "Sends a delivery again (back to pending, due now)", {
  middleware: [writer],
  params: deliveryParam,
  ok: Delivery,
  errors: [400, 401, 403, 404, 409],
});
const test = route.post("/{id}/test", "Sends a signed webhook.test event to this endpoint (whatever it subscribes to)", {
  middleware: [writer],
  params: idParam,
  created: Delivery,
  answered: "The test delivery, pending",
  errors: [400, 401, 403, 404],
});
const rotate = route.post("/{id}/rotate-secret", "A new signing secret (shown once); the old one keeps signing beside it for 24 hours", {
  middleware: [writer],
  params: idParam,
  ok: WithSecret.extend({ previousSecretExpiresAt: z.string().nullable() }),
  errors: [400, 401, 403, 404],
});

/** /api/businesses/me/webhooks (owner token or API key): outbound webhook endpoints and their delivery log. */
export const webhookEndpointRoutes = openApiRouter<OwnerEnv>()
  .openapi(list, async (c) => c.json({ data: (await listEndpoints(c.var.services.db, c.var.auth.tenantId)).map(toEndpoint) }, 200))
  .openapi(create, async (c) => {
    const body = c.req.valid("json");
    const check = checkWebhookUrl(body.url, c.var.services.config.ENVIRONMENT);
    if (!check.ok) throw ApiError.field("url", check.reason);
    // "*" already covers everything; duplicates say nothing more.
    const events = body.events.includes("*") ? ["*"] : [...new Set(body.events)];
    const { row, secret } = await createEndpoint(
      c.var.services.db,
      c.var.auth.tenantId,
      { url: check.url.toString(), events },
      c.var.services.now,
    );
    return c.json({ data: { ...toEndpoint(row), secret } }, 201);
  })
  .openapi(one, async (c) =>
    c.json({ data: toEndpoint(await getEndpoint(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id)) }, 200),
  )
  .openapi(remove, async (c) =>
    c.json({ data: await deleteEndpoint(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id) }, 200),
  )
  .openapi(deliveries, async (c) => {
    const rows = await listDeliveries(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, c.req.valid("query").limit);
    return c.json({ data: rows.map(toDelivery) }, 200);
  })
  .openapi(redeliverRoute, async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    const row = await redeliver(c.var.services, c.var.auth.tenantId, id, deliveryId);
    return c.json({ data: toDelivery(row) }, 200);
  })
  .openapi(test, async (c) => {
    const row = await sendTestEvent(c.var.services, c.var.auth.tenantId, c.req.valid("param").id);
    return c.json({ data: toDelivery(row) }, 201);
  })
  .openapi(rotate, async (c) => {
    const { row, secret } = await rotateSecret(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, c.var.services.now);
    return c.json({ data: { ...toEndpoint(row), secret, previousSecretExpiresAt: row.previousSecretExpiresAt } }, 200);
  });
