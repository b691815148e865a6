import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { customerKey } from "../../domain/front-desk";
import { newId } from "../../lib/ids";
import { type AlsoAnnounced, webhookEventInsert } from "../webhooks/events";
import type { RecordUpdate } from "./create-rules";
import type { CustomerInput } from "./create-types";

/**
 * The upsert, rendered once per isolate (issue #42); `gate` is the booking's guard. The business's
 * customer record is linked only to the account that owns its e-mail: a signed-in customer booking
 * with someone else's address must not claim that person's record. `always`: the business may
 * change an existing record's names and phone; else only the account linked to it (`mayAccountId`).
 */
const customerUpsert = prepared<{
  id: string;
  tenantId: string;
  accountId: string | null;
  email: string;
  key: string;
  first: string;
  last: string;
  phone: string;
  at: string;
  always: number;
  mayAccountId: string | null;
}>((p, gate) => {
  const may = sql`(${p.always} = 1 OR COALESCE(customers.customer_account_id, excluded.customer_account_id) = ${p.mayAccountId})`;
  return sql`
    INSERT INTO customers (id, tenant_id, customer_account_id, email, email_normalized, first_name, last_name, phone, created_at, updated_at)
    SELECT ${p.id}, ${p.tenantId}, (SELECT id FROM customer_accounts WHERE id = ${p.accountId} AND email = ${p.email}),
      ${p.email}, ${p.key}, ${p.first}, ${p.last}, ${p.phone}, ${p.at}, ${p.at}
    WHERE ${gate}
    ON CONFLICT (tenant_id, email_normalized) DO UPDATE SET
      first_name = CASE WHEN ${may} AND customers.names_edited_at IS NULL THEN excluded.first_name ELSE customers.first_name END,
      last_name = CASE WHEN ${may} AND customers.names_edited_at IS NULL AND excluded.last_name <> ''
        THEN excluded.last_name ELSE customers.last_name END,
      phone = CASE WHEN ${may} AND excluded.phone <> '' THEN excluded.phone ELSE customers.phone END,
      customer_account_id = COALESCE(customers.customer_account_id, excluded.customer_account_id),
      updated_at = excluded.updated_at`;
});

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
    mayUpdate: RecordUpdate;
  },
) {
  const { tenantId, accountId, email } = p;
  const c = p.customer;
  const t = p.now.toISOString();
  const customerId = newId("cst");
  // The record's key: the e-mail, else the phone, else a record of its own (walk-ins, phone calls).
  const key = customerKey({ email, phone: c.phone, recordId: customerId });
  const upsert = customerUpsert.run(
    db,
    {
      ...{ id: customerId, tenantId, accountId, email, key, first: c.firstName, last: c.lastName ?? "", phone: c.phone ?? "", at: t },
      ...{ always: p.mayUpdate.always ? 1 : 0, mayAccountId: p.mayUpdate.accountId },
    },
    p.gate,
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
