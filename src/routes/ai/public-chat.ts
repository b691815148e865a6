import { publicChat } from "../../services/ai/chat";
import { openApiRouter, routeGroup, security } from "../openapi";
import { chatBody, slugParam } from "../fields";
import { PublicChat, toPublicChat } from "./chat-shapes";
import { type AiEnv, aiCtx } from "./provider";

const route = routeGroup({ tags: ["AI assistant"], security: security.none });
const chat = route.post("/{slug}/chat", "The booking assistant of a business: suggests services, staff and free times; never books", {
  params: slugParam,
  body: chatBody,
  ok: PublicChat,
  errors: [400, 404, 429, 502, 503],
});

/** POST /api/ai-public/:slug/chat: the booking assistant; it suggests, the customer books with the form. */
export const publicChatRoute = openApiRouter<AiEnv>().openapi(chat, async (c) => {
  const result = await publicChat(aiCtx(c), c.req.valid("param").slug, c.req.valid("json").messages);
  return c.json({ data: toPublicChat(result) }, 200);
});
