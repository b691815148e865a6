import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { HOLD_CAPS, type LiveHold } from "../../domain/hold-caps";

/**
 * design.md §31's hold caps as the public create applies them: the business's live unpaid holds
 * read in the create's first round trip (decided before any Stripe call, so a refused create costs
 * the business nothing at Stripe), and the same caps again inside the write, as a condition of the
 * guarded INSERT (so concurrent creates cannot pass them together). Both read the
 * (tenant_id, status, hold_expires_at) index.
 */

/** The business's unpaid holds that have not ended (at most a few more than the cap), earliest end first. */
export function liveHoldsQuery(db: Db, tenantId: SQL | string, nowMs: number) {
  return db.all<LiveHold>(sql`
    SELECT b.hold_expires_at AS endsAt, c.email_normalized AS emailKey, b.client_network AS network
    FROM bookings b LEFT JOIN customers c ON c.id = b.customer_id
    WHERE b.tenant_id = ${tenantId} AND b.status = 'pending' AND b.hold_expires_at > ${nowMs}
    ORDER BY b.hold_expires_at
    LIMIT ${HOLD_CAPS.perBusiness * 2}`);
}

/** True inside the write while one more hold of this e-mail key and network fits every cap. */
export function holdCapsSql(tenantId: string, emailKey: string, network: string | null, nowMs: number): SQL {
  const live = sql`FROM bookings h WHERE h.tenant_id = ${tenantId} AND h.status = 'pending' AND h.hold_expires_at > ${nowMs}`;
  const ofEmail = sql`h.customer_id = (SELECT id FROM customers WHERE tenant_id = ${tenantId} AND email_normalized = ${emailKey})`;
  const ofNetwork = network === null ? sql`1` : sql`(SELECT count(*) ${live} AND h.client_network = ${network}) < ${HOLD_CAPS.perNetwork}`;
  return sql`(SELECT count(*) ${live}) < ${HOLD_CAPS.perBusiness}
    AND (SELECT count(*) ${live} AND ${ofEmail}) < ${HOLD_CAPS.perEmail}
    AND ${ofNetwork}`;
}
