import { requireMember } from "../../middleware/auth";
import { mountAll, openApiRouter } from "../openapi";
import { aiLogRoute } from "./log";
import { ownerChatRoute } from "./owner-chat";
import { type AiEnv, type OwnerAiEnv, requireAiProvider } from "./provider";
import { publicChatRoute } from "./public-chat";

/**
 * /api/ai (owner token) and /api/ai-public (anyone; the business by slug). The rate-limit groups
 * `rl:ai` / `rl:ai-public` are applied in app.ts before these run. Owner routes: the member's token,
 * then (only where a model is talked to) the provider (503), then the body. The AI log is a record
 * (design.md §20): it stays readable on a platform without a model.
 */
export const aiRoutes = openApiRouter<OwnerAiEnv>();
aiRoutes.use("*", requireMember);
aiRoutes.use("/chat", requireAiProvider);
mountAll(aiRoutes, "/", [ownerChatRoute, aiLogRoute]);

export const aiPublicRoutes = openApiRouter<AiEnv>();
aiPublicRoutes.use("*", requireAiProvider);
aiPublicRoutes.route("/", publicChatRoute);
