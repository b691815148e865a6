import type { AppEnv } from "../../env";
import { requireAdmin } from "../../middleware/auth";
import { openApiRouter } from "../openapi";
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
adminRoutes.use("/tenants/*", requireAdmin);
adminRoutes.use("/system/*", requireAdmin);
adminRoutes.use("/jobs/*", requireAdmin);
adminRoutes.route("/", adminLoginRoute);
adminRoutes.route("/", tenantActivityRoute);
adminRoutes.route("/", tenantFailedJobsRoute);
adminRoutes.route("/", smsLimitRoute);
adminRoutes.route("/tenants", tenantsRoutes);
adminRoutes.route("/tenants", impersonateRoutes);
adminRoutes.route("/tenants", tenantDeletionRoutes);
adminRoutes.route("/jobs", jobsRoutes);
adminRoutes.route("/system", systemRoutes);
