import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { webhookEventInsert } from "../webhooks/events";

/**
 * Applies a verified Stripe event, idempotent by event id, in ONE batch that writes first: the
 * payment UPDATE (only if this event id was never recorded), then the processed_events row, gated
 * on that UPDATE having changed the payment (`changes() > 0`), then a read of what happened. An
 * event is recorded only when it was applied (issue #15): one that names a PaymentIntent we have
 * no payment for yet (its webhook can outrun the row we write after Stripe answers) is not marked
 * processed, so Stripe's redelivery applies it once the row exists. A redelivered event that was
 * applied changes nothing, however many times and however concurrently it arrives. The business's
 * `payment.succeeded` / `payment.failed` webhook rides in the same batch, gated the same way. Writing
 * before reading keeps the batch from failing under write contention (a read-first transaction
 * cannot upgrade to a write once another writer committed).
 */

export type StripeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

/** The payment state each handled event moves a payment to, and the states it may move from. */
const TRANSITIONS: Record<string, { to: "succeeded" | "failed"; from: string[]; webhook: "payment.succeeded" | "payment.failed" }> = {
  "payment_intent.succeeded": { to: "succeeded", from: ["pending", "failed"], webhook: "payment.succeeded" },
  // A failed attempt after a success (events can arrive out of order) must not undo it.
  "payment_intent.payment_failed": { to: "failed", from: ["pending"], webhook: "payment.failed" },
};

export type ApplyResult =
  | { handled: false }
  | {
      handled: true;
      /** Applied earlier (the event id was recorded then): nothing changed now. */
      duplicate: boolean;
      paymentUpdated: boolean;
      /** A payment with this PaymentIntent exists (whatever its tenant or state). */
      paymentKnown: boolean;
      /** The intent carries our metadata (created by this platform for a booking). */
      ours: boolean;
      /** Outbound `payment.succeeded` / `payment.failed` deliveries written with the change, to enqueue. */
      deliveryIds: string[];
    };

export async function applyStripeEvent(db: Db, event: StripeEvent, now: Date): Promise<ApplyResult> {
  const transition = TRANSITIONS[event.type];
  const intentId = event.data.object.id;
  if (!transition || typeof intentId !== "string") return { handled: false };
  const metadata = event.data.object.metadata as Record<string, unknown> | undefined;
  const tenantId = typeof metadata?.tenant_id === "string" ? metadata.tenant_id : null;
  const ours = typeof metadata?.booking_id === "string" && tenantId !== null;
  const t = now.toISOString();
  const from = sql.join(
    transition.from.map((s) => sql`${s}`),
    sql`, `,
  );
  // The business's outbound webhook, written only when this event changed the payment (the
  // processed_events insert right before it happened), built from the payment row in the batch.
  const payment = sql`(SELECT json_object('id', id, 'bookingId', booking_id, 'amount', amount, 'currency', currency, 'kind', kind,
      'status', status, 'stripePaymentIntentId', stripe_payment_intent_id, 'createdAt', created_at, 'updatedAt', updated_at)
    FROM payments WHERE stripe_payment_intent_id = ${intentId})`;
  const webhook = webhookEventInsert(
    db,
    sql`(SELECT tenant_id FROM payments WHERE stripe_payment_intent_id = ${intentId})`,
    transition.webhook,
    sql`json_object('payment', json(${payment}))`,
    now,
    sql`changes() > 0`,
  );
  const [updated, , deliveries, [state]] = await db.batch([
    db.run(sql`
      UPDATE payments SET status = ${transition.to}, updated_at = ${t}
      WHERE stripe_payment_intent_id = ${intentId}
        AND status IN (${from})
        AND (${tenantId} IS NULL OR tenant_id = ${tenantId})
        AND NOT EXISTS (SELECT 1 FROM processed_events WHERE id = ${event.id})`),
    db.run(sql`INSERT INTO processed_events (id, source, type, received_at)
      SELECT ${event.id}, 'stripe', ${event.type}, ${t} WHERE changes() > 0
      ON CONFLICT (id) DO NOTHING`),
    webhook.insert,
    db.all<{ known: number; recorded: number }>(sql`SELECT
        EXISTS (SELECT 1 FROM payments WHERE stripe_payment_intent_id = ${intentId}) AS known,
        EXISTS (SELECT 1 FROM processed_events WHERE id = ${event.id}) AS recorded`),
  ]);
  const paymentUpdated = updated.rowsAffected > 0;
  return {
    handled: true,
    duplicate: !paymentUpdated && Number(state?.recorded) === 1,
    paymentUpdated,
    paymentKnown: Number(state?.known) === 1,
    ours,
    deliveryIds: deliveries.map((x) => x.id),
  };
}
