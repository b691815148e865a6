import { sql } from "drizzle-orm";
import type { Actor } from "../../auth-context";
import type { Db } from "../../db/client";
import { feeAmount } from "../../domain/payments";
import { ApiError } from "../../errors";
import { auditInsert } from "../audit";
import { batch } from "../batch";
import { FEE_CHARGE_KIND, REFUND_KIND } from "./job-kinds";
import { type MoneyPayment, moneyQuery, paidAtBooking, parseMoney } from "./money";

/**
 * The owner's view of a booking's money (design.md §21), for the app's booking detail: every
 * payment with its refunds (a refund Stripe keeps refusing shows its last error), the card on
 * file, and what marking a no-show would charge now. One round trip.
 */

export type OwnerRefund = {
  id: string;
  seq: number;
  amount: number;
  currency: string;
  status: "pending" | "succeeded" | "failed";
  reason: string;
  createdAt: string;
  /** The outbox's last error while Stripe refuses or cannot be reached; retried until it succeeds. */
  lastError: string | null;
  attempts: number;
};

/** A payment as the cancellation's money sees it (`refundable`: what a manual refund may still give back), and more. */
export type OwnerPayment = MoneyPayment & {
  refundedAmount: number;
  stripePaymentIntentId: string | null;
  failureMessage: string | null;
  chargeAt: string | null;
  waivedAt: string | null;
  createdAt: string;
  refunds: OwnerRefund[];
};

export type BookingPayments = {
  bookingId: string;
  payments: OwnerPayment[];
  card: { status: "pending" | "saved" | "failed" } | null;
  noShowFee: { percent: number; amount: number; currency: string } | null;
};

/**
 * The statements of that one round trip, to run alone (getBookingPayments) or inside a larger
 * batch (the owner app's booking detail); `bookingPaymentsOf` reads their results.
 */
export function bookingPaymentsQueries(db: Db, tenantId: string, bookingId: string) {
  const booking = sql`(SELECT id FROM bookings WHERE id = ${bookingId} AND tenant_id = ${tenantId})`;
  return [
    db.all<{ id: string; status: string; totalAmount: number; currency: string }>(
      sql`SELECT id, status, total_amount AS totalAmount, currency FROM bookings WHERE id = ${bookingId} AND tenant_id = ${tenantId}`,
    ),
    db.all<Omit<OwnerPayment, "refunds">>(sql`
      SELECT p.id, p.kind, p.status, p.amount, p.currency, p.refunded_amount AS refundedAmount,
             CASE WHEN p.status IN ('succeeded', 'partially_refunded')
               THEN p.amount - COALESCE((SELECT SUM(x.amount) FROM refunds x WHERE x.payment_id = p.id AND x.status <> 'failed'), 0)
               ELSE 0 END AS refundable,
             p.stripe_payment_intent_id AS stripePaymentIntentId, p.failure_message AS failureMessage, p.charge_at AS chargeAt,
             p.waived_at AS waivedAt, p.created_at AS createdAt
      FROM payments p WHERE p.booking_id = ${booking} ORDER BY p.created_at, p.id`),
    db.all<OwnerRefund & { paymentId: string }>(sql`
      SELECT r.id, r.payment_id AS paymentId, r.seq, r.amount, r.currency, r.status, r.reason, r.created_at AS createdAt,
             j.last_error AS lastError, COALESCE(j.attempts, 0) AS attempts
      FROM refunds r JOIN payments p ON p.id = r.payment_id
      LEFT JOIN jobs j ON j.kind = ${REFUND_KIND} AND j.idempotency_key = 'refund-' || r.payment_id || '-' || r.seq
      WHERE p.booking_id = ${booking} ORDER BY r.payment_id, r.seq`),
    db.all<{ status: "pending" | "saved" | "failed" }>(sql`SELECT status FROM booking_cards WHERE booking_id = ${booking}`),
    moneyQuery(db, booking),
  ] as const;
}

type Results<T extends readonly unknown[]> = { [K in keyof T]: Awaited<T[K]> };

export function bookingPaymentsOf(results: Results<ReturnType<typeof bookingPaymentsQueries>>): BookingPayments {
  const [bookings, payments, refunds, cards, moneyRows] = results;
  const b = bookings[0];
  if (!b) throw ApiError.notFound("Booking");
  const money = parseMoney(moneyRows);
  const kept = paidAtBooking(money).reduce((sum, p) => sum + p.refundable, 0);
  const fee =
    money.card && money.policy.noShowFeePercent > 0 ? feeAmount(b.totalAmount, money.policy.noShowFeePercent, kept, b.currency) : 0;
  return {
    bookingId: b.id,
    payments: payments.map((p) => ({
      ...p,
      amount: Number(p.amount),
      refundedAmount: Number(p.refundedAmount),
      refundable: Number(p.refundable),
      refunds: refunds
        .filter((r) => r.paymentId === p.id)
        .map(({ paymentId: _, ...r }) => ({ ...r, amount: Number(r.amount), seq: Number(r.seq), attempts: Number(r.attempts) })),
    })),
    card: cards[0] ? { status: cards[0].status } : null,
    noShowFee: fee > 0 ? { percent: money.policy.noShowFeePercent, amount: fee, currency: b.currency.toUpperCase() } : null,
  };
}

export async function getBookingPayments(db: Db, tenantId: string, bookingId: string): Promise<BookingPayments> {
  return bookingPaymentsOf(await db.batch(bookingPaymentsQueries(db, tenantId, bookingId)));
}

/**
 * POST /api/bookings/:id/waive-fee: a fee not charged yet is cancelled (its job stopped before it
 * starts, the payment `cancelled` and marked waived, an audit row), all in one batch; a fee
 * already being charged or charged is 409 conflict; no fee is 404.
 */
export async function waiveFee(db: Db, r: { tenantId: string; bookingId: string; actor: Actor }, now: Date) {
  const t = now.toISOString();
  const keys = ["late_cancel_fee", "no_show_fee"].map((kind) => `fee-${r.bookingId}-${kind}`);
  const inTenant = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${r.bookingId} AND tenant_id = ${r.tenantId})`;
  const stopped = sql`EXISTS (SELECT 1 FROM jobs j WHERE j.kind = ${FEE_CHARGE_KIND}
    AND j.idempotency_key = 'fee-' || payments.booking_id || '-' || payments.kind AND j.status = 'cancelled')`;
  const b = batch(db);
  b.add(
    db.run(sql`
      UPDATE jobs SET status = 'cancelled', updated_at = ${t}
      WHERE kind = ${FEE_CHARGE_KIND} AND idempotency_key IN (${keys[0]}, ${keys[1]}) AND status = 'pending' AND ${inTenant}`),
  );
  const waivedRows = b.add(
    db.all<{ id: string; kind: string; amount: number; currency: string }>(sql`
      UPDATE payments SET status = 'cancelled', waived_at = ${t}, waived_by = ${r.actor.id}, updated_at = ${t}
      WHERE booking_id = ${r.bookingId} AND tenant_id = ${r.tenantId} AND kind IN ('late_cancel_fee', 'no_show_fee')
        AND status = 'pending' AND ${stopped}
      RETURNING id, kind, amount, currency`),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "booking.fee_waived",
        actorType: r.actor.type,
        actorId: r.actor.id,
        targetType: "booking",
        targetId: r.bookingId,
        metadata: { tenantId: r.tenantId },
      },
      now,
      sql`changes() > 0`,
    ),
  );
  const feeRows = b.add(
    db.all<{ id: string; status: string }>(sql`
      SELECT id, status FROM payments WHERE booking_id = ${r.bookingId} AND tenant_id = ${r.tenantId}
        AND kind IN ('late_cancel_fee', 'no_show_fee')`),
  );
  await b.run();
  const [waived] = waivedRows.result();
  if (waived)
    return { id: waived.id, kind: waived.kind, amount: Number(waived.amount), currency: waived.currency, status: "cancelled" as const };
  const fees = feeRows.result();
  if (fees.length === 0) throw new ApiError("not_found", "This booking has no fee to waive");
  if (fees.every((f) => f.status === "cancelled")) throw new ApiError("conflict", "The fee has already been waived");
  throw new ApiError("conflict", "The fee is being charged or has been charged; refund it instead");
}
