import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import type { Aliased } from "../../db/row-of";
import type { bookings } from "../../db/schema";
import { holdCapsSql } from "./hold-caps";
import { resourceIdsOf } from "./lookup";
import type { PrepaidAtCreate } from "./prepaid-at-create";

/**
 * What a create's write batch reads back, in the same batch (one transaction) as the guarded
 * insert, so a refusal because the business was suspended meanwhile (404, like a create sent after
 * it) is told apart from a lost slot race (409) without a second read that could race again. One
 * statement: whether the business is open, whether the hold caps still allow a hold (concurrent
 * creates: a 429, not a lost slot), which prepaid take lost its race, the booking's customer record
 * and account when it was written, and the resources it holds (design.md §26). The row is typed
 * from the schema (issue #34 item 5); the booking's columns are NULL when nothing was written.
 */
export type CreateOutcomeRow = { [K in keyof BookedColumns]: BookedColumns[K] | null } & {
  open: number;
  holdsOk: number;
  giftShort?: number;
  promoShort?: number;
  packageShort?: number;
  /** JSON array of resource ids. */
  resourceIds: string;
};
type BookedColumns = Aliased<typeof bookings, { customerId: "customer_id"; customerAccountId: "customer_account_id" }>;

// The common create (no hold, no prepaid take): one text per isolate (issue #42).
const plain = prepared<{ tenantId: string; id: string }>(
  (p) => sql`
    SELECT EXISTS (SELECT 1 FROM tenants WHERE id = ${p.tenantId} AND is_active = 1 AND is_suspended = 0) AS open, 1 AS holdsOk,
           b.customer_id AS customerId, b.customer_account_id AS customerAccountId, ${resourceIdsOf(sql`${p.id}`)} AS resourceIds
    FROM (SELECT 1) LEFT JOIN bookings b ON b.id = ${p.id}`,
);

export function createOutcome(
  db: Db,
  p: { id: string; tenantId: string; now: Date; hold: { email: string; network: string | null } | null; paid: PrepaidAtCreate | null },
) {
  const paid = p.paid?.takesNothing ? null : p.paid;
  if (!p.hold && !paid) return plain.all<CreateOutcomeRow>(db, { tenantId: p.tenantId, id: p.id });
  const holdsOk: SQL = p.hold ? holdCapsSql(p.tenantId, p.hold.email, p.hold.network, p.now.getTime()) : sql`1`;
  return db.all<CreateOutcomeRow>(sql`
    SELECT EXISTS (SELECT 1 FROM tenants WHERE id = ${p.tenantId} AND is_active = 1 AND is_suspended = 0) AS open, ${holdsOk} AS holdsOk,
           ${paid ? sql`${paid.outcomeSql(p.now)},` : sql``}
           b.customer_id AS customerId, b.customer_account_id AS customerAccountId, ${resourceIdsOf(sql`${p.id}`)} AS resourceIds
    FROM (SELECT 1) LEFT JOIN bookings b ON b.id = ${p.id}`);
}
