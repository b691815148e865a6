import { Hono } from "hono";
import type { AppEnv } from "../../env";

export const meRoutes = new Hono<AppEnv>();
