import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** /api/staff (owner token; requireOwner applied in ./index.ts). */
export const staffRoutes = new Hono<AppEnv>();
