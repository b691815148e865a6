import type { PublicChatResult } from "../../services/ai/chat";
import type { AiLogRow } from "../../services/ai/log";

/** The public answer: the reply and only evidence-backed suggestions (slots as availability lists them). */
export function toPublicChat(r: PublicChatResult) {
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
export function toAiLogEntry(r: AiLogRow) {
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
