import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Part } from "../batch";

/**
 * Personal data other features keep about a business's customer, erased with the customer record
 * (design.md §25). THE ONE PLACE TO EXTEND when a feature stores more about a customer:
 *
 *  - guest details stored on bookings (design.md §31): clear them for `bookingIds`;
 *  - SMS opt-outs (§27): keep the number's hash, drop anything else; queued texts: discard them
 *    like the e-mails in ./customer-erasure.ts;
 *  - gift cards and package credits they bought (§32): keep the balance under the code, clear the
 *    buyer's and recipient's names and addresses.
 *
 * Each part (a statement or a fragment of src/services/batch.ts) runs in the erasure's single
 * atomic batch and must be gated on `gate` (the erasure happened). Tenant deletion (../ops/tenant-deletion.ts) calls `tenantErasureExtensions`
 * for the whole business, in bounded batches (`limit` rows per statement per cron run).
 */
export type CustomerErasure = {
  tenantId: string;
  customerId: string;
  /** The customer's bookings with this business, as SQL (`SELECT id FROM bookings WHERE ...`). */
  bookingIds: SQL;
  now: Date;
  gate: SQL;
};

export function customerErasureExtensions(_db: Db, _e: CustomerErasure): Part[] {
  return [];
}

export function tenantErasureExtensions(_db: Db, _tenantId: string, _limit: number): Part[] {
  return [];
}
