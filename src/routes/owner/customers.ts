import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** /api/customers (owner token; requireOwner applied in ./index.ts). */
export const customersRoutes = new Hono<AppEnv>();
