import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookEventInsert } from "../webhooks/events";

/**
 * `payment.succeeded` / `payment.failed` to the business's endpoints (design.md §19,
 * docs/webhooks.md), for the batch that moves the payment: placed after the payment's UPDATE, so
 * `data.payment` is the row as that batch left it, and gated on the move having happened, so each
 * change is announced exactly once whichever path moved it (the Stripe event in ./confirm.ts, or
 * the fee charge's job in ./jobs.ts; the other then finds nothing to move).
 */
export function paymentAnnouncement(db: Db, tenantId: string, paymentId: string, outcome: "succeeded" | "failed", now: Date, onlyIf: SQL) {
  const payment = sql`(SELECT json_object('id', id, 'bookingId', booking_id, 'amount', amount, 'currency', currency, 'kind', kind,
      'status', status, 'stripePaymentIntentId', stripe_payment_intent_id, 'createdAt', created_at, 'updatedAt', updated_at)
    FROM payments WHERE id = ${paymentId})`;
  return webhookEventInsert(db, tenantId, `payment.${outcome}`, sql`json_object('payment', json(${payment}))`, now, onlyIf);
}
