import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";

/** What a booking row keeps of its customer and terms, the same for a single booking and a visit's items (../visits/create-items.ts). */
export type CustomerTermsColumns = {
  terms: { cancellationHours: number; noShowFeePercent: number; lateCancelFeePercent: number; refundDeadlineAt: number };
  typed: { first: string; last: string; phone: string } | null;
  network: string | null;
  sms: { optIn: boolean; typed: string; phone: string | null };
  locale: string;
};

/** design.md §32: the prepaid money a booking row records it used. */
export type PrepaidColumns = {
  giftCardId: string | null;
  giftCardAmount: number;
  promoCodeId: string | null;
  promoDiscount: number;
  packageCreditId: string | null;
};

/**
 * The single booking's insert (./create.ts): the row is written only when the customer upsert before
 * it passed the guard (the overlap guard, the business open, the hold caps, the prepaid takes).
 */
export type BookingInsertRow = {
  id: string;
  tenantId: string;
  serviceId: string;
  staffId: string;
  /** The customer record's key (customerRecord) written just before in the same batch, and the account to link. */
  customerKey: string;
  accountId: string | null;
  startAt: number;
  endAt: number;
  status: string;
  holdExpiresAt: number | null;
  confirmationCode: string;
  source: string;
  totalAmount: number;
  currency: string;
  notes: string;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  processingOffsetMinutes: number;
  processingMinutes: number;
  /** design.md §32: what prepaid money the booking used. */
  prepaid: PrepaidColumns;
  at: string;
} & CustomerTermsColumns;

/**
 * One text for every create (issue #42): rendered once per isolate, bound per request. It is
 * written only when the statement just before it, the customer record's upsert, wrote its one row:
 * that upsert carries the whole guard in the same transaction, so the guard is neither sent nor
 * evaluated twice. The partial unique index on active bookings still backs it.
 */
const insert = prepared<Flat>(
  (p) => sql`
    INSERT INTO bookings (id, tenant_id, service_id, staff_id, customer_id, customer_account_id, start_at, end_at, status,
                          hold_expires_at, confirmation_code, source, total_amount, currency, notes,
                          buffer_before_minutes, buffer_after_minutes, processing_offset_minutes, processing_minutes,
                          cancellation_hours, no_show_fee_percent,
                          late_cancel_fee_percent, refund_deadline_at, guest_first_name, guest_last_name, guest_phone,
                          client_network, sms_opt_in, sms_phone_typed, sms_phone, locale, gift_card_id, gift_card_amount,
                          promo_code_id, promo_discount, package_credit_id, created_at, updated_at)
    SELECT ${p.id}, ${p.tenantId}, ${p.serviceId}, ${p.staffId},
           (SELECT id FROM customers WHERE tenant_id = ${p.tenantId} AND email_normalized = ${p.customerKey}),
           (SELECT id FROM customer_accounts WHERE id = ${p.accountId}),
           ${p.startAt}, ${p.endAt}, ${p.status}, ${p.holdExpiresAt}, ${p.confirmationCode}, ${p.source}, ${p.totalAmount},
           ${p.currency}, ${p.notes}, ${p.bufferBeforeMinutes}, ${p.bufferAfterMinutes}, ${p.processingOffsetMinutes}, ${p.processingMinutes},
           ${p.cancellationHours}, ${p.noShowFeePercent}, ${p.lateCancelFeePercent}, ${p.refundDeadlineAt},
           ${p.typedFirst}, ${p.typedLast}, ${p.typedPhone}, ${p.network},
           ${p.smsOptIn}, ${p.smsTyped}, ${p.smsPhone}, ${p.locale}, ${p.giftCardId}, ${p.giftCardAmount},
           ${p.promoCodeId}, ${p.promoDiscount}, ${p.packageCreditId}, ${p.at}, ${p.at}
    WHERE changes() = 1`,
);

type Flat = Omit<BookingInsertRow, "terms" | "typed" | "sms" | "prepaid"> &
  BookingInsertRow["terms"] &
  BookingInsertRow["prepaid"] & {
    typedFirst: string | null;
    typedLast: string | null;
    typedPhone: string | null;
    smsOptIn: 0 | 1;
    smsTyped: string;
    smsPhone: string | null;
  };

/** The booking row, in the create's batch right after the customer record's upsert (customerRecord). */
export function bookingInsert(db: Db, r: BookingInsertRow) {
  const { terms, typed, sms, prepaid, ...row } = r;
  return insert.run(db, {
    ...row,
    ...terms,
    ...prepaid,
    typedFirst: typed?.first ?? null,
    typedLast: typed?.last ?? null,
    typedPhone: typed?.phone ?? null,
    smsOptIn: sms.optIn ? 1 : 0,
    smsTyped: sms.typed,
    smsPhone: sms.phone,
  });
}
