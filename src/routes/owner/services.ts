import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** /api/services (owner token; requireOwner applied in ./index.ts). */
export const servicesRoutes = new Hono<AppEnv>();
