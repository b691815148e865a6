import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { type Canceller, cancellationRefund, feeAmount, LATE_FEE_DELAY_MS } from "../../domain/payments";
import { instantToHumanLocal } from "../../domain/time";
import type { BookingView } from "../bookings/lookup";
import type { BookingCtx } from "../bookings/scope";
import { cancellationMoneyLines, type PaymentEmailFacts } from "../email/payment-templates";
import { enqueue, jobInsert, type JobPointer } from "../outbox";
import { jobPointers } from "../outbox/jobs";
import { newId } from "../../lib/ids";
import { CANCEL_INTENT_KIND, FEE_CHARGE_KIND, REFUND_KIND } from "./job-kinds";
import type { FeeChargePayload } from "./jobs";
import { type BookingMoney, paidAtBooking } from "./money";
import { releaseStatements } from "./holds";
import { refundStatements } from "./refunds";

/**
 * The money side of a cancellation (design.md §21), as statements for the cancel's own batch,
 * gated like its other effects:
 * - a booking still held for payment is released like an expiry (intents cancelled, a late
 *   success refunded) and quietly: it was never confirmed, so no e-mail and no webhook;
 * - the business cancelling refunds everything paid; a customer cancelling at or before the
 *   deadline (`cancellationHours` before the start) too; after it the payment is kept and, with a
 *   card on file, a late-cancellation fee is scheduled 24 h later unless the owner waives it.
 */

export type RefundSummary = { amount: number; currency: string; status: "pending" } | null;

export type CancellationMoney = {
  statements: BatchItem<"sqlite">[];
  refund: RefundSummary;
  /** Paragraphs for the cancellation e-mail. */
  emailLines: string[];
  /** Held for payment and never confirmed: no cancellation e-mail or webhook. */
  quiet: boolean;
  afterCommit(ctx: Pick<BookingCtx, "env" | "waitUntil">, results: unknown[]): void;
};

export function emailFacts(b: BookingView): PaymentEmailFacts {
  const c = b.customer;
  return {
    businessName: b.tenant.businessName,
    customerName: c ? `${c.firstName} ${c.lastName}`.trim() || c.email : "",
    serviceName: b.serviceName,
    localStart: instantToHumanLocal(b.tenant.timezone, b.startAt),
    timezone: b.tenant.timezone,
    confirmationCode: b.confirmationCode,
  };
}

/** A fee payment row and its charge job (`fee-<bookingId>-<kind>`), due at `runAt`. */
export function feeStatements(
  db: Db,
  now: Date,
  b: BookingView,
  money: BookingMoney,
  fee: { kind: "no_show_fee" | "late_cancel_fee"; amount: number; runAt: Date },
  gate: SQL,
) {
  const card = money.card;
  const account = money.policy.account;
  if (!card || !account || fee.amount <= 0) return null;
  const paymentId = newId("pay");
  const t = now.toISOString();
  const currency = b.currency.toUpperCase();
  const insert = db.run(sql`
    INSERT INTO payments (id, tenant_id, booking_id, amount, currency, kind, status, stripe_account_id, stripe_customer_id, charge_at, created_at, updated_at)
    SELECT ${paymentId}, ${b.tenantId}, ${b.id}, ${fee.amount}, ${currency}, ${fee.kind}, 'pending', ${account}, ${card.customerId},
           ${fee.runAt.toISOString()}, ${t}, ${t}
    WHERE ${gate}
    ON CONFLICT DO NOTHING`);
  const payload: FeeChargePayload = {
    paymentId,
    bookingId: b.id,
    kind: fee.kind,
    amount: fee.amount,
    currency,
    customer: card.customerId,
    paymentMethod: card.paymentMethodId,
    account,
    to: b.customer?.email || null,
    facts: emailFacts(b),
  };
  const job = jobInsert(
    db,
    { kind: FEE_CHARGE_KIND, tenantId: b.tenantId, payload, idempotencyKey: `fee-${b.id}-${fee.kind}`, runAt: fee.runAt },
    now,
    sql`EXISTS (SELECT 1 FROM payments WHERE id = ${paymentId})`,
  );
  return { paymentId, statements: [insert, job.insert], pointer: job.pointer };
}

export function cancellationMoney(db: Db, now: Date, b: BookingView, money: BookingMoney, by: Canceller, gate: SQL): CancellationMoney {
  const statements: BatchItem<"sqlite">[] = [];
  const quiet = b.status === "pending";
  if (quiet) statements.push(...releaseStatements(db, now, sql`SELECT ${b.id} AS id`, gate));

  const paid = paidAtBooking(money).filter((p) => p.refundable > 0);
  const decision = cancellationRefund(by, money.policy.refundDeadlineAt, now.getTime());
  const currency = b.currency.toUpperCase();
  const refundJobsAt: number[] = [];
  let refunded = 0;
  let kept = 0;
  for (const p of paid) {
    if (decision === "full") {
      const r = refundStatements(
        db,
        now,
        { tenantId: b.tenantId, paymentId: p.id, amount: "remaining", reason: by === "business" ? "business_cancel" : "customer_cancel" },
        gate,
      );
      refundJobsAt.push(statements.push(...r.statements) - 1);
      refunded += p.refundable;
    } else {
      kept += p.refundable;
    }
  }

  let lateFee: { amount: number; chargeOn: string } | null = null;
  if (by === "customer" && decision === "keep" && money.policy.lateCancelFeePercent > 0) {
    const runAt = new Date(now.getTime() + LATE_FEE_DELAY_MS);
    const amount = feeAmount(b.totalAmount, money.policy.lateCancelFeePercent, kept, currency);
    const fee = feeStatements(db, now, b, money, { kind: "late_cancel_fee", amount, runAt }, gate);
    if (fee) {
      statements.push(...fee.statements);
      lateFee = { amount, chargeOn: instantToHumanLocal(b.tenant.timezone, runAt.getTime()) };
    }
  }

  return {
    statements,
    refund: refunded > 0 ? { amount: refunded, currency, status: "pending" } : null,
    emailLines: cancellationMoneyLines({ refunded, kept, currency, policy: money.policy.cancellationPolicy, lateFee }),
    quiet,
    afterCommit(ctx, results) {
      // Refunds and intent cancels run now; a late fee is due in 24 h (the cron finds it then).
      const pointers: JobPointer[] = refundJobsAt.flatMap((i) => jobPointers(REFUND_KIND, results[i] as { id: string }[]));
      if (quiet) pointers.push(...jobPointers(CANCEL_INTENT_KIND, results[0] as { id: string }[]));
      if (pointers.length) ctx.waitUntil(enqueue(ctx.env.EMAIL_QUEUE, pointers));
    },
  };
}
