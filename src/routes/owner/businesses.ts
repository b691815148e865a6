import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** /api/businesses (owner token; requireOwner applied in ./index.ts). */
export const businessesRoutes = new Hono<AppEnv>();
