import Stripe from "stripe";
import { expect, inject } from "vitest";
import type * as schema from "../../../src/db/schema";
import { uniq } from "./db";

const baseUrl = inject("e2eBaseUrl");

/**
 * Stripe telling the stack that a payment succeeded: a `payment_intent.succeeded` event on the
 * payment's connected account (design.md §31), signed with the stack's webhook secret by Stripe's
 * own package, posted to /api/webhooks/stripe; 200 expected. `metadata` names what was paid for.
 */
export async function sendPaymentSucceeded(payment: typeof schema.payments.$inferSelect, metadata: Record<string, string>) {
  const event = JSON.stringify({
    id: `evt_${uniq()}${uniq()}`,
    type: "payment_intent.succeeded",
    account: payment.stripeAccountId,
    data: {
      object: { id: payment.stripePaymentIntentId, amount: payment.amount, currency: payment.currency.toLowerCase(), metadata },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: inject("e2eStripeWebhookSecret") });
  const res = await fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature, "CF-Connecting-IP": "10.9.9.9" },
    body: event,
  });
  expect(res.status).toBe(200);
}
