import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import Stripe from "stripe";
import { expect, inject } from "vitest";
import * as schema from "../../../src/db/schema";
import { e2eDb, uniq } from "./db";

// Paying through the Stripe.js stand-in (tools/capture-server/stripe-js.js: card 4000 0000 0000 0002
// is declined, others succeed), and Stripe's side of it: the webhook Stripe would send once the
// payment went through, signed with the official package and the stack's webhook secret.

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

/** Types a card into the Payment Element and presses the page's Pay button (`payLabel`, e.g. "Pay €50.00"). */
export async function payByCard(page: Page, payLabel: string, card = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: payLabel }).click();
}

/** A declined card is said plainly and the same step takes a good one: then the page's `done` section shows. */
export async function payAfterADecline(page: Page, payLabel: string, done: string) {
  await payByCard(page, payLabel, "4000 0000 0000 0002");
  await expect.poll(() => page.locator("#pay-error").textContent()).toBe("Your card was declined.");
  await payByCard(page, payLabel);
  await expect.poll(() => page.locator(done).isVisible()).toBe(true);
}

/** A stored payment by its id (a sale's `paymentId`). */
export async function paymentRow(id: string | null) {
  const [row] = await e2eDb
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.id, id ?? ""));
  return row;
}
