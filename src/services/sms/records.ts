import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { e164Of, phoneProblem, regionOf } from "../../domain/sms/phone";

/**
 * What the owner reads of texts (design.md §27): every text sent to and received from a customer
 * (the customer's record), and whether a booking's customer gets texts, or why not (the booking
 * detail). Statements for the caller's batch, so each page stays one round trip.
 */

export type TextRecord = {
  id: string;
  direction: "out" | "in";
  body: string;
  /** What an outgoing text is (confirmation, reminder, ...) or what an incoming one meant (confirm, cancel, opt_out, ...). */
  template: string | null;
  /** pending, queued, sent, delivered, undelivered, failed, suppressed, cancelled; received for incoming. */
  status: string;
  error: string | null;
  segments: number;
  phone: string;
  bookingId: string | null;
  createdAt: string;
  sentAt: string | null;
};

/**
 * A text's status for the owner: what Twilio said last, else how its send went (the job's state
 * while the record still says pending: failed, cancelled or suppressed), with the job's error.
 */
const recordColumns = sql`m.id, m.direction, m.body, m.template, m.segments, m.phone, m.booking_id AS bookingId,
  m.created_at AS createdAt, m.sent_at AS sentAt,
  CASE WHEN m.status = 'pending' AND j.status IN ('failed', 'cancelled', 'suppressed') THEN j.status ELSE m.status END AS status,
  COALESCE(m.error, CASE WHEN m.status = 'pending' AND j.status IN ('failed', 'suppressed') THEN j.last_error END) AS error`;

export const MESSAGES_PAGE = 50;

/** The customer's texts, newest first, `limit + 1` of them (one more tells whether a page follows); `before`: a text's id. */
export function customerTextsQuery(db: Db, tenantId: string, customerId: string, limit = MESSAGES_PAGE, before?: string) {
  const after = before
    ? sql`AND (m.created_at, m.id) < (SELECT created_at, id FROM sms_messages WHERE id = ${before} AND tenant_id = ${tenantId})`
    : sql``;
  return db.all<TextRecord>(sql`
    SELECT ${recordColumns}
    FROM sms_messages m LEFT JOIN jobs j ON j.id = m.job_id
    WHERE m.tenant_id = ${tenantId} AND m.customer_id = ${customerId} ${after}
    ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit + 1}`);
}

/** Numbers of this customer (texted, or given with a booking) that opted out of every text. */
export function customerOptOutsQuery(db: Db, tenantId: string, customerId: string) {
  return db.all<{ phone: string }>(sql`
    SELECT phone FROM sms_opt_outs WHERE phone IN (
      SELECT phone FROM sms_messages WHERE tenant_id = ${tenantId} AND customer_id = ${customerId}
      UNION SELECT sms_phone FROM bookings WHERE tenant_id = ${tenantId} AND customer_id = ${customerId} AND sms_phone IS NOT NULL)`);
}

export function tenantRegionQuery(db: Db, tenantId: string) {
  return db.all<{ countryCode: string; country: string }>(
    sql`SELECT country_code AS countryCode, country FROM tenants WHERE id = ${tenantId}`,
  );
}

export type CustomerTexts = {
  /** The record's number as typed, its E.164 form (null: texts cannot reach it) and why not. */
  phone: string;
  e164: string | null;
  problem: string | null;
  optedOut: boolean;
  messages: TextRecord[];
  hasMore: boolean;
};

export function customerTextsOf(
  phone: string,
  region: { countryCode: string; country: string } | undefined,
  rows: TextRecord[],
  optOuts: { phone: string }[],
  limit = MESSAGES_PAGE,
): CustomerTexts {
  const r = regionOf(region ?? {});
  const e164 = e164Of(phone, r);
  return {
    phone,
    e164,
    problem: e164 ? null : phoneProblem(phone, r),
    optedOut: e164 !== null && optOuts.some((o) => o.phone === e164),
    messages: rows.slice(0, limit),
    hasMore: rows.length > limit,
  };
}

type BookingTextsRow = {
  smsOptIn: number;
  typed: string;
  e164: string | null;
  customerConfirmedAt: string | null;
  optedOut: number;
  countryCode: string;
  country: string;
};

/** One row: the booking's consent, its number, the customer's confirmation by text and whether the number opted out. */
export function bookingTextsQuery(db: Db, tenantId: string, bookingId: string) {
  return db.all<BookingTextsRow>(sql`
    SELECT b.sms_opt_in AS smsOptIn, b.sms_phone_typed AS typed, b.sms_phone AS e164, b.customer_confirmed_at AS customerConfirmedAt,
           EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone = b.sms_phone) AS optedOut, t.country_code AS countryCode, t.country
    FROM bookings b JOIN tenants t ON t.id = b.tenant_id
    WHERE b.id = ${bookingId} AND b.tenant_id = ${tenantId}`);
}

export type BookingTexts = {
  optIn: boolean;
  phone: string;
  e164: string | null;
  /** null when texts about this booking can go; else why not, in words. */
  problem: string | null;
};

export function bookingTextsOf(row: BookingTextsRow): BookingTexts {
  const optIn = Boolean(row.smsOptIn);
  const problem = !optIn
    ? "The customer did not agree to texts about this booking."
    : !row.e164
      ? phoneProblem(row.typed, regionOf(row))
      : row.optedOut
        ? `${row.e164} replied STOP: no texts go to this number until it replies START.`
        : null;
  return { optIn, phone: row.typed, e164: row.e164, problem };
}
