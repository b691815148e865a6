import { z } from "@hono/zod-openapi";
import type { AiLogRow } from "../../services/ai/log";

// Apart from the route so the browser's types (src/client/shared/api-types.ts) reach the shape without the provider.

export const AiLogEntry = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: z.object({ type: z.string(), id: z.string() }),
    outcome: z.enum(["ok", "error"]).nullable(),
    errorCode: z.string().nullable(),
    errorReason: z.string().nullable(),
    model: z.string().nullable(),
    latencyMs: z.number().nullable(),
    rounds: z.number().int(),
    tokens: z.number().nullable(),
    toolCalls: z.array(z.object({ name: z.string(), ok: z.boolean(), error: z.string().nullable() })),
    question: z.string(),
    suggestions: z.object({ kept: z.number().int(), dropped: z.number().int() }).nullable(),
    createdAt: z.string(),
  })
  .openapi("AiLogEntry");

/** One AI log entry (camelCase like the owner API). */
export function toAiLogEntry(r: AiLogRow): z.infer<typeof AiLogEntry> {
  const m = r.metadata;
  return {
    id: r.id,
    action: r.action,
    actor: { type: r.actorType, id: r.actorId },
    outcome: m?.outcome ?? null,
    errorCode: m?.errorCode ?? null,
    errorReason: m?.errorReason ?? null,
    model: m?.model ?? null,
    latencyMs: m?.latencyMs ?? null,
    rounds: m?.rounds ?? 0,
    tokens: m?.tokens ?? null,
    toolCalls: (m?.toolCalls ?? []).map((t) => ({ name: t.name, ok: t.ok, error: t.error ?? null })),
    question: m?.question ?? "",
    suggestions: m?.suggestions ?? null,
    createdAt: r.createdAt,
  };
}
