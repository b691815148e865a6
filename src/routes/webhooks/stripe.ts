import { createRoute as create, z } from "@hono/zod-openapi";
import { verifySignature } from "../../domain/webhook-signature";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { applyStripeEvent } from "../../services/payments/stripe-events";
import { errors, ok, openApiRouter, security } from "../openapi";
import { logger } from "../../lib/log";

/** Stripe events are a few KB; anything far larger is not Stripe. */
const MAX_BODY_BYTES = 256 * 1024;

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  // Connect events name the connected account they happened on.
  account: z.string().min(1).max(255).optional(),
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
 * JSON parsing, no database): an unsigned, stale or forged request changes nothing. Events of
 * connected accounts arrive signed with the Connect endpoint's secret (design.md §21): a
 * signature under either secret is accepted.
 */
export const stripeWebhookRoute = openApiRouter<AppEnv>().openapi(stripe, async (c) => {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("payload_too_large");
  const raw = await c.req.text();
  if (raw.length > MAX_BODY_BYTES) throw new ApiError("payload_too_large");

  const secrets = [c.var.services.config.STRIPE_WEBHOOK_SECRET, c.var.services.config.STRIPE_CONNECT_WEBHOOK_SECRET].filter(
    (s): s is string => !!s,
  );
  if (secrets.length === 0) {
    // Without a secret nothing can be trusted; Stripe keeps retrying until it is configured.
    logger.error("stripe webhook received but neither STRIPE_WEBHOOK_SECRET nor STRIPE_CONNECT_WEBHOOK_SECRET is set");
    throw new ApiError("invalid_signature", "Webhook signatures cannot be verified");
  }
  let verified = await verifySignature(secrets[0], c.req.header("Stripe-Signature"), raw, c.var.services.now);
  if (!verified.ok && verified.reason === "mismatch" && secrets[1]) {
    verified = await verifySignature(secrets[1], c.req.header("Stripe-Signature"), raw, c.var.services.now);
  }
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
  // The confirming batch writes the business's payment.* / booking.* webhooks and enqueues them itself.
  const result = await applyStripeEvent(c.var.services, parsed.data);
  if (result.handled && !result.paymentKnown && result.ours) {
    // One of our PaymentIntents whose payment row is not written yet (the event outran it): not
    // recorded, and a non-2xx answer makes Stripe deliver it again later, when it can apply.
    throw new ApiError("conflict", "No payment is recorded for this PaymentIntent yet; deliver the event again later");
  }
  return c.json({ data: { received: true as const } }, 200);
});
