import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { optOutHash } from "../../domain/sms/opt-out";
import type { Part } from "../batch";

/**
 * SMS opt-outs (design.md §27) are kept under the number, or, once a customer with that number
 * was erased (§25), under its hash alone (../../domain/sms/opt-out.ts). Every check made with the
 * number in hand looks for both forms.
 */
export const optOutKeys = (e164: string) => [e164, optOutHash(e164)] as const;

/** SQL: whether the number (E.164, known here) opted out, in either form. */
export const optedOutSql = (e164: string) => sql`EXISTS (SELECT 1 FROM sms_opt_outs o WHERE o.phone IN (${e164}, ${optOutHash(e164)}))`;

const OPTED_OUT = "opted_out";

/**
 * The erasure's part for numbers that opted out (read before the batch, plain): each opt-out is
 * kept as the hash and the plain row goes. Texts to the number still waiting or failed (any
 * business: an opt-out is for every business) are suppressed now, as the send would have done:
 * the send checks the plain number only, and a retry of a failed text must not reach them either.
 * Jobs first: their condition reads the texts' status.
 */
export function hashOptOutParts(db: Db, phones: readonly string[], now: Date, gate: SQL): Part[] {
  const t = now.toISOString();
  return phones.flatMap((phone) => {
    const open = sql`SELECT id FROM sms_messages WHERE phone = ${phone} AND direction = 'out' AND status IN ('pending', 'failed')`;
    return [
      db.run(sql`INSERT INTO sms_opt_outs (phone, keyword, created_at)
        SELECT ${optOutHash(phone)}, keyword, created_at FROM sms_opt_outs WHERE phone = ${phone} AND ${gate}
        ON CONFLICT (phone) DO NOTHING`),
      db.run(sql`UPDATE jobs SET status = 'suppressed', last_error = ${OPTED_OUT}, updated_at = ${t}
        WHERE kind = 'sms' AND status IN ('pending', 'failed') AND json_extract(payload, '$.messageId') IN (${open}) AND ${gate}`),
      db.run(sql`UPDATE sms_messages SET status = 'suppressed', error = ${OPTED_OUT}, updated_at = ${t}
        WHERE id IN (${open}) AND ${gate}`),
      db.run(sql`DELETE FROM sms_opt_outs WHERE phone = ${phone} AND ${gate}`),
    ];
  });
}
