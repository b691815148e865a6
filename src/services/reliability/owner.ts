import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ApiError } from "../../errors";
import type { ReliabilityPolicy } from "../../shared/reliability";
import type { Actor } from "../../auth-context";
import { auditInsert } from "../audit";
import { batch } from "../batch";
import type { Services } from "../context";
import { type CustomerReliability, customerRecordSql, decodeRecord, recordSince } from "./record";

/**
 * design.md §28, the business's side: a customer's record (counts and step) as the owner API and
 * app show it, read as one statement for the caller's batch, and the owner's reset and "trusted" mark.
 */

type Row = { policy: string | null; cell: string };

/** One statement (one row, or none for another business's id): the business's policy and the customer's record cell. */
export function customerReliabilityQuery(db: Db, tenantId: string, customerId: string, nowMs: number) {
  return db.all<Row>(sql`
    SELECT t.reliability_policy AS policy, ${customerRecordSql("x", sql`${recordSince(nowMs)}`)} AS cell
    FROM customers x JOIN tenants t ON t.id = x.tenant_id
    WHERE x.id = ${customerId} AND x.tenant_id = ${tenantId}`);
}

/** The same for the customer of a booking (none for an anonymous walk-in or another business's booking). */
export function bookingCustomerReliabilityQuery(db: Db, tenantId: string, bookingId: string, nowMs: number) {
  return db.all<Row>(sql`
    SELECT t.reliability_policy AS policy, ${customerRecordSql("x", sql`${recordSince(nowMs)}`)} AS cell
    FROM bookings bk JOIN customers x ON x.id = bk.customer_id JOIN tenants t ON t.id = x.tenant_id
    WHERE bk.id = ${bookingId} AND bk.tenant_id = ${tenantId}`);
}

export function decodeCustomerReliability(row: Row | undefined, nowMs: number): CustomerReliability | null {
  if (!row) return null;
  const policy = row.policy ? (JSON.parse(row.policy) as ReliabilityPolicy) : null;
  return decodeRecord(row.cell, policy, nowMs);
}

export type ReliabilityChange = { trusted?: boolean; reset?: boolean };

/**
 * Marks a customer trusted (exempt from every step) or not, and/or resets the record: strikes up
 * to now stop counting. One batch: the UPDATE, its audit row gated on it, the record read back.
 */
export async function changeReliability(
  ctx: Pick<Services, "db" | "now">,
  tenantId: string,
  customerId: string,
  change: ReliabilityChange,
  actor: Actor,
): Promise<CustomerReliability> {
  const { db, now } = ctx;
  const t = now.toISOString();
  const nowMs = now.getTime();
  const b = batch(db);
  const updated = b.add(
    db.run(sql`
      UPDATE customers SET
        reliability_trusted = ${change.trusted === undefined ? sql`reliability_trusted` : change.trusted ? 1 : 0},
        reliability_reset_at = ${change.reset ? nowMs : sql`reliability_reset_at`},
        updated_at = ${t}
      WHERE id = ${customerId} AND tenant_id = ${tenantId}`),
  );
  b.add(
    auditInsert(
      db,
      {
        action: "customer.reliability_changed",
        actorType: actor.type,
        actorId: actor.id,
        targetType: "customer",
        targetId: customerId,
        metadata: { trusted: change.trusted ?? null, reset: change.reset === true },
      },
      now,
      sql`EXISTS (SELECT 1 FROM customers WHERE id = ${customerId} AND tenant_id = ${tenantId})`,
    ),
  );
  const record = b.add(customerReliabilityQuery(db, tenantId, customerId, nowMs));
  await b.run();
  if (updated.result().rowsAffected !== 1) throw ApiError.notFound("Customer");
  const after = decodeCustomerReliability(record.result()[0], nowMs);
  if (!after) throw ApiError.notFound("Customer");
  return after;
}
