import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Applies a verified Stripe event. Idempotent by event id: the processed_events insert (ON
 * CONFLICT DO NOTHING) and the payment update run in ONE batch, and the update is gated on
 * `changes() = 1`, i.e. on the insert just before it having inserted a row. A redelivered event
 * therefore changes nothing, however many times and however concurrently it arrives.
 */

export type StripeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

/** The payment state each handled event moves a payment to, and the states it may move from. */
const TRANSITIONS: Record<string, { to: "succeeded" | "failed"; from: string[] }> = {
  "payment_intent.succeeded": { to: "succeeded", from: ["pending", "failed"] },
  // A failed attempt after a success (events can arrive out of order) must not undo it.
  "payment_intent.payment_failed": { to: "failed", from: ["pending"] },
};

export type ApplyResult = { handled: false } | { handled: true; duplicate: boolean; paymentUpdated: boolean };

export async function applyStripeEvent(db: Db, event: StripeEvent, now: Date): Promise<ApplyResult> {
  const transition = TRANSITIONS[event.type];
  const intentId = event.data.object.id;
  if (!transition || typeof intentId !== "string") return { handled: false };
  const metadata = event.data.object.metadata as Record<string, unknown> | undefined;
  const tenantId = typeof metadata?.tenant_id === "string" ? metadata.tenant_id : null;
  const t = now.toISOString();
  const from = sql.join(
    transition.from.map((s) => sql`${s}`),
    sql`, `,
  );
  const [recorded, updated] = await db.batch([
    db.run(
      sql`INSERT INTO processed_events (id, source, type, received_at) VALUES (${event.id}, 'stripe', ${event.type}, ${t}) ON CONFLICT (id) DO NOTHING`,
    ),
    db.run(sql`
      UPDATE payments SET status = ${transition.to}, updated_at = ${t}
      WHERE changes() = 1
        AND stripe_payment_intent_id = ${intentId}
        AND status IN (${from})
        AND (${tenantId} IS NULL OR tenant_id = ${tenantId})`),
  ]);
  return { handled: true, duplicate: recorded.rowsAffected === 0, paymentUpdated: updated.rowsAffected > 0 };
}
