import { schema, type Db } from "../db/client";
import { newId } from "../lib/ids";

export type AuditEntry = {
  action: string;
  actorType: "admin" | "user" | "system";
  actorId: string;
  targetType: "tenant" | "booking" | "user";
  targetId: string;
  reason?: string | null;
  diff?: Record<string, { before: unknown; after: unknown }> | null;
  metadata?: Record<string, unknown> | null;
  /** Orders rows written in the same instant (one PATCH can write several). */
  seq?: number;
};

/** An insert to put in the same batch as the change it records. */
export function auditInsert(db: Db, entry: AuditEntry, now: Date) {
  return db.insert(schema.auditLog).values({
    id: newId("aud"),
    action: entry.action,
    actorType: entry.actorType,
    actorId: entry.actorId,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    diff: entry.diff ?? null,
    metadata: entry.metadata ?? null,
    createdAt: now.toISOString(),
    seq: entry.seq ?? 0,
  });
}
