import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * The single booking's guarded insert (./create.ts): the row is written only when `guard` holds
 * (the overlap guard, the business open, the hold caps, the prepaid takes), in the create's batch.
 */
export type BookingInsertRow = {
  id: string;
  tenantId: string;
  serviceId: string;
  staffId: string;
  /** Subqueries of the customer record and account written earlier in the same batch. */
  customerIdSql: SQL;
  customerAccountSql: SQL;
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
  terms: { cancellationHours: number; noShowFeePercent: number; lateCancelFeePercent: number; refundDeadlineAt: number };
  typed: { first: string; last: string; phone: string } | null;
  network: string | null;
  sms: { optIn: boolean; typed: string; phone: string | null };
  locale: string;
  /** design.md §32: what prepaid money the booking used. */
  prepaid: {
    giftCardId: string | null;
    giftCardAmount: number;
    promoCodeId: string | null;
    promoDiscount: number;
    packageCreditId: string | null;
  };
  at: string;
};

export function bookingInsert(db: Db, r: BookingInsertRow, guard: SQL) {
  const { terms, typed, sms, prepaid } = r;
  return db.run(sql`
    INSERT INTO bookings (id, tenant_id, service_id, staff_id, customer_id, customer_account_id, start_at, end_at, status,
                          hold_expires_at, confirmation_code, source, total_amount, currency, notes,
                          buffer_before_minutes, buffer_after_minutes, processing_offset_minutes, processing_minutes,
                          cancellation_hours, no_show_fee_percent,
                          late_cancel_fee_percent, refund_deadline_at, guest_first_name, guest_last_name, guest_phone,
                          client_network, sms_opt_in, sms_phone_typed, sms_phone, locale, gift_card_id, gift_card_amount,
                          promo_code_id, promo_discount, package_credit_id, created_at, updated_at)
    SELECT ${r.id}, ${r.tenantId}, ${r.serviceId}, ${r.staffId}, ${r.customerIdSql}, ${r.customerAccountSql},
           ${r.startAt}, ${r.endAt}, ${r.status}, ${r.holdExpiresAt}, ${r.confirmationCode}, ${r.source}, ${r.totalAmount},
           ${r.currency}, ${r.notes}, ${r.bufferBeforeMinutes}, ${r.bufferAfterMinutes}, ${r.processingOffsetMinutes}, ${r.processingMinutes},
           ${terms.cancellationHours}, ${terms.noShowFeePercent}, ${terms.lateCancelFeePercent}, ${terms.refundDeadlineAt},
           ${typed?.first ?? null}, ${typed?.last ?? null}, ${typed?.phone ?? null}, ${r.network},
           ${sms.optIn ? 1 : 0}, ${sms.typed}, ${sms.phone}, ${r.locale}, ${prepaid.giftCardId}, ${prepaid.giftCardAmount},
           ${prepaid.promoCodeId}, ${prepaid.promoDiscount}, ${prepaid.packageCreditId}, ${r.at}, ${r.at}
    WHERE ${guard}`);
}
