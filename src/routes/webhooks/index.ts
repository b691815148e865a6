import type { AppEnv } from "../../env";
import { openApiRouter } from "../openapi";
import { smsWebhookRoute } from "./sms";
import { stripeWebhookRoute } from "./stripe";

/** /api/webhooks/* (inbound events from third parties; rate-limited 60/min per IP in app.ts). */
export const webhookRoutes = openApiRouter<AppEnv>();
webhookRoutes.route("/", stripeWebhookRoute);
webhookRoutes.route("/", smsWebhookRoute);
