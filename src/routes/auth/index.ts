import type { AppEnv } from "../../env";
import { openApiRouter } from "../openapi";
import { customerAccountRoutes } from "./customer";
import { loginRoute } from "./login";
import { passwordResetRoutes, userPasswordResetRoutes } from "./password-reset";
import { registerRoute } from "./register";
import { customerSessionRoutes, ownerSessionRoutes } from "./sessions";
import { tokenRoutes } from "./tokens";

/** /api/auth: owner/staff accounts. */
export const authRoutes = openApiRouter<AppEnv>();
authRoutes.route("/", registerRoute);
authRoutes.route("/", loginRoute);
authRoutes.route("/", tokenRoutes);
authRoutes.route("/", ownerSessionRoutes);
authRoutes.route("/", userPasswordResetRoutes);

/** /api/customer-auth: global end-customer accounts. */
export const customerAuthRoutes = openApiRouter<AppEnv>();
customerAuthRoutes.route("/", customerAccountRoutes);
customerAuthRoutes.route("/", passwordResetRoutes);
customerAuthRoutes.route("/", customerSessionRoutes);
