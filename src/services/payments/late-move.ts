import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feeAmount, LATE_FEE_DELAY_MS } from "../../domain/payments";
import type { Fragment } from "../batch";
import type { BookingView } from "../bookings/lookup";
import { feeInsert } from "./cancellation";
import { type BookingMoney, paidAtBooking } from "./money";

/**
 * design.md §31: a booking keeps its first refund deadline when it is moved, and a customer's
 * move after that deadline counts, for §21's fees, as a cancellation inside the window: the first
 * such move is recorded (`moved_late_at`), and the late-cancel fee applies if the booking is then
 * cancelled (the deadline has passed anyway, ./cancellation.ts) or moved late again (here: the fee
 * is scheduled like a late cancellation's, 24 h later unless the owner waives it; one per booking).
 * The business moving a booking never counts against the customer.
 */
export function lateMoveMoney(
  db: Db,
  now: Date,
  b: BookingView,
  money: BookingMoney,
  by: "customer" | "business",
  gate: SQL,
): { late: boolean; fee: Fragment | null } {
  if (by === "business" || now.getTime() <= money.policy.refundDeadlineAt) return { late: false, fee: null };
  if (money.policy.movedLateAt === null || money.policy.lateCancelFeePercent <= 0) return { late: true, fee: null };
  const kept = paidAtBooking(money).reduce((sum, p) => sum + p.refundable, 0);
  const amount = feeAmount(b.totalAmount, money.policy.lateCancelFeePercent, kept, b.currency);
  const runAt = new Date(now.getTime() + LATE_FEE_DELAY_MS);
  return { late: true, fee: feeInsert(db, now, b, money, { kind: "late_cancel_fee", amount, runAt }, gate) };
}
