import { z } from "@hono/zod-openapi";
import type { PublicChatResult } from "../../services/ai/chat";
import type { AiLogRow } from "../../services/ai/log";

const Slot = z.object({ staffProfileId: z.string(), staffName: z.string(), startTime: z.string(), endTime: z.string() });

export const PublicChat = z
  .object({
    reply: z.string(),
    suggestions: z.object({
      serviceId: z.string().nullable(),
      staffId: z.string().nullable(),
      date: z.string().nullable(),
      slots: z.array(Slot),
    }),
  })
  .openapi("PublicChatAnswer");

export const OwnerChat = z.object({ reply: z.string() }).openapi("OwnerChatAnswer");

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

/** The public answer: the reply and only evidence-backed suggestions (slots as availability lists them). */
export function toPublicChat(r: PublicChatResult): z.infer<typeof PublicChat> {
  return {
    reply: r.reply,
    suggestions: {
      serviceId: r.suggestions.serviceId,
      staffId: r.suggestions.staffId,
      date: r.suggestions.date,
      slots: r.suggestions.slots.map((s) => ({
        staffProfileId: s.staffId,
        staffName: s.staffName,
        startTime: s.startTime,
        endTime: s.endTime,
        // design.md §16: every slot carries its real instants (always present for evidence slots).
        startUtc: s.startUtc ?? null,
        endUtc: s.endUtc ?? null,
      })),
    },
  };
}

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
