import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { runBoundOnce } from "../../db/prepared";
import { customerKey } from "../../domain/front-desk";
import { newId } from "../../lib/ids";
import { type AlsoAnnounced, webhookEventInsert } from "../webhooks/events";
import type { CustomerInput } from "./create-types";

/**
 * The business's customer record a booking (or a visit) is made for, as statements of the
 * booking's own write batch, written only when `gate` holds (the booking is written in the same
 * batch), so a refused booking leaves no trace: the upsert keyed by the e-mail (else the phone,
 * else a record of its own), and `customer.created` for a record this batch made (design.md §19).
 */
export function customerRecord(
  db: Db,
  p: {
    tenantId: string;
    accountId: string | null;
    customer: CustomerInput;
    email: string;
    now: Date;
    gate: SQL;
    /** design.md §31: whether this booking may change an existing record's names and phone (recordUpdateAllowed). */
    mayUpdate: SQL;
  },
) {
  const may = p.mayUpdate;
  const { tenantId, accountId, email } = p;
  const c = p.customer;
  const t = p.now.toISOString();
  const customerId = newId("cst");
  // The record's key: the e-mail, else the phone, else a record of its own (walk-ins, phone calls).
  const key = customerKey({ email, phone: c.phone, recordId: customerId });
  // The business's customer record is linked only to the account that owns its e-mail: a signed-in
  // customer booking with someone else's address must not claim that person's record.
  const recordAccount = sql`(SELECT id FROM customer_accounts WHERE id = ${accountId} AND email = ${email})`;
  // The guard names the staff member and the span in every part: each value bound once (issue #42).
  const upsert = runBoundOnce(
    db,
    sql`
      INSERT INTO customers (id, tenant_id, customer_account_id, email, email_normalized, first_name, last_name, phone, created_at, updated_at)
      SELECT ${customerId}, ${tenantId}, ${recordAccount}, ${email}, ${key}, ${c.firstName}, ${c.lastName ?? ""}, ${c.phone ?? ""}, ${t}, ${t}
      WHERE ${p.gate}
      ON CONFLICT (tenant_id, email_normalized) DO UPDATE SET
        first_name = CASE WHEN ${may} AND customers.names_edited_at IS NULL THEN excluded.first_name ELSE customers.first_name END,
        last_name = CASE WHEN ${may} AND customers.names_edited_at IS NULL AND excluded.last_name <> ''
          THEN excluded.last_name ELSE customers.last_name END,
        phone = CASE WHEN ${may} AND excluded.phone <> '' THEN excluded.phone ELSE customers.phone END,
        customer_account_id = COALESCE(customers.customer_account_id, excluded.customer_account_id),
        updated_at = excluded.updated_at`,
  );
  // A new customer record (not one the upsert updated: it keeps its own id) is announced, held
  // booking or not: the record exists from this batch on.
  const createdEvent: AlsoAnnounced = {
    type: "customer.created",
    data: { customer: { id: customerId, firstName: c.firstName, lastName: c.lastName ?? "", email, phone: c.phone ?? "", createdAt: t } },
    gate: sql`EXISTS (SELECT 1 FROM customers WHERE id = ${customerId})`,
  };
  return {
    upsert,
    /** `customer.created` as a statement of its own, for a batch with no other event to write it with. */
    created: () => webhookEventInsert(db, tenantId, createdEvent.type, createdEvent.data, p.now, createdEvent.gate),
    /** The same event, for the statement of the booking's own (webhookEventPairInsert). */
    createdEvent,
    /** The record's key (tenant and normalized e-mail/phone/own id) and the account to link, as values. */
    key,
    accountId,
    /** The record's id inside the batch (after the upsert), for the booking rows. */
    idSql: sql`(SELECT id FROM customers WHERE tenant_id = ${tenantId} AND email_normalized = ${key})`,
    /** The customer account the booking is linked to, re-checked inside the write (deleted meanwhile: unlinked, not a FK error). */
    accountSql: sql`(SELECT id FROM customer_accounts WHERE id = ${accountId})`,
  };
}
