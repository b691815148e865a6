import { createRoute as create, z } from "@hono/zod-openapi";
import { verifySignature } from "../../domain/webhook-signature";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { applyStripeEvent } from "../../services/payments/stripe-events";
import { enqueueWebhookDeliveries } from "../../services/webhooks/events";
import { errors, ok, openApiRouter, security } from "../openapi";

/** Stripe events are a few KB; anything far larger is not Stripe. */
const MAX_BODY_BYTES = 256 * 1024;

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

// The body is documented, not validated by the router: the signature must be checked on the raw
// bytes first, so the handler reads them itself (a plain JSON schema, which OpenAPIHono leaves alone).
const stripe = create({
  method: "post",
  path: "/stripe",
  tags: ["Inbound webhooks"],
  summary: "Stripe events (Stripe-Signature verified on the raw body); idempotent by event id",
  security: security.none,
  request: {
    headers: z.object({ "stripe-signature": z.string().optional() }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["id", "type", "data"],
            properties: { id: { type: "string" }, type: { type: "string" }, data: { type: "object" } },
          },
        },
      },
    },
  },
  responses: { 200: ok(z.object({ received: z.literal(true) })), ...errors(400, 409, 413, 429) },
});

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw bytes before anything else (no
 * JSON parsing, no database): an unsigned, stale or forged request changes nothing.
 */
export const stripeWebhookRoute = openApiRouter<AppEnv>().openapi(stripe, async (c) => {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large");
  const raw = await c.req.text();
  if (raw.length > MAX_BODY_BYTES) throw new ApiError("payload_too_large");

  const secret = c.var.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    // Without the secret nothing can be trusted; Stripe keeps retrying until it is configured.
    console.error("stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
    throw new ApiError("invalid_signature", "Webhook signatures cannot be verified");
  }
  const verified = await verifySignature(secret, c.req.header("Stripe-Signature"), raw, c.var.now);
  if (!verified.ok) {
    const messages = {
      missing: "The Stripe-Signature header is missing",
      malformed: "The Stripe-Signature header is malformed",
      stale: "The signature timestamp is outside the 5-minute tolerance",
      mismatch: "No signature matches the payload",
    } as const;
    throw new ApiError("invalid_signature", messages[verified.reason]);
  }

  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw ApiError.validation({ formErrors: ["Malformed JSON"], fieldErrors: {} });
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw ApiError.validation({ formErrors: ["Not a Stripe event"], fieldErrors: {} });

  // Unknown event types are acknowledged and ignored: Stripe must not keep retrying them.
  const result = await applyStripeEvent(c.var.db, parsed.data, c.var.now);
  if (result.handled && result.deliveryIds.length) {
    c.executionCtx.waitUntil(enqueueWebhookDeliveries(c.env.EMAIL_QUEUE, result.deliveryIds));
  }
  if (result.handled && !result.paymentKnown && result.ours) {
    // One of our PaymentIntents whose payment row is not written yet (the event outran it): not
    // recorded, and a non-2xx answer makes Stripe deliver it again later, when it can apply.
    throw new ApiError("conflict", "No payment is recorded for this PaymentIntent yet; deliver the event again later");
  }
  return c.json({ data: { received: true as const } }, 200);
});
