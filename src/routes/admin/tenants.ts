import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** Super-admin routes (requireAdmin applied in ./index.ts). */
export const tenantsRoutes = new Hono<AppEnv>();
