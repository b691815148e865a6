// The team assistant's conversation rules (design.md §20), apart from the panel so they are unit-tested.

export type Message = { role: "user" | "assistant"; content: string };

/** design.md §20 limits: at most 20 messages of at most 2000 characters, the last one the person's. */
export const MAX_MESSAGES = 20;
export const MAX_CHARS = 2000;

/** The conversation sent: the newest messages that fit, starting with one of the person's. */
export function conversationToSend(history: Message[], next: string): Message[] {
  const all = [...history, { role: "user" as const, content: next }];
  let from = Math.max(0, all.length - MAX_MESSAGES);
  while (from < all.length - 1 && all[from].role !== "user") from++;
  return all.slice(from);
}
