import { type SQL, sql } from "drizzle-orm";
import {
  RELIABILITY_WINDOW_MS,
  type ReliabilityEvent,
  type ReliabilityRecord,
  reliabilityRecord,
  reliabilityStep,
} from "../../domain/reliability";
import type { ReliabilityPolicy, ReliabilityStep } from "../../shared/reliability";

/**
 * design.md §28: a customer's reliability record read inside another statement (the create's one
 * read, the owner's customer and booking reads), never as a round trip of its own. The SQL only
 * narrows the business's bookings of the last 12 months to the customer's strikes and completed
 * bookings; what counts is decided in JS (src/domain/reliability.ts), where the typed phone is
 * compared in E.164 (the SQL pre-selects by its last digits, as the business's region that reads a
 * national number is only known once the statement has run).
 */

/** The SET value of `late_cancelled_at` in a cancellation's UPDATE: now when the customer cancels a confirmed booking inside its window. */
export function lateCancelSql(nowMs: number, byCustomer: boolean): SQL {
  if (!byCustomer) return sql`NULL`;
  // SET expressions read the row before the update: `status` is the status being left.
  return sql`CASE WHEN status = 'confirmed' AND ((refund_deadline_at IS NOT NULL AND ${nowMs} > refund_deadline_at) OR moved_late_at IS NOT NULL)
    THEN ${nowMs} ELSE NULL END`;
}

/** The earliest instant the record looks at (12 months back). */
export const recordSince = (nowMs: number) => nowMs - RELIABILITY_WINDOW_MS;

/** The digits a phone is pre-selected by: its last 7 ("" = no phone to match). */
export function phoneTail(typed: string | null | undefined): string {
  const digits = (typed ?? "").replace(/\D/g, "");
  return digits.length >= 7 ? digits.slice(-7) : "";
}

const eventColumns = (direct: SQL) => sql`json_array(
    CASE WHEN b.late_cancelled_at IS NOT NULL THEN 'late_cancel' ELSE b.status END,
    COALESCE(b.late_cancelled_at, b.start_at), COALESCE(b.visit_id, b.id), b.sms_phone, ${direct},
    c.reliability_reset_at, c.reliability_trusted)`;

const counted = (tenantId: SQL, since: SQL) => sql`b.tenant_id = ${tenantId} AND b.start_at >= ${since}
    AND (b.status IN ('no_show', 'completed') OR b.late_cancelled_at IS NOT NULL)`;

/**
 * One JSON cell for a public create's read (NULL while the business has no policy, so a business
 * without one pays nothing): the records this booking's e-mail or account names (their reset and
 * trusted mark) and the matching bookings, the phone ones to be confirmed by `decodeRecord`.
 */
export function identityRecordSql(p: { tenantId: SQL; policy: SQL; email: SQL; accountId: SQL; tail: SQL; since: SQL }): SQL {
  const named = sql`(c.email_normalized = ${p.email} OR (${p.accountId} <> '' AND c.customer_account_id = ${p.accountId}))`;
  return sql`CASE WHEN ${p.policy} IS NULL THEN NULL ELSE json_object(
    'resetAt', (SELECT max(c.reliability_reset_at) FROM customers c WHERE c.tenant_id = ${p.tenantId} AND ${named}),
    'trusted', EXISTS (SELECT 1 FROM customers c WHERE c.tenant_id = ${p.tenantId} AND c.reliability_trusted = 1 AND ${named}),
    'events', (SELECT json_group_array(${eventColumns(sql`(${named} OR (${p.accountId} <> '' AND b.customer_account_id = ${p.accountId}))`)})
      FROM bookings b LEFT JOIN customers c ON c.id = b.customer_id
      WHERE ${counted(p.tenantId, p.since)}
        AND (${named} OR (${p.accountId} <> '' AND b.customer_account_id = ${p.accountId})
             OR (${p.tail} <> '' AND b.sms_phone LIKE '%' || ${p.tail})))) END`;
}

/**
 * The same cell for a customer record the business looks at (`customer` names a `customers` row
 * alias): its own bookings, those of its customer account, and those made with a phone number
 * (E.164) one of its own bookings carried.
 */
export function customerRecordSql(customer: string, since: SQL): SQL {
  const x = sql.raw(customer);
  return sql`json_object(
    'resetAt', ${x}.reliability_reset_at, 'trusted', ${x}.reliability_trusted,
    'events', (SELECT json_group_array(${eventColumns(sql`1`)})
      FROM bookings b LEFT JOIN customers c ON c.id = b.customer_id
      WHERE ${counted(sql`${x}.tenant_id`, since)}
        AND (b.customer_id = ${x}.id
             OR (${x}.customer_account_id IS NOT NULL
                 AND (b.customer_account_id = ${x}.customer_account_id OR c.customer_account_id = ${x}.customer_account_id))
             OR b.sms_phone IN (SELECT sms_phone FROM bookings WHERE customer_id = ${x}.id AND sms_phone IS NOT NULL))))`;
}

type EventRow = [kind: string, at: number, key: string, smsPhone: string | null, direct: number, resetAt: number | null, trusted: number];

export type CustomerReliability = ReliabilityRecord & { step: ReliabilityStep; trusted: boolean; resetAt: string | null };

/**
 * The record from such a cell. `phone`: the E.164 number the booking was made with (null: none,
 * or it does not parse), which a phone-selected booking must carry exactly. A reset or trusted
 * mark on any record recognised as this client covers them all.
 */
export function decodeRecord(
  cell: string | null,
  policy: ReliabilityPolicy | null,
  nowMs: number,
  phone: string | null = null,
): CustomerReliability {
  const none: CustomerReliability = { noShows: 0, lateCancellations: 0, strikes: 0, step: "none", trusted: false, resetAt: null };
  if (!cell) return none;
  const parsed = JSON.parse(cell) as { resetAt: number | null; trusted: number; events: string | EventRow[] | null };
  const rows = (typeof parsed.events === "string" ? JSON.parse(parsed.events) : (parsed.events ?? [])) as EventRow[];
  const mine = rows.filter((r) => r[4] === 1 || (phone !== null && r[3] === phone));
  const resetAt = Math.max(parsed.resetAt ?? 0, ...mine.map((r) => r[5] ?? 0)) || null;
  const trusted = parsed.trusted === 1 || mine.some((r) => r[6] === 1);
  // A visit's items share one no-show, late cancellation or completion.
  const seen = new Set<string>();
  const events: ReliabilityEvent[] = [];
  for (const [kind, at, key] of mine) {
    if (kind !== "no_show" && kind !== "late_cancel" && kind !== "completed") continue;
    if (seen.has(`${kind}:${key}`)) continue;
    seen.add(`${kind}:${key}`);
    events.push({ kind, at });
  }
  const record = reliabilityRecord(events, nowMs, resetAt);
  return {
    ...record,
    step: reliabilityStep(policy, record.strikes, trusted),
    trusted,
    resetAt: resetAt === null ? null : new Date(resetAt).toISOString(),
  };
}
