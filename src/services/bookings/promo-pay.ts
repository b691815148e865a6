import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { normalizePromoCode, promoItemDiscounts, type PromoRow, promoRefusal, type PromoUse } from "../../domain/promo-codes";
import { ApiError } from "../../errors";

/**
 * A promo code at booking (design.md §32). The code's row is read in the create's read batch with
 * whether the customer was here before (first-visit-only codes); the discount lowers the price
 * before the deposit of §21 is computed. The use is counted in the create's ONE write batch: the
 * booking's own guard requires a use to be left (`promoGuard`), and the increment is gated on the
 * booking being written, so concurrent creates racing for the last use are serialised by the
 * batch's transaction and never exceed maxUses.
 */

/** The code and what it takes off each item of the booking (one item, or a visit's several). */
export type PromoTake = { id: string; discounts: number[]; firstVisitOnly: boolean };

/**
 * The business's live code typed (case-insensitive), with whether this customer already has a
 * booking there that was not cancelled (no e-mail and no account: a quote's unknown customer, never
 * matched to records without an e-mail).
 */
export function promoQuery(db: Db, tenantId: SQL, typed: string, who: { email: string; accountId: string | null }) {
  return db.all<PromoRow>(sql`
    SELECT p.id, p.percent_off AS percentOff, p.amount_off AS amountOff, p.service_ids AS serviceIds, p.valid_from AS validFrom,
           p.valid_to AS validTo, p.max_uses AS maxUses, p.uses, p.first_visit_only AS firstVisitOnly,
           EXISTS (SELECT 1 FROM bookings b LEFT JOIN customers c ON c.id = b.customer_id
                   WHERE b.tenant_id = p.tenant_id AND b.status <> 'cancelled'
                     AND ((${who.email} <> '' AND c.email = ${who.email}) OR (${who.accountId ?? ""} <> '' AND b.customer_account_id = ${who.accountId ?? ""}))) AS visited
    FROM promo_codes p
    WHERE p.tenant_id = ${tenantId} AND p.code = ${normalizePromoCode(typed)} AND p.deleted_at IS NULL LIMIT 1`);
}

/** The discount the code gives on each item, or 400 fieldErrors.promoCode saying why it does not apply. */
export function promoCover(row: PromoRow | undefined, items: readonly { serviceId: string; price: number }[], today: string): PromoTake {
  const use: PromoUse = { today, serviceIds: items.map((i) => i.serviceId) };
  const reason = promoRefusal(row, use);
  if (!row || reason) throw ApiError.field("promoCode", reason ?? "No promo code has this code");
  return { id: row.id, discounts: promoItemDiscounts(items, row), firstVisitOnly: row.firstVisitOnly === 1 };
}

/** A use is still left and the code was not deleted meanwhile: part of the booking's own guard. */
export const promoGuard = (take: PromoTake): SQL =>
  sql`EXISTS (SELECT 1 FROM promo_codes WHERE id = ${take.id} AND deleted_at IS NULL AND (max_uses IS NULL OR uses < max_uses))`;

/** The use counted, gated on the booking. */
export function promoUse(db: Db, take: PromoTake, now: Date, inserted: SQL) {
  return db.run(sql`UPDATE promo_codes SET uses = uses + 1, updated_at = ${now.toISOString()} WHERE id = ${take.id} AND ${inserted}`);
}

/** After a create wrote nothing: was the code the reason (used up or deleted meanwhile)? */
export const promoShortSql = (take: PromoTake | null): SQL => (take ? sql`NOT ${promoGuard(take)}` : sql`0`);
