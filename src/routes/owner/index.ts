import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** Mounted at /api: /businesses, /services, /staff, /bookings, /customers, /payments. */
export const ownerRoutes = new Hono<AppEnv>();
