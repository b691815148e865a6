import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BookingStatus } from "../../domain/booking-status";
import { feeAmount } from "../../domain/payments";
import type { BookingView } from "../bookings/lookup";
import { type Fragment, group } from "../batch";
import { cancellationMoney, feeInsert } from "./cancellation";
import { type BookingMoney, paidAtBooking } from "./money";

/**
 * The money side of an owner's status change (design.md §21): `cancelled` is the business
 * cancelling (full refund, or the quiet release of a booking still held for payment); `no_show`
 * charges `noShowFeePercent` of the price, less the payment the business keeps, to the card on
 * file at once (from the outbox, enqueued after commit), unless the owner says `chargeFee: false`.
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
): Fragment & { quiet: boolean; emailLines: string[]; fee: FeeSummary } {
  if (to === "cancelled") return { ...cancellationMoney(db, now, b, money, "business", gate), fee: null };
  if (to === "no_show" && opts.chargeFee !== false && money.policy.noShowFeePercent > 0) {
    const kept = paidAtBooking(money).reduce((sum, p) => sum + p.refundable, 0);
    const amount = feeAmount(b.totalAmount, money.policy.noShowFeePercent, kept, b.currency);
    const fee = feeInsert(db, now, b, money, { kind: "no_show_fee", amount, runAt: now }, gate);
    if (fee) {
      return {
        ...fee,
        quiet: false,
        emailLines: [],
        fee: { paymentId: fee.paymentId, kind: "no_show_fee", amount, currency: b.currency.toUpperCase(), status: "pending" },
      };
    }
  }
  return { ...group([]), quiet: false, emailLines: [], fee: null };
}
