import { Hono } from "hono";
import { validate } from "../../lib/validate";
import { publicChat } from "../../services/ai/chat";
import { chatBody } from "./fields";
import { type AiEnv, aiCtx } from "./provider";
import { toPublicChat } from "./shapes";

/** POST /api/ai-public/:slug/chat: the booking assistant; it suggests, the customer books with the form. */
export const publicChatRoute = new Hono<AiEnv>().post("/:slug/chat", validate("json", chatBody), async (c) => {
  const result = await publicChat(aiCtx(c), c.req.param("slug"), c.req.valid("json").messages);
  return c.json({ data: toPublicChat(result) });
});
