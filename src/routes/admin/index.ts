import type { AppEnv } from "../../env";
import { requireAdmin } from "../../middleware/auth";
import { mountAll, openApiRouter } from "../openapi";
import { tenantFailedJobsRoute } from "./failed-jobs";
import { adminLoginRoute } from "./login";
import { impersonateRoutes } from "./impersonate";
import { jobsRoutes } from "./jobs";
import { tenantDeletionRoutes } from "./tenant-deletion";
import { smsLimitRoute } from "./sms-limit";
import { systemRoutes } from "./system";
import { tenantActivityRoute } from "./tenant-activity";
import { tenantsRoutes } from "./tenants";

/**
 * /api/admin. POST /login is the only route without a token (mounted by the auth work in
 * ./login.ts); everything else requires a super-admin token.
 */
export const adminRoutes = openApiRouter<AppEnv>();
// `/tenants/*` also matches `/tenants` itself.
for (const prefix of ["/tenants/*", "/system/*", "/jobs/*"]) adminRoutes.use(prefix, requireAdmin);
mountAll(adminRoutes, "/", [adminLoginRoute, tenantActivityRoute, tenantFailedJobsRoute, smsLimitRoute]);
mountAll(adminRoutes, "/tenants", [tenantsRoutes, impersonateRoutes, tenantDeletionRoutes]);
adminRoutes.route("/jobs", jobsRoutes);
adminRoutes.route("/system", systemRoutes);
