import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** /api/payments (owner token). Built by the payments work. */
export const paymentRoutes = new Hono<AppEnv>();
