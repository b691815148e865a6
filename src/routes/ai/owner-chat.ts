import { Hono } from "hono";
import { validate } from "../../lib/validate";
import { ownerChat } from "../../services/ai/chat";
import { chatBody } from "./fields";
import { aiCtx, type OwnerAiEnv } from "./provider";

/**
 * POST /api/ai/chat: any member role; impersonation tokens are refused (403
 * impersonation_read_only) by requireOwner, which refuses every non-GET with them.
 */
export const ownerChatRoute = new Hono<OwnerAiEnv>().post("/chat", validate("json", chatBody), async (c) => {
  const result = await ownerChat(aiCtx(c), c.var.auth, c.req.valid("json").messages);
  return c.json({ data: { reply: result.reply } });
});
