import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BookingStatus } from "../../domain/booking-status";
import { feeAmount } from "../../domain/payments";
import type { BookingView } from "../bookings/lookup";
import { type Fragment, group } from "../batch";
import { feeInsert } from "./cancellation";
import { type BookingMoney, paidAtBooking } from "./money";

/**
 * The money side of an owner's status change other than a cancellation (that one is the cancel
 * use case's, src/services/bookings/cancel.ts, design.md §21): `no_show` charges
 * `noShowFeePercent` of the price, less the payment the business keeps, to the card on file at
 * once (from the outbox, enqueued after commit), unless the owner says `chargeFee: false`.
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
): Fragment & { fee: FeeSummary } {
  if (to === "no_show" && opts.chargeFee !== false && money.policy.noShowFeePercent > 0) {
    const kept = paidAtBooking(money).reduce((sum, p) => sum + p.refundable, 0);
    const amount = feeAmount(b.totalAmount, money.policy.noShowFeePercent, kept, b.currency);
    const fee = feeInsert(db, now, b, money, { kind: "no_show_fee", amount, runAt: now }, gate);
    if (fee) {
      return {
        ...fee,
        fee: { paymentId: fee.paymentId, kind: "no_show_fee", amount, currency: b.currency.toUpperCase(), status: "pending" },
      };
    }
  }
  return { ...group([]), fee: null };
}
