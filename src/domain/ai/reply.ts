/**
 * The model's final message -> the reply text and its proposed suggestions. The public assistant
 * asks for a JSON object `{ reply, suggestions }`; models wrap it in code fences, add a sentence
 * before it, or ignore the format. A readable plain-text answer is still an answer (no
 * suggestions); an empty one is not. Pure.
 */

export const MAX_REPLY_CHARS = 4000;

export type ModelReply = { reply: string; suggestions: unknown };

function jsonObject(text: string): Record<string, unknown> | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const candidates = [text, fenced?.[1] ?? "", text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)];
  for (const c of candidates) {
    const t = c.trim();
    if (!t.startsWith("{")) continue;
    try {
      const v = JSON.parse(t);
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // try the next reading
    }
  }
  return null;
}

/** null when there is no usable reply text at all. */
export function parseModelReply(content: string): ModelReply | null {
  const obj = jsonObject(content);
  if (obj && typeof obj.reply === "string") {
    const reply = obj.reply.trim();
    return reply ? { reply: reply.slice(0, MAX_REPLY_CHARS), suggestions: obj.suggestions ?? null } : null;
  }
  // A JSON object without a reply is not prose to show a customer.
  if (obj) return null;
  const reply = content.trim();
  return reply ? { reply: reply.slice(0, MAX_REPLY_CHARS), suggestions: null } : null;
}
