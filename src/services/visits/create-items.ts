import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CustomerTermsColumns, PrepaidColumns } from "../bookings/create-insert";
import type { PlacedItem } from "./guards";

/**
 * The item rows of a visit's create (./create.ts), each gated on the visit's row (`inserted`), in
 * the create's one write batch. The first item carries the visit's code (codes stay unique across
 * bookings and visits); the others a suffixed one no lookup accepts.
 */
export type VisitItemRow = {
  placed: PlacedItem;
  serviceId: string;
  /** The item's price after a promo code (design.md §32). */
  totalAmount: number;
  prepaid: PrepaidColumns;
};

export type VisitRowsCommon = {
  tenantId: string;
  visitId: string;
  code: string;
  customerIdSql: SQL;
  customerAccountSql: SQL;
  status: string;
  holdExpiresAt: number | null;
  source: string;
  currency: string;
  notes: string;
  at: string;
} & CustomerTermsColumns;

export function visitItemInsert(db: Db, v: VisitRowsCommon, item: VisitItemRow, index: number, inserted: SQL) {
  const { placed: p, prepaid } = item;
  const { terms, typed, sms } = v;
  const itemCode = index === 0 ? v.code : `${v.code}-${index + 1}`;
  return db.run(sql`
    INSERT INTO bookings (id, tenant_id, service_id, staff_id, customer_id, customer_account_id, start_at, end_at, status,
                          hold_expires_at, confirmation_code, source, total_amount, currency, notes,
                          buffer_before_minutes, buffer_after_minutes, processing_offset_minutes, processing_minutes, visit_id,
                          cancellation_hours, no_show_fee_percent, late_cancel_fee_percent, refund_deadline_at,
                          guest_first_name, guest_last_name, guest_phone, client_network,
                          sms_opt_in, sms_phone_typed, sms_phone, locale, gift_card_id, gift_card_amount,
                          promo_code_id, promo_discount, package_credit_id, created_at, updated_at)
    SELECT ${p.bookingId}, ${v.tenantId}, ${item.serviceId}, ${p.staffId}, ${v.customerIdSql}, ${v.customerAccountSql},
           ${p.startMs}, ${p.endMs}, ${v.status}, ${v.holdExpiresAt}, ${itemCode}, ${v.source}, ${item.totalAmount},
           ${v.currency}, ${v.notes}, ${p.bufferBeforeMinutes}, ${p.bufferAfterMinutes},
           ${p.processing?.offsetMinutes ?? 0}, ${p.processing?.minutes ?? 0}, ${v.visitId},
           ${terms.cancellationHours}, ${terms.noShowFeePercent}, ${terms.lateCancelFeePercent}, ${terms.refundDeadlineAt},
           ${typed?.first ?? null}, ${typed?.last ?? null}, ${typed?.phone ?? null}, ${v.network},
           ${sms.optIn ? 1 : 0}, ${sms.typed}, ${sms.phone}, ${v.locale},
           ${prepaid.giftCardId}, ${prepaid.giftCardAmount}, ${prepaid.promoCodeId}, ${prepaid.promoDiscount}, ${prepaid.packageCreditId},
           ${v.at}, ${v.at}
    WHERE ${inserted}`);
}
