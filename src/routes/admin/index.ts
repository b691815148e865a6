import { Hono } from "hono";
import type { AppEnv } from "../../env";

export const adminRoutes = new Hono<AppEnv>();
