import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Part } from "../batch";
import { hashOptOutParts } from "../sms/opt-outs";

/**
 * Personal data other features keep about a business's customer, erased with the customer record
 * (design.md §25). THE ONE PLACE TO EXTEND when a feature stores more about a customer:
 *
 *  - text messages (§27): done below: bodies and numbers blanked, queued texts dropped, the numbers
 *    on their bookings cleared; an opt-out of their number stays as its hash alone
 *    (../sms/opt-outs.ts), so they are never texted again;
 *  - guest details stored on bookings (§31): done below with the texting number
 *    (`clearBookingPersonal`);
 *  - gift cards and package credits (§32): done below (`prepaidParts`): those they bought, or a gift
 *    card given to them, keep their balance and credits under the code alone; the buyer's and
 *    recipient's names and addresses, the card's message and the link to a customer account go.
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
  /** Their e-mail, lower case ('' when none): who bought or received a gift card or package. */
  email: string;
  /** The customer's bookings with this business, as SQL (`SELECT id FROM bookings WHERE ...`). */
  bookingIds: SQL;
  now: Date;
  gate: SQL;
  /** Their numbers that opted out, plain (`optedOutNumbersQuery`, read before the batch). */
  optedOut: readonly string[];
};

/** The numbers (E.164) of `numbers` (SQL: SELECT of numbers) with a plain opt-out, at most `limit`. */
export function optedOutNumbersQuery(db: Db, numbers: SQL, limit = 500) {
  return db.all<{ phone: string }>(sql`SELECT phone FROM sms_opt_outs WHERE phone IN (${numbers}) LIMIT ${limit}`);
}

/** The numbers a business holds for texts: those it texted or heard from, those given with bookings. */
export const customerNumbersSql = (tenantId: string, customerId: string) =>
  sql`SELECT phone FROM sms_messages WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}
      UNION SELECT sms_phone FROM bookings WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND sms_phone IS NOT NULL`;
export const tenantNumbersSql = (tenantId: string | SQL) =>
  sql`SELECT phone FROM sms_messages WHERE tenant_id = ${tenantId}
      UNION SELECT sms_phone FROM bookings WHERE tenant_id = ${tenantId} AND sms_phone IS NOT NULL`;

/** Not (yet) deletable: its number still opted out under the number itself (hashed first, in a later statement or run). */
const plainOptOut = (column: SQL) => sql`EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = ${column})`;

const DROPPED = "dropped: the customer was erased";

/**
 * What a booking holds of the person besides the customer link: the texting number (§27), what an
 * unauthenticated create typed and the network it came from (§31: guest name and phone, client
 * network; the hold caps read the network of pending bookings only, and an erased customer has none).
 */
const clearBookingPersonal = sql.raw(`sms_phone = NULL, sms_phone_typed = '', guest_first_name = NULL, guest_last_name = NULL,
  guest_phone = NULL, client_network = NULL`);
const bookingPersonalLeft = sql.raw(`(sms_phone IS NOT NULL OR sms_phone_typed <> '' OR guest_first_name IS NOT NULL
  OR guest_last_name IS NOT NULL OR guest_phone IS NOT NULL OR client_network IS NOT NULL)`);

export function customerErasureExtensions(db: Db, e: CustomerErasure): Part[] {
  const t = e.now.toISOString();
  const theirs = sql`tenant_id = ${e.tenantId} AND customer_id = ${e.customerId}`;
  return [
    // Their queued texts never go (the jobs first: the next statement changes the texts' status).
    db.run(sql`UPDATE jobs SET status = 'cancelled', last_error = ${DROPPED}, updated_at = ${t}
      WHERE kind = 'sms' AND status = 'pending' AND tenant_id = ${e.tenantId}
        AND json_extract(payload, '$.messageId') IN (SELECT id FROM sms_messages WHERE ${theirs}) AND ${e.gate}`),
    db.run(sql`UPDATE sms_messages SET body = '', phone = '',
        status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END,
        error = CASE WHEN status = 'pending' THEN ${DROPPED} ELSE error END, updated_at = ${t}
      WHERE ${theirs} AND ${e.gate}`),
    db.run(sql`UPDATE bookings SET ${clearBookingPersonal} WHERE id IN (${e.bookingIds}) AND ${bookingPersonalLeft} AND ${e.gate}`),
    // After their own texts were dropped: what this suppresses is other businesses' texts to the number.
    ...hashOptOutParts(db, e.optedOut, e.now, e.gate),
    ...prepaidParts(db, e, t),
  ];
}

/** What a sold gift card or package says of the people (design.md §25, §32); the balance and the code stay. */
const clearGiftCardPeople = sql.raw(`buyer_name = '', buyer_email = '', recipient_name = '', recipient_email = '', message = '',
  customer_id = NULL, customer_account_id = NULL`);
const giftCardPeopleLeft = sql.raw(`(buyer_name <> '' OR buyer_email <> '' OR recipient_name <> '' OR recipient_email <> ''
  OR message <> '' OR customer_id IS NOT NULL OR customer_account_id IS NOT NULL)`);
const clearPackagePeople = sql.raw("buyer_name = '', buyer_email = '', customer_id = NULL, customer_account_id = NULL");
const packagePeopleLeft = sql.raw(`(buyer_name <> '' OR buyer_email <> '' OR customer_id IS NOT NULL OR customer_account_id IS NOT NULL)`);

/**
 * The gift cards and packages the customer bought (their record, or their e-mail at checkout) or
 * received: kept under the code alone, so an account that held them no longer lists or spends them.
 */
function prepaidParts(db: Db, e: CustomerErasure, t: string): Part[] {
  const byEmail = (column: string) => (e.email ? sql`lower(${sql.raw(column)}) = ${e.email}` : sql`0`);
  const bought = sql`(customer_id = ${e.customerId} OR ${byEmail("buyer_email")})`;
  return [
    db.run(sql`UPDATE gift_cards SET ${clearGiftCardPeople}, updated_at = ${t}
      WHERE tenant_id = ${e.tenantId} AND (${bought} OR ${byEmail("recipient_email")}) AND ${giftCardPeopleLeft} AND ${e.gate}`),
    db.run(sql`UPDATE package_credits SET ${clearPackagePeople}, updated_at = ${t}
      WHERE tenant_id = ${e.tenantId} AND ${bought} AND ${packagePeopleLeft} AND ${e.gate}`),
  ];
}

/**
 * `optedOut`: up to `limit` of the business's numbers with a plain opt-out (`optedOutNumbersQuery`
 * over `tenantNumbersSql`, read before the batch); a text or booking whose number still has one is
 * left for a later run, so no opt-out is lost with the last record of its number.
 */
export function tenantErasureExtensions(db: Db, tenantId: string, limit: number, now: Date, optedOut: readonly string[]): Part[] {
  return [
    db.run(sql`UPDATE jobs SET status = 'cancelled', updated_at = ${now.toISOString()} WHERE id IN (
      SELECT id FROM jobs WHERE tenant_id = ${tenantId} AND kind = 'sms' AND status = 'pending' LIMIT ${limit})`),
    ...hashOptOutParts(db, optedOut, now, sql`1`),
    db.run(sql`DELETE FROM sms_messages WHERE id IN (SELECT id FROM sms_messages WHERE tenant_id = ${tenantId}
      AND NOT ${plainOptOut(sql`sms_messages.phone`)} LIMIT ${limit})`),
    db.run(sql`UPDATE bookings SET ${clearBookingPersonal} WHERE id IN (SELECT id FROM bookings WHERE tenant_id = ${tenantId}
      AND ${bookingPersonalLeft} AND NOT ${plainOptOut(sql`bookings.sms_phone`)} LIMIT ${limit})`),
    db.run(sql`UPDATE gift_cards SET ${clearGiftCardPeople} WHERE id IN (SELECT id FROM gift_cards WHERE tenant_id = ${tenantId}
      AND ${giftCardPeopleLeft} LIMIT ${limit})`),
    db.run(sql`UPDATE package_credits SET ${clearPackagePeople} WHERE id IN (SELECT id FROM package_credits
      WHERE tenant_id = ${tenantId} AND ${packagePeopleLeft} LIMIT ${limit})`),
  ];
}

/** What of the extensions' data is still left for the business (SQL, true while anything is). */
export function tenantErasureRemaining(tenantId: string): SQL {
  return sql`(EXISTS (SELECT 1 FROM sms_messages WHERE tenant_id = ${tenantId})
    OR EXISTS (SELECT 1 FROM bookings WHERE tenant_id = ${tenantId} AND ${bookingPersonalLeft})
    OR EXISTS (SELECT 1 FROM gift_cards WHERE tenant_id = ${tenantId} AND ${giftCardPeopleLeft})
    OR EXISTS (SELECT 1 FROM package_credits WHERE tenant_id = ${tenantId} AND ${packagePeopleLeft}))`;
}
