import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** /api/businesses/me/webhooks (owner token). Built by the webhooks work. */
export const webhookEndpointRoutes = new Hono<AppEnv>();
