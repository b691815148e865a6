import { z } from "@hono/zod-openapi";
import type { PublicChatResult } from "../../services/ai/chat";

// Apart from the routes so the browser's types (src/client/shared/api-types.ts) reach the shapes without the provider.

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

export const OwnerChat = z.object({ reply: z.string() }).openapi("OwnerChatAnswer");
