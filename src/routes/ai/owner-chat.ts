import { ownerChat } from "../../services/ai/chat";
import { openApiRouter, routeGroup, security } from "../openapi";
import { chatBody } from "../fields";
import { OwnerChat } from "./chat-shapes";
import { aiCtx, type OwnerAiEnv } from "./provider";

const route = routeGroup({ tags: ["AI assistant"], security: security.member });
const chat = route.post("/chat", "The team's assistant: read-only tools over the caller's business, and drafting", {
  body: chatBody,
  ok: OwnerChat,
  errors: [400, 401, 403, 429, 502, 503],
});

/**
 * POST /api/ai/chat: any member role; impersonation tokens are refused (403
 * impersonation_read_only) by requireMember, which refuses every non-GET with them.
 */
export const ownerChatRoute = openApiRouter<OwnerAiEnv>().openapi(chat, async (c) => {
  const result = await ownerChat(aiCtx(c), c.var.auth, c.req.valid("json").messages);
  return c.json({ data: { reply: result.reply } }, 200);
});
