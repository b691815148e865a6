import { is, SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { newId } from "../lib/ids";
import { type Fragment, single, wrote } from "./batch";

/** A value known now, or an SQL expression evaluated inside the batch (e.g. copied from another row). */
type Value<T> = T | SQL;

export type AuditEntry = {
  action: string;
  actorType: "admin" | "user" | "system" | "api_key" | "customer";
  actorId: string;
  targetType: "tenant" | "booking" | "user" | "customer" | "customer_account" | "job" | "gift_card" | "package_credit" | "promo_code";
  targetId: string;
  reason?: Value<string | null>;
  diff?: Value<Record<string, { before: unknown; after: unknown }> | null>;
  metadata?: Value<Record<string, unknown> | null>;
  /** Orders rows written in the same instant (one PATCH can write several). */
  seq?: number;
};

const isSql = (v: unknown): v is SQL => is(v, SQL);
const jsonValue = (v: Value<object | null> | undefined) => (v == null ? null : isSql(v) ? v : JSON.stringify(v));

/**
 * An audit row to put in the same batch as the change it records. `onlyIf` is an SQL condition
 * evaluated inside the batch (e.g. "the UPDATE before me changed a row", "the session exists"),
 * like `emailInsert` and `webhookEventInsert`: the row is written only when the change happened.
 * Value: whether it was written.
 */
export function auditInsert(db: Db, entry: AuditEntry, now: Date, onlyIf?: SQL): Fragment<boolean> & { id: string } {
  // `id`: a later statement of the batch may be gated on this row (the change it records happened).
  const id = newId("aud");
  const { reason, diff, metadata } = entry;
  if (!isSql(reason) && !isSql(diff) && !isSql(metadata)) {
    // Every value known (a booking's history row on each cancel and move): one text per isolate (issue #42).
    const values = { ...entry, id, reason: reason ?? null, diff: jsonValue(diff), metadata: jsonValue(metadata), t: now.toISOString() };
    return { id, ...single(literalInsert.run(db, { ...values, seq: entry.seq ?? 0 }, onlyIf), (r) => ({ value: wrote(r), pointers: [] })) };
  }
  const insert = db.run(sql`
    INSERT INTO audit_log (id, action, actor_type, actor_id, target_type, target_id, reason, diff, metadata, created_at, seq)
    SELECT ${id}, ${entry.action}, ${entry.actorType}, ${entry.actorId}, ${entry.targetType}, ${entry.targetId},
           ${entry.reason ?? null}, ${jsonValue(entry.diff)}, ${jsonValue(entry.metadata)}, ${now.toISOString()}, ${entry.seq ?? 0}
    WHERE ${onlyIf ?? sql`1`}`);
  return { id, ...single(insert, (r) => ({ value: wrote(r), pointers: [] })) };
}

/** auditInsert's statement for an entry known as values. */
const literalInsert = prepared<{
  id: string;
  action: string;
  actorType: string;
  actorId: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  diff: unknown;
  metadata: unknown;
  t: string;
  seq: number;
}>(
  (p, gate) => sql`
    INSERT INTO audit_log (id, action, actor_type, actor_id, target_type, target_id, reason, diff, metadata, created_at, seq)
    SELECT ${p.id}, ${p.action}, ${p.actorType}, ${p.actorId}, ${p.targetType}, ${p.targetId}, ${p.reason}, ${p.diff}, ${p.metadata}, ${p.t}, ${p.seq}
    WHERE ${gate}`,
);
