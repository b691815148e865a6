import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Canceller, cancellationRefund, feeAmount, LATE_FEE_DELAY_MS } from "../../domain/payments";
import type { BookingView } from "../bookings/lookup";
import { type Fragment, group, type Part } from "../batch";
import { humanDateTime } from "../email/mail-language";
import { cancellationMoneyLines, type PaymentEmailFacts } from "../email/payment-templates";
import { jobInsert } from "../outbox";
import { newId } from "../../lib/ids";
import { FEE_CHARGE_KIND } from "./job-kinds";
import type { FeeChargePayload } from "./jobs";
import { type BookingMoney, paidAtBooking } from "./money";
import { holdRelease } from "./holds";
import { refundInsert } from "./refunds";
import { giftCardGiveBack, packageGiveBack } from "../prepaid/give-back";

/**
 * The money side of a cancellation (design.md §21), as one fragment of the cancel's own batch,
 * gated like its other effects (refunds and intent cancels are enqueued after commit; a late fee
 * is due in 24 h and found by the cron then):
 * - a booking still held for payment is released like an expiry (intents cancelled, a late
 *   success refunded) and quietly: it was never confirmed, so no e-mail and no webhook;
 * - the business cancelling refunds everything paid; a customer cancelling at or before the
 *   deadline (`cancellationHours` before the start) too; after it the payment is kept and, with a
 *   card on file, a late-cancellation fee is scheduled 24 h later unless the owner waives it.
 */

export type RefundSummary = { amount: number; currency: string; status: "pending" } | null;

export type CancellationMoney = Fragment & {
  refund: RefundSummary;
  /** Paragraphs for the cancellation e-mail. */
  emailLines: string[];
  /** Held for payment and never confirmed: no cancellation e-mail or webhook. */
  quiet: boolean;
};

export function emailFacts(b: BookingView): PaymentEmailFacts {
  const c = b.customer;
  return {
    businessName: b.tenant.businessName,
    customerName: c ? `${c.firstName} ${c.lastName}`.trim() || c.email : "",
    serviceName: b.serviceName,
    localStart: humanDateTime(b.locale, b.tenant.timezone, b.startAt),
    timezone: b.tenant.timezone,
    confirmationCode: b.confirmationCode,
    locale: b.locale,
  };
}

/** A fee payment row and its charge job (`fee-<bookingId>-<kind>`), due at `runAt` (enqueued after commit when due now). */
export function feeInsert(
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
  return { paymentId, ...group([insert, job]) };
}

export function cancellationMoney(db: Db, now: Date, b: BookingView, money: BookingMoney, by: Canceller, gate: SQL): CancellationMoney {
  const parts: Part[] = [];
  const quiet = b.status === "pending";
  // A visit's items go together (design.md §26): each package session of it is given back, the promo use once (on its first item).
  const rows = b.visitId ? sql`SELECT id FROM bookings WHERE visit_id = ${b.visitId}` : sql`SELECT ${b.id} AS id`;
  if (quiet) parts.push(holdRelease(db, now, rows, gate));

  const paid = paidAtBooking(money).filter((p) => p.refundable > 0);
  const decision = cancellationRefund(by, money.policy.refundDeadlineAt, now.getTime());
  const currency = b.currency.toUpperCase();
  let refunded = 0;
  let kept = 0;
  // design.md §32: a refunded cancellation gives a gift card its share back first (a released hold already did).
  // A package session is given back likewise; a late cancellation keeps the credit.
  // A single booking that used neither writes no give-back (issue #42: two statements less per cancel).
  if (decision === "full" && !quiet && (b.visitId || money.prepaid)) {
    parts.push(giftCardGiveBack(db, now, rows, gate), packageGiveBack(db, now, rows, gate));
  }
  for (const p of paid) {
    if (decision === "full") {
      const reason = by === "business" ? "business_cancel" : "customer_cancel";
      parts.push(refundInsert(db, now, { tenantId: b.tenantId, paymentId: p.id, amount: "remaining", reason }, gate));
      refunded += p.refundable;
    } else {
      kept += p.refundable;
    }
  }

  let lateFee: { amount: number; chargeOn: string } | null = null;
  if (by === "customer" && decision === "keep" && money.policy.lateCancelFeePercent > 0) {
    const runAt = new Date(now.getTime() + LATE_FEE_DELAY_MS);
    const amount = feeAmount(b.totalAmount, money.policy.lateCancelFeePercent, kept, currency);
    const fee = feeInsert(db, now, b, money, { kind: "late_cancel_fee", amount, runAt }, gate);
    if (fee) {
      parts.push(fee);
      lateFee = { amount, chargeOn: humanDateTime(b.locale, b.tenant.timezone, runAt.getTime()) };
    }
  }

  return {
    ...group(parts),
    refund: refunded > 0 ? { amount: refunded, currency, status: "pending" } : null,
    emailLines: cancellationMoneyLines({ refunded, kept, currency, policy: money.policy.cancellationPolicy, lateFee, locale: b.locale }),
    quiet,
  };
}
