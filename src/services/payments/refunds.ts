import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { batch, compose, type Fragment, group } from "../batch";
import type { Services } from "../context";
import { jobInsertSelect } from "../outbox/jobs";
import { webhookEventInsert } from "../webhooks/events";
import { REFUND_KIND } from "./job-kinds";

/**
 * Refunds (design.md §21): a `refunds` row and its outbox job (`stripe.refund`) in the same batch
 * as whatever causes them, so a refund is never lost and never made twice: the job's
 * Idempotency-Key is `refund-<paymentId>-<n>`, n the refund's number for that payment. The amount
 * is checked inside the insert against what was paid minus every refund not failed (queued ones
 * included), so two concurrent refunds can never give back more than was paid.
 */

/** What is left to refund of payment `p` (SQL over an alias `p` of payments). */
const remaining = sql`(p.amount - COALESCE((SELECT SUM(x.amount) FROM refunds x WHERE x.payment_id = p.id AND x.status <> 'failed'), 0))`;

export type RefundRequest = {
  tenantId: string;
  paymentId: string;
  /** A number of minor units, or everything still refundable. */
  amount: number | "remaining";
  reason: "customer_cancel" | "business_cancel" | "manual" | "late_payment";
  createdBy?: string | null;
};

export type RefundRow = { id: string; amount: number; currency: string };

/**
 * Two statements: the refund row (RETURNING id, amount, currency; nothing when the payment is not
 * paid, the amount is 0 or exceeds what is left) and its job. `gate` ties both to the change.
 * Value: the refund row, or null when none was written; its job is enqueued after commit.
 */
export function refundInsert(db: Db, now: Date, r: RefundRequest, gate: SQL = sql`1`): Fragment<RefundRow | null> & { id: string } {
  const id = newId("ref");
  const t = now.toISOString();
  const amount = r.amount === "remaining" ? remaining : sql`${r.amount}`;
  const insert = db.all<RefundRow>(sql`
    INSERT INTO refunds (id, tenant_id, payment_id, seq, amount, currency, status, reason, created_by, created_at, updated_at)
    SELECT ${id}, p.tenant_id, p.id,
           COALESCE((SELECT MAX(y.seq) FROM refunds y WHERE y.payment_id = p.id), 0) + 1,
           ${amount}, p.currency, 'pending', ${r.reason}, ${r.createdBy ?? null}, ${t}, ${t}
    FROM payments p
    WHERE p.id = ${r.paymentId} AND p.tenant_id = ${r.tenantId}
      AND p.status IN ('succeeded', 'partially_refunded') AND p.stripe_payment_intent_id IS NOT NULL
      AND ${amount} > 0 AND ${amount} <= ${remaining}
      AND ${gate}
    RETURNING id, amount, currency`);
  const job = jobInsertSelect(
    db,
    {
      kind: REFUND_KIND,
      select: sql`
        SELECT r.tenant_id AS tenant_id, 'refund-' || r.payment_id || '-' || r.seq AS idempotency_key,
               json_object('refundId', r.id, 'paymentId', p.id, 'bookingId', p.booking_id, 'paymentIntent', p.stripe_payment_intent_id,
                           'amount', r.amount, 'currency', r.currency, 'reason', r.reason,
                           'account', COALESCE(p.stripe_account_id, t.stripe_account_id)) AS payload
        FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN tenants t ON t.id = r.tenant_id
        WHERE r.id = ${id}`,
    },
    now,
  );
  return {
    id,
    ...compose((add) => {
      const row = add(insert);
      add(job);
      return () => row.result()[0] ?? null;
    }),
  };
}

export type RefundJobPayload = {
  refundId: string;
  paymentId: string;
  bookingId: string | null;
  paymentIntent: string;
  amount: number;
  currency: string;
  reason: string;
  account: string | null;
};

/**
 * A refund Stripe has confirmed: the row `succeeded`, the payment's refunded total recomputed from
 * its confirmed refunds (so applying this twice changes nothing), and `payment.refunded` to the
 * business's webhooks, written only by the batch that moves the row (gated on its pending state,
 * read before the move).
 */
export function refundSucceeded(
  db: Db,
  now: Date,
  r: { tenantId: string; refundId: string; stripeRefundId: string | null; webhook: Record<string, unknown> },
  gate: SQL = sql`1`,
): Fragment {
  const t = now.toISOString();
  const moves = sql`${gate} AND EXISTS (SELECT 1 FROM refunds WHERE id = ${r.refundId} AND status = 'pending')`;
  const event = webhookEventInsert(db, r.tenantId, "payment.refunded", { refund: { ...r.webhook, status: "succeeded" } }, now, moves);
  return group([
    event,
    db.run(sql`
      UPDATE refunds SET status = 'succeeded', stripe_refund_id = COALESCE(${r.stripeRefundId}, stripe_refund_id), updated_at = ${t}
      WHERE id = ${r.refundId} AND status = 'pending' AND ${gate}`),
    db.run(sql`
      UPDATE payments SET
        refunded_amount = (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE payment_id = payments.id AND status = 'succeeded'),
        status = CASE
          WHEN (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE payment_id = payments.id AND status = 'succeeded') >= amount THEN 'refunded'
          WHEN (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE payment_id = payments.id AND status = 'succeeded') > 0 THEN 'partially_refunded'
          ELSE status END,
        updated_at = ${t}
      WHERE id = (SELECT payment_id FROM refunds WHERE id = ${r.refundId})
        AND status IN ('succeeded', 'partially_refunded', 'refunded')`),
  ]);
}

export type ManualRefund = { id: string; paymentId: string; amount: number; currency: string; status: "pending" };

/**
 * POST /api/payments/:id/refund. One round trip: the guarded refund insert and its job, then a
 * read of the payment that explains a refusal (unknown: 404; nothing left: 409).
 */
export async function refundPayment(
  ctx: Pick<Services, "db" | "now" | "queue" | "waitUntil">,
  r: { tenantId: string; paymentId: string; amount?: number; actor: Actor },
): Promise<ManualRefund> {
  const { db, now } = ctx;
  const b = batch(db);
  const refund = b.add(
    refundInsert(db, now, {
      tenantId: r.tenantId,
      paymentId: r.paymentId,
      amount: r.amount ?? "remaining",
      reason: "manual",
      createdBy: r.actor.id,
    }),
  );
  const payments = b.add(
    db.all<{ status: string; left: number }>(sql`
      SELECT p.status AS status, ${remaining} AS "left" FROM payments p WHERE p.id = ${r.paymentId} AND p.tenant_id = ${r.tenantId}`),
  );
  // The refund's job goes to the queue after commit (nothing is written on a refusal).
  await b.run(ctx);
  const row = refund.result();
  const [payment] = payments.result();
  if (!payment) throw ApiError.notFound("Payment");
  if (!row) {
    const left = Number(payment.left);
    if (payment.status !== "succeeded" && payment.status !== "partially_refunded") {
      throw new ApiError("refund_exceeds_payment", "Nothing of this payment has been paid, so nothing can be refunded");
    }
    throw new ApiError("refund_exceeds_payment", `At most ${Math.max(left, 0)} (minor units) of this payment can still be refunded`);
  }
  return { id: row.id, paymentId: r.paymentId, amount: Number(row.amount), currency: row.currency, status: "pending" };
}
