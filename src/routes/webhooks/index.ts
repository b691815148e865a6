import { Hono } from "hono";
import type { AppEnv } from "../../env";

export const webhookRoutes = new Hono<AppEnv>();
