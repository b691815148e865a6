import { and, desc, eq, like } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { type AiLogInput, aiLogMetadata, type AiLogMetadata } from "../../domain/ai/log";
import { auditInsert } from "../audit";
import { runPart } from "../batch";

/**
 * The AI log (design.md §20) is the audit log's `ai.*` rows targeting the tenant: one per assistant
 * request that reached the model, written whether it ended well or not. The console's AI activity
 * counts the same rows (services/admin/tenant-activity.ts).
 */

export type AiAction = "ai.public_chat" | "ai.owner_chat";

export type AiActor = { type: "user"; id: string } | { type: "system"; id: "public-assistant" };

export async function writeAiLog(db: Db, tenantId: string, action: AiAction, actor: AiActor, input: AiLogInput, now: Date) {
  await runPart(
    db,
    auditInsert(
      db,
      { action, actorType: actor.type, actorId: actor.id, targetType: "tenant", targetId: tenantId, metadata: aiLogMetadata(input) },
      now,
    ),
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

/** The log's query, newest first on the (target_id, created_at, seq) index (also batched by the owner app's view). */
export function aiLogQuery(db: Db, tenantId: string, limit: number) {
  const a = schema.auditLog;
  return db
    .select({ id: a.id, action: a.action, actorType: a.actorType, actorId: a.actorId, metadata: a.metadata, createdAt: a.createdAt })
    .from(a)
    .where(and(eq(a.targetId, tenantId), eq(a.targetType, "tenant"), like(a.action, "ai.%")))
    .orderBy(desc(a.createdAt), desc(a.seq), desc(a.id))
    .limit(limit);
}

export const toAiLogRow = (r: Awaited<ReturnType<typeof aiLogQuery>>[number]): AiLogRow => ({
  ...r,
  metadata: (r.metadata as AiLogMetadata | null) ?? null,
});

/** Newest first; one round trip. */
export async function listAiLog(db: Db, tenantId: string, limit: number): Promise<AiLogRow[]> {
  return (await aiLogQuery(db, tenantId, limit)).map(toAiLogRow);
}
