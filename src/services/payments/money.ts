import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * What a booking's cancellation or no-show needs to know about its money, as ONE batch item for
 * the read the booking service already makes (no extra round trip): its payments with what is
 * still refundable, its card on file, and the terms the customer agreed to: the ones stored on the
 * booking when it was made (design.md §31), the business's current ones only for a row written
 * before terms were stored (a Worker of the previous release during a deploy). The refund deadline
 * is the booking's own (its first start − cancellation hours): a move never pushes it later.
 */

export type MoneyPayment = {
  id: string;
  kind: "deposit" | "full" | "no_show_fee" | "late_cancel_fee";
  status: string;
  amount: number;
  currency: string;
  /** Paid minus every refund not failed (queued ones included). */
  refundable: number;
};

export type BookingMoney = {
  payments: MoneyPayment[];
  card: { customerId: string; paymentMethodId: string } | null;
  policy: {
    cancellationHours: number;
    cancellationPolicy: string;
    noShowFeePercent: number;
    lateCancelFeePercent: number;
    account: string | null;
    /** Epoch ms: a customer cancelling at or before it gets everything back. */
    refundDeadlineAt: number;
    /** When the customer moved the booking after its refund deadline (design.md §31), or null. */
    movedLateAt: string | null;
  };
  /**
   * design.md §32: the booking used prepaid money a cancellation gives back (a gift card's paid
   * share, a package session). Set only at create, so a cancel without it sends no give-back.
   */
  prepaid: boolean;
};

type Row = {
  what: "payment" | "card" | "policy";
  id: string | null;
  kind: string | null;
  status: string | null;
  amount: number | null;
  currency: string | null;
  refundable: number | null;
  a: string | null;
  b: string | null;
  hours: number | null;
  noShow: number | null;
  late: number | null;
  deadline: number | null;
  movedLate: string | null;
  packaged: number | null;
};

/** `bookingId` may be a subquery (the booking by code). */
export function moneyQuery(db: Db, bookingId: SQL) {
  return db.all<Row>(sql`
    SELECT 'payment' AS what, p.id, p.kind, p.status, p.amount, p.currency,
           p.amount - COALESCE((SELECT SUM(x.amount) FROM refunds x WHERE x.payment_id = p.id AND x.status <> 'failed'), 0) AS refundable,
           NULL AS a, NULL AS b, NULL AS hours, NULL AS noShow, NULL AS late, NULL AS deadline, NULL AS movedLate, NULL AS packaged
    FROM payments p WHERE p.booking_id = ${bookingId}
    UNION ALL
    SELECT 'card', NULL, NULL, c.status, NULL, NULL, NULL, c.stripe_customer_id, c.stripe_payment_method_id, NULL, NULL, NULL, NULL, NULL, NULL
    FROM booking_cards c WHERE c.booking_id = ${bookingId} AND c.status = 'saved' AND c.stripe_payment_method_id IS NOT NULL
    UNION ALL
    SELECT 'policy', NULL, NULL, NULL, NULL, NULL, NULL, t.cancellation_policy, t.stripe_account_id,
           COALESCE(bk.cancellation_hours, t.cancellation_hours), COALESCE(bk.no_show_fee_percent, t.no_show_fee_percent),
           COALESCE(bk.late_cancel_fee_percent, t.late_cancel_fee_percent),
           COALESCE(bk.refund_deadline_at, bk.start_at - COALESCE(bk.cancellation_hours, t.cancellation_hours) * 3600000),
           bk.moved_late_at, bk.package_credit_id IS NOT NULL
    FROM bookings bk JOIN tenants t ON t.id = bk.tenant_id WHERE bk.id = ${bookingId}`);
}

export function parseMoney(rows: Row[]): BookingMoney {
  const payments: MoneyPayment[] = [];
  let card: BookingMoney["card"] = null;
  let packaged = false;
  let policy: BookingMoney["policy"] = {
    cancellationHours: 0,
    cancellationPolicy: "",
    noShowFeePercent: 0,
    lateCancelFeePercent: 0,
    account: null,
    refundDeadlineAt: 0,
    movedLateAt: null,
  };
  for (const r of rows) {
    if (r.what === "payment" && r.id) {
      payments.push({
        id: r.id,
        kind: r.kind as MoneyPayment["kind"],
        status: r.status ?? "",
        amount: Number(r.amount),
        currency: r.currency ?? "",
        refundable: Number(r.refundable),
      });
    } else if (r.what === "card" && r.a && r.b) {
      card = { customerId: r.a, paymentMethodId: r.b };
    } else if (r.what === "policy") {
      policy = {
        cancellationHours: Number(r.hours),
        cancellationPolicy: r.a ?? "",
        noShowFeePercent: Number(r.noShow),
        lateCancelFeePercent: Number(r.late),
        account: r.b,
        refundDeadlineAt: Number(r.deadline),
        movedLateAt: r.movedLate,
      };
      packaged = r.packaged === 1;
    }
  }
  const giftCardPaid = payments.some((p) => (p.kind as string) === "gift_card_redemption" && PAID.has(p.status));
  return { payments, card, policy, prepaid: packaged || giftCardPaid };
}

const PAID = new Set(["succeeded", "partially_refunded"]);

/** Deposit/full payments the customer has paid (and what of them is not refunded yet). */
export function paidAtBooking(m: BookingMoney): MoneyPayment[] {
  return m.payments.filter(
    (p) => (p.kind === "deposit" || p.kind === "full") && (p.status === "succeeded" || p.status === "partially_refunded"),
  );
}
