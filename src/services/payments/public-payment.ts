import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isConfirmationCode, normalizeConfirmationCode } from "../../domain/confirmation-code";
import type { Config } from "../../config";
import { ApiError } from "../../errors";
import {
  lookupColumns,
  lookupFrom,
  type LookupRow,
  type LookupView,
  lookupView,
  parseLookupVisit,
  visitItemsJsonSql,
} from "../bookings/lookup";
import { type PaymentStep, paymentStep } from "./checkout";

/**
 * What anyone holding a confirmation code sees of its payment (design.md §21): the lookup's
 * `payment` summary, and the payment step again (client secret included) while the hold lasts,
 * so a reloaded page can finish paying. Each is one round trip.
 */

type Row = {
  bookingStatus: string;
  holdExpiresAt: number | null;
  startAt: number;
  totalAmount: number;
  timezone: string;
  account: string | null;
  cancellationHours: number;
  refundDeadlineAt: number;
  noShowFeePercent: number;
  lateCancelFeePercent: number;
  paymentStatus: string | null;
  amount: number | null;
  currency: string;
  kind: "deposit" | "full" | null;
  clientSecret: string | null;
  paymentAccount: string | null;
  cardStatus: string | null;
  setupClientSecret: string | null;
};

/** The booking's payment at booking (newest deposit/full) and card on file, by the booking's condition. */
function paymentRowQuery(db: Db, where: SQL) {
  return db.all<Row>(sql`
    SELECT b.status AS bookingStatus, b.hold_expires_at AS holdExpiresAt, b.start_at AS startAt, 
           CASE WHEN b.visit_id IS NULL THEN b.total_amount
                ELSE (SELECT SUM(total_amount) FROM bookings WHERE visit_id = b.visit_id) END AS totalAmount,
           t.timezone, t.stripe_account_id AS account,
           COALESCE(b.cancellation_hours, t.cancellation_hours) AS cancellationHours,
           COALESCE(b.refund_deadline_at, b.start_at - COALESCE(b.cancellation_hours, t.cancellation_hours) * 3600000) AS refundDeadlineAt,
           COALESCE(b.no_show_fee_percent, t.no_show_fee_percent) AS noShowFeePercent,
           COALESCE(b.late_cancel_fee_percent, t.late_cancel_fee_percent) AS lateCancelFeePercent,
           p.status AS paymentStatus, p.amount, COALESCE(p.currency, b.currency) AS currency, p.kind, p.client_secret AS clientSecret,
           p.stripe_account_id AS paymentAccount, c.status AS cardStatus, c.setup_client_secret AS setupClientSecret
    FROM bookings b JOIN tenants t ON t.id = b.tenant_id
    LEFT JOIN payments p ON p.id = (SELECT id FROM payments WHERE booking_id = b.id AND kind IN ('deposit', 'full') ORDER BY created_at DESC, id DESC LIMIT 1)
    LEFT JOIN booking_cards c ON c.booking_id = b.id
    WHERE ${where}
    LIMIT 1`);
}

const byCode = (code: string) => sql`b.confirmation_code = ${normalizeConfirmationCode(code)}`;

export type PaymentSummary = {
  status: string;
  amount: number;
  currency: string;
  kind: "deposit" | "full" | null;
  expiresAt: number | null;
  /** design.md §32: with a gift card, what it paid and what the card pays (`amount`). */
  giftCard?: { giftCardAmount: number; cardAmount: number };
};

function summary(r: SummaryRow | undefined): PaymentSummary | null {
  const giftCardAmount = Number(r?.giftCardAmount ?? 0);
  const giftCard = giftCardAmount > 0 ? { giftCardAmount, cardAmount: Number(r?.amount ?? 0) } : undefined;
  if (r && giftCard && r.paymentStatus === null && r.cardStatus === null) {
    // Paid wholly by the gift card: nothing by card.
    return { status: "succeeded", amount: 0, currency: r.currency.toUpperCase(), kind: null, expiresAt: null, giftCard };
  }
  if (!r || (r.paymentStatus === null && r.cardStatus === null)) return null;
  // A card saved on file with nothing paid reads as the card's state.
  const status = r.paymentStatus ?? (r.cardStatus === "saved" ? "succeeded" : (r.cardStatus ?? "pending"));
  return {
    status,
    amount: Number(r.amount ?? 0),
    currency: r.currency.toUpperCase(),
    kind: r.kind,
    expiresAt: r.bookingStatus === "pending" ? r.holdExpiresAt : null,
    ...(giftCard ? { giftCard } : {}),
  };
}

/** What summary() reads: the booking's newest deposit/full payment and its card on file. */
type SummaryRow = Pick<Row, "bookingStatus" | "holdExpiresAt" | "paymentStatus" | "amount" | "currency" | "kind" | "cardStatus"> & {
  giftCardAmount?: number | null;
};

/**
 * GET /api/public/booking/:code: the booking and its payment summary in ONE statement (a second
 * statement reading the same booking cost its own encoding, execution and decoding per request).
 */
export async function lookupWithPayment(db: Db, code: string): Promise<{ booking: LookupView; payment: PaymentSummary | null }> {
  if (!isConfirmationCode(normalizeConfirmationCode(code))) throw ApiError.notFound("Booking");
  const [row] = await db.all<LookupRow & Omit<SummaryRow, "bookingStatus"> & { visitId: string | null; visitItems: string | null }>(sql`
    SELECT ${lookupColumns}, b.hold_expires_at AS holdExpiresAt, b.visit_id AS visitId, ${visitItemsJsonSql} AS visitItems,
           pay.status AS paymentStatus, pay.amount, COALESCE(pay.currency, b.currency) AS currency, pay.kind, c.status AS cardStatus,
           b.gift_card_amount AS giftCardAmount
    FROM ${lookupFrom({ kind: "public", code })}
    LEFT JOIN payments pay ON pay.id = (SELECT id FROM payments WHERE booking_id = b.id AND kind IN ('deposit', 'full') ORDER BY created_at DESC, id DESC LIMIT 1)
    LEFT JOIN booking_cards c ON c.booking_id = b.id
    LIMIT 1`);
  if (!row) throw ApiError.notFound("Booking");
  const { holdExpiresAt, paymentStatus, amount, currency, kind, cardStatus, visitId, visitItems, giftCardAmount, ...booking } = row;
  return {
    // design.md §26: the code of a visit is its first item's; the lookup shows the whole visit.
    booking: { ...lookupView(booking), visit: parseLookupVisit(visitId, visitItems) },
    payment: summary({ bookingStatus: booking.status, holdExpiresAt, paymentStatus, amount, currency, kind, cardStatus, giftCardAmount }),
  };
}

/**
 * GET /api/public/booking/:code/payment: the create's `payment` object again while the hold
 * lasts (the request clock decides); 409 payment_expired once it ended or the booking is no
 * longer waiting for payment.
 */
export async function resumePayment(db: Db, config: Config, code: string, now: Date): Promise<PaymentStep> {
  if (!isConfirmationCode(normalizeConfirmationCode(code))) throw ApiError.notFound("Booking");
  const [r] = await paymentRowQuery(db, byCode(code));
  if (!r) throw ApiError.notFound("Booking");
  if (r.bookingStatus === "confirmed")
    throw new ApiError("payment_expired", "This booking is paid and confirmed; there is nothing left to pay");
  const live = r.bookingStatus === "pending" && r.holdExpiresAt !== null && now.getTime() < r.holdExpiresAt;
  if (!live) throw new ApiError("payment_expired", "The time to pay for this booking has run out; please book again");
  const payable = r.paymentStatus === "pending" || r.paymentStatus === "failed";
  const cardPending = r.cardStatus !== null && r.cardStatus !== "saved";
  return paymentStep(config, {
    amount: Number(r.amount ?? 0),
    currency: r.currency,
    kind: r.kind,
    clientSecret: payable ? r.clientSecret : null,
    setupClientSecret: cardPending ? r.setupClientSecret : null,
    account: r.paymentAccount ?? r.account ?? "",
    expiresAtMs: r.holdExpiresAt as number,
    price: Number(r.totalAmount),
    refundDeadlineAt: Number(r.refundDeadlineAt),
    timezone: r.timezone,
    cancellationHours: Number(r.cancellationHours),
    fees:
      r.cardStatus !== null ? { noShowFeePercent: Number(r.noShowFeePercent), lateCancelFeePercent: Number(r.lateCancelFeePercent) } : null,
  });
}
