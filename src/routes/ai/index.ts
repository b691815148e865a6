import { requireMember } from "../../middleware/auth";
import { openApiRouter } from "../openapi";
import { aiLogRoute } from "./log";
import { ownerChatRoute } from "./owner-chat";
import { type AiEnv, type OwnerAiEnv, requireAiProvider } from "./provider";
import { publicChatRoute } from "./public-chat";

/**
 * /api/ai (owner token) and /api/ai-public (anyone; the business by slug). The rate-limit groups
 * `rl:ai` / `rl:ai-public` are applied in app.ts before these run. Order: provider (503), then the
 * owner token, then the body.
 */
export const aiRoutes = openApiRouter<OwnerAiEnv>();
aiRoutes.use("*", requireAiProvider);
aiRoutes.use("*", requireMember);
aiRoutes.route("/", ownerChatRoute);
aiRoutes.route("/", aiLogRoute);

export const aiPublicRoutes = openApiRouter<AiEnv>();
aiPublicRoutes.use("*", requireAiProvider);
aiPublicRoutes.route("/", publicChatRoute);
