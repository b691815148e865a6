import { Hono } from "hono";
import { validate } from "../../lib/validate";
import type { OwnerAuth } from "../../middleware/auth";
import { ownerChat } from "../../services/ai/chat";
import { chatBody } from "./fields";
import { type AiEnv, aiCtx } from "./provider";

/**
 * POST /api/ai/chat: any member role; impersonation tokens are refused (403
 * impersonation_read_only) by requireOwner, which refuses every non-GET with them.
 */
export const ownerChatRoute = new Hono<AiEnv>().post("/chat", validate("json", chatBody), async (c) => {
  const auth = c.var.auth as OwnerAuth;
  const result = await ownerChat(aiCtx(c), auth, c.req.valid("json").messages);
  c.header("Cache-Control", "no-store");
  return c.json({ data: { reply: result.reply } });
});
