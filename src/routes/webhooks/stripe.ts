import { Hono } from "hono";
import { z } from "zod";
import { verifySignature } from "../../domain/webhook-signature";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { applyStripeEvent } from "../../services/payments/stripe-events";
import { enqueueWebhookDeliveries } from "../../services/webhooks/events";

/** Stripe events are a few KB; anything far larger is not Stripe. */
const MAX_BODY_BYTES = 256 * 1024;

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * POST /api/webhooks/stripe. The signature is checked on the raw bytes before anything else (no
 * JSON parsing, no database): an unsigned, stale or forged request changes nothing.
 */
export const stripeWebhookRoute = new Hono<AppEnv>().post("/stripe", async (c) => {
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
  return c.json({ data: { received: true } });
});
