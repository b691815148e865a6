import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** /api/bookings (owner token; requireOwner applied in ./index.ts). */
export const bookingsRoutes = new Hono<AppEnv>();
