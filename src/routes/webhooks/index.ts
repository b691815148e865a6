import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { stripeWebhookRoute } from "./stripe";

/** /api/webhooks/* (inbound events from third parties; rate-limited 60/min per IP in app.ts). */
export const webhookRoutes = new Hono<AppEnv>();
webhookRoutes.route("/", stripeWebhookRoute);
