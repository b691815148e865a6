import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { requireAdmin } from "../../middleware/auth";
import { adminLoginRoute } from "./login";
import { tenantActivityRoute } from "./tenant-activity";

/**
 * /api/admin. POST /login is the only route without a token (mounted by the auth work in
 * ./login.ts); everything else requires a super-admin token.
 */
export const adminRoutes = new Hono<AppEnv>();
adminRoutes.use("/tenants", requireAdmin);
adminRoutes.use("/tenants/*", requireAdmin);
adminRoutes.use("/system/*", requireAdmin);
adminRoutes.route("/", adminLoginRoute);
adminRoutes.route("/", tenantActivityRoute);
