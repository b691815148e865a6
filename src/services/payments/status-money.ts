import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import type { BookingStatus } from "../../domain/booking-status";
import { feeAmount } from "../../domain/payments";
import type { BookingView } from "../bookings/lookup";
import type { BookingCtx } from "../bookings/scope";
import { enqueue } from "../outbox";
import { cancellationMoney, feeStatements } from "./cancellation";
import { type BookingMoney, paidAtBooking } from "./money";

/**
 * The money side of an owner's status change (design.md §21): `cancelled` is the business
 * cancelling (full refund, or the quiet release of a booking still held for payment); `no_show`
 * charges `noShowFeePercent` of the price, less the payment the business keeps, to the card on
 * file at once (from the outbox), unless the owner says `chargeFee: false`.
 */

export type FeeSummary = { paymentId: string; kind: "no_show_fee"; amount: number; currency: string; status: "pending" } | null;

export function statusChangeMoney(
  db: Db,
  now: Date,
  b: BookingView,
  money: BookingMoney,
  to: BookingStatus,
  opts: { chargeFee?: boolean },
  gate: SQL,
): {
  statements: BatchItem<"sqlite">[];
  quiet: boolean;
  emailLines: string[];
  fee: FeeSummary;
  afterCommit(ctx: Pick<BookingCtx, "env" | "waitUntil">, results: unknown[]): void;
} {
  if (to === "cancelled") {
    const c = cancellationMoney(db, now, b, money, "business", gate);
    return { statements: c.statements, quiet: c.quiet, emailLines: c.emailLines, fee: null, afterCommit: c.afterCommit };
  }
  if (to === "no_show" && opts.chargeFee !== false && money.policy.noShowFeePercent > 0) {
    const kept = paidAtBooking(money).reduce((sum, p) => sum + p.refundable, 0);
    const amount = feeAmount(b.totalAmount, money.policy.noShowFeePercent, kept, b.currency);
    const fee = feeStatements(db, now, b, money, { kind: "no_show_fee", amount, runAt: now }, gate);
    if (fee) {
      return {
        statements: fee.statements,
        quiet: false,
        emailLines: [],
        fee: { paymentId: fee.paymentId, kind: "no_show_fee", amount, currency: b.currency.toUpperCase(), status: "pending" },
        afterCommit(ctx) {
          ctx.waitUntil(enqueue(ctx.env.EMAIL_QUEUE, [fee.pointer]));
        },
      };
    }
  }
  return { statements: [], quiet: false, emailLines: [], fee: null, afterCommit() {} };
}
