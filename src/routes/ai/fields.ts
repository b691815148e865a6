import { z } from "zod";
import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from "../../shared/ai-limits";

/** design.md §20 limits: at most 20 messages of at most 2000 characters, the last one the person's. */
export const MAX_MESSAGES = MAX_CHAT_MESSAGES;
export const MAX_MESSAGE_CHARS = MAX_CHAT_MESSAGE_CHARS;

const message = z
  .object({
    role: z.enum(["user", "assistant"], { error: "role must be user or assistant" }),
    content: z
      .string({ error: "content must be a string" })
      .trim()
      .min(1, "content must not be empty")
      .max(MAX_MESSAGE_CHARS, `content must be at most ${MAX_MESSAGE_CHARS} characters`),
  })
  .strict();

export const chatBody = z
  .object({
    messages: z
      .array(message, { error: "messages must be a list" })
      .min(1, "Send at least one message")
      .max(MAX_MESSAGES, `At most ${MAX_MESSAGES} messages`)
      .refine((m) => m.length === 0 || m[m.length - 1].role === "user", "The last message must be the user's"),
  })
  .strict();
