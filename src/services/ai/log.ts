import { and, desc, eq, like } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { type AiLogInput, aiLogMetadata, type AiLogMetadata } from "../../domain/ai/log";
import { auditInsert } from "../audit";

/**
 * The AI log (design.md §20) is the audit log's `ai.*` rows targeting the tenant: one per assistant
 * request that reached the model, written whether it ended well or not. The console's AI activity
 * counts the same rows (services/admin/tenant-activity.ts).
 */

export type AiAction = "ai.public_chat" | "ai.owner_chat";

export type AiActor = { type: "user"; id: string } | { type: "system"; id: "public-assistant" };

export async function writeAiLog(db: Db, tenantId: string, action: AiAction, actor: AiActor, input: AiLogInput, now: Date) {
  await auditInsert(
    db,
    { action, actorType: actor.type, actorId: actor.id, targetType: "tenant", targetId: tenantId, metadata: aiLogMetadata(input) },
    now,
  );
}

export type AiLogRow = {
  id: string;
  action: string;
  actorType: string;
  actorId: string;
  metadata: AiLogMetadata | null;
  createdAt: string;
};

/** Newest first; one round trip on the (target_id, created_at, seq) index. */
export async function listAiLog(db: Db, tenantId: string, limit: number): Promise<AiLogRow[]> {
  const a = schema.auditLog;
  const rows = await db
    .select({ id: a.id, action: a.action, actorType: a.actorType, actorId: a.actorId, metadata: a.metadata, createdAt: a.createdAt })
    .from(a)
    .where(and(eq(a.targetId, tenantId), eq(a.targetType, "tenant"), like(a.action, "ai.%")))
    .orderBy(desc(a.createdAt), desc(a.seq), desc(a.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, metadata: (r.metadata as AiLogMetadata | null) ?? null }));
}
