import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { newId } from "../../lib/ids";
import { batch } from "../batch";
import type { Services } from "../context";
import { type ApplyResult, applyIntentEvent, handlesIntentEvent } from "./confirm";
import { refundSucceeded } from "./refunds";

/**
 * Verified Stripe events (platform and Connect endpoints), each applied at most once by event id
 * and recorded only when it changed something (issue #15): an event that outran the row it names
 * is not recorded, so Stripe's redelivery applies it later.
 *
 *   payment_intent.succeeded / .payment_failed, setup_intent.succeeded / .setup_failed -> ./confirm.ts
 *                    (its one write batch also announces a payment's change: payment.succeeded / .failed)
 *   charge.refunded  -> our refunds it lists become succeeded (the refund job may have said so first),
 *                    only for payments on the event's own connected account (design.md §31)
 *   account.updated  -> the business's chargesEnabled / detailsSubmitted (found by the account id)
 */

export type StripeEvent = { id: string; type: string; account?: string; data: { object: Record<string, unknown> } };
export type { ApplyResult };

type Ctx = Pick<Services, "db" | "now" | "env" | "queue" | "waitUntil" | "config">;

export async function applyStripeEvent(ctx: Ctx, event: StripeEvent): Promise<ApplyResult> {
  if (handlesIntentEvent(event.type)) {
    return applyIntentEvent(ctx, { id: event.id, type: event.type, account: event.account, object: event.data.object });
  }
  if (event.type === "account.updated") return applyAccountUpdated(ctx.db, event, ctx.now);
  if (event.type === "charge.refunded") return applyChargeRefunded(ctx, event);
  return { handled: false };
}

/** One round trip: the flags move only if a business has this account, and the event is then recorded. */
async function applyAccountUpdated(db: Db, event: StripeEvent, now: Date): Promise<ApplyResult> {
  const o = event.data.object;
  const accountId = typeof o.id === "string" ? o.id : event.account;
  if (!accountId) return { handled: false };
  const t = now.toISOString();
  const b = batch(db);
  const updated = b.add(
    db.run(sql`
      UPDATE tenants SET stripe_charges_enabled = ${o.charges_enabled === true ? 1 : 0},
        stripe_details_submitted = ${o.details_submitted === true ? 1 : 0}, updated_at = ${t}
      WHERE stripe_account_id = ${accountId} AND NOT EXISTS (SELECT 1 FROM processed_events WHERE id = ${event.id})`),
  );
  b.add(
    db.run(sql`INSERT INTO processed_events (id, source, type, received_at)
      SELECT ${event.id}, 'stripe', ${event.type}, ${t} WHERE changes() > 0
      ON CONFLICT (id) DO NOTHING`),
  );
  await b.run();
  const applied = (updated.result().rowsAffected ?? 0) > 0;
  // An account no business has (yet): nothing to keep current; acknowledged.
  return { handled: true, duplicate: false, paymentUpdated: applied, paymentKnown: true, ours: false };
}

type RefundRow = {
  id: string;
  tenantId: string;
  paymentId: string;
  bookingId: string | null;
  amount: number;
  currency: string;
  reason: string;
};

/**
 * Two round trips: our refunds the charge lists as succeeded (by the refund_id we put in their
 * metadata, or their Stripe id), then one batch that moves each (and sends payment.refunded once).
 * A refund counts only when the event happened on the payment's own connected account
 * (`event.account`, design.md §31): metadata and ids are whatever the account's holder wrote, so an
 * event from another account (any business can sign up its own) proves nothing about ours.
 */
async function applyChargeRefunded(ctx: Ctx, event: StripeEvent): Promise<ApplyResult> {
  const list = (event.data.object.refunds as { data?: unknown } | undefined)?.data;
  const succeeded = (Array.isArray(list) ? list : []).filter(
    (r): r is { id: string; status?: string; metadata?: { refund_id?: unknown } } =>
      typeof r === "object" &&
      r !== null &&
      typeof (r as { id?: unknown }).id === "string" &&
      (r as { status?: unknown }).status === "succeeded",
  );
  if (succeeded.length === 0) return { handled: false };
  const ours = succeeded.map((r) => (typeof r.metadata?.refund_id === "string" ? r.metadata.refund_id : "")).filter(Boolean);
  const stripeIds = succeeded.map((r) => r.id);
  const { db, now } = ctx;
  if (!event.account) return { handled: true, duplicate: false, paymentUpdated: false, paymentKnown: true, ours: false };
  const rows = await db.all<RefundRow>(sql`
    SELECT r.id, r.tenant_id AS tenantId, r.payment_id AS paymentId, p.booking_id AS bookingId, r.amount, r.currency, r.reason
    FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN tenants t ON t.id = p.tenant_id
    WHERE r.status = 'pending' AND COALESCE(p.stripe_account_id, t.stripe_account_id) = ${event.account}
      AND (r.id IN (${sql.join(
        [...ours, ""].map((v) => sql`${v}`),
        sql`, `,
      )}) OR r.stripe_refund_id IN (${sql.join(
        stripeIds.map((v) => sql`${v}`),
        sql`, `,
      )}))`);
  if (rows.length === 0) return { handled: true, duplicate: false, paymentUpdated: false, paymentKnown: true, ours: false };
  const t = now.toISOString();
  const applyId = newId("apl");
  const byOurId = new Map(succeeded.map((r) => [typeof r.metadata?.refund_id === "string" ? r.metadata.refund_id : r.id, r.id]));
  const gate = sql`EXISTS (SELECT 1 FROM processed_events WHERE id = ${event.id} AND apply_id = ${applyId})`;
  const b = batch(db);
  b.add(
    db.run(sql`INSERT INTO processed_events (id, source, type, received_at, apply_id)
      SELECT ${event.id}, 'stripe', ${event.type}, ${t}, ${applyId}
      ON CONFLICT (id) DO NOTHING`),
  );
  for (const r of rows) {
    b.add(
      refundSucceeded(
        db,
        now,
        {
          tenantId: r.tenantId,
          refundId: r.id,
          stripeRefundId: byOurId.get(r.id) ?? null,
          webhook: { id: r.id, paymentId: r.paymentId, bookingId: r.bookingId, amount: r.amount, currency: r.currency, reason: r.reason },
        },
        gate,
      ),
    );
  }
  // The `payment.refunded` deliveries go to the queue after commit.
  await b.run(ctx);
  return { handled: true, duplicate: false, paymentUpdated: true, paymentKnown: true, ours: true };
}
