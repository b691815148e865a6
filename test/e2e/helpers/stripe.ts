import Stripe from "stripe";
import { expect, inject } from "vitest";
import type * as schema from "../../../src/db/schema";
import { uniq } from "./db";

// Stripe's side of a payment the browser made through the Stripe.js stand-in
// (tools/capture-server/stripe-js.js): the webhook Stripe would send once the payment went through,
// signed with the official package and the stack's webhook secret.

const baseUrl = inject("e2eBaseUrl");

/**
 * Sends the signed `payment_intent.succeeded` of a stored payment (its intent, amount, currency and
 * connected account), with the metadata that names what was paid for (`booking_id`, `gift_card_id`,
 * `package_credit_id`, and `tenant_id`); the webhook route must answer 200.
 */
export async function sendPaymentSucceeded(payment: typeof schema.payments.$inferSelect, metadata: Record<string, string>) {
  const event = JSON.stringify({
    id: `evt_${uniq()}${uniq()}`,
    type: "payment_intent.succeeded",
    // A Connect event names the account it happened on: the payment's own (design.md §31).
    account: payment.stripeAccountId,
    data: {
      object: {
        id: payment.stripePaymentIntentId,
        amount: payment.amount,
        currency: payment.currency.toLowerCase(),
        metadata: { tenant_id: payment.tenantId, ...metadata },
      },
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
