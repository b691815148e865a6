import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Part } from "../batch";

/**
 * Personal data other features keep about a business's customer, erased with the customer record
 * (design.md §25). THE ONE PLACE TO EXTEND when a feature stores more about a customer:
 *
 *  - text messages (§27): done below: bodies blanked, queued texts dropped; an opt-out of their
 *    number stays (`sms_opt_outs`), so they are never texted again;
 *  - guest details stored on bookings (§31): clear them for `bookingIds`;
 *  - gift cards and package credits they bought (§32): keep the balance under the code, clear the
 *    buyer's and recipient's names and addresses.
 *
 * Each part (a statement or a fragment of src/services/batch.ts) runs in the erasure's single
 * atomic batch and must be gated on `gate` (the erasure happened). Tenant deletion
 * (../ops/tenant-deletion.ts) calls `tenantErasureExtensions` for the whole business, in bounded
 * batches (`limit` rows per statement per cron run), and waits for `tenantErasureRemaining` to be
 * false before it stamps the business deleted.
 */
export type CustomerErasure = {
  tenantId: string;
  customerId: string;
  /** The customer's bookings with this business, as SQL (`SELECT id FROM bookings WHERE ...`). */
  bookingIds: SQL;
  now: Date;
  gate: SQL;
};

const DROPPED = "dropped: the customer was erased";

export function customerErasureExtensions(db: Db, e: CustomerErasure): Part[] {
  const t = e.now.toISOString();
  const theirs = sql`tenant_id = ${e.tenantId} AND customer_id = ${e.customerId}`;
  return [
    // Their queued texts never go (the jobs first: the next statement changes the texts' status).
    db.run(sql`UPDATE jobs SET status = 'cancelled', last_error = ${DROPPED}, updated_at = ${t}
      WHERE kind = 'sms' AND status = 'pending' AND tenant_id = ${e.tenantId}
        AND json_extract(payload, '$.messageId') IN (SELECT id FROM sms_messages WHERE ${theirs}) AND ${e.gate}`),
    db.run(sql`UPDATE sms_messages SET body = '',
        status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END,
        error = CASE WHEN status = 'pending' THEN ${DROPPED} ELSE error END, updated_at = ${t}
      WHERE ${theirs} AND ${e.gate}`),
  ];
}

export function tenantErasureExtensions(db: Db, tenantId: string, limit: number, now: Date): Part[] {
  return [
    db.run(sql`UPDATE jobs SET status = 'cancelled', updated_at = ${now.toISOString()} WHERE id IN (
      SELECT id FROM jobs WHERE tenant_id = ${tenantId} AND kind = 'sms' AND status = 'pending' LIMIT ${limit})`),
    db.run(sql`DELETE FROM sms_messages WHERE id IN (SELECT id FROM sms_messages WHERE tenant_id = ${tenantId} LIMIT ${limit})`),
  ];
}

/** What of the extensions' data is still left for the business (SQL, true while anything is). */
export function tenantErasureRemaining(tenantId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM sms_messages WHERE tenant_id = ${tenantId})`;
}
