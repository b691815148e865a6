import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { customerAccountRoutes } from "./customer";
import { loginRoute } from "./login";
import { passwordResetRoutes } from "./password-reset";
import { registerRoute } from "./register";
import { tokenRoutes } from "./tokens";

/** /api/auth: owner/staff accounts. */
export const authRoutes = new Hono<AppEnv>();
authRoutes.route("/", registerRoute);
authRoutes.route("/", loginRoute);
authRoutes.route("/", tokenRoutes);

/** /api/customer-auth: global end-customer accounts. */
export const customerAuthRoutes = new Hono<AppEnv>();
customerAuthRoutes.route("/", customerAccountRoutes);
customerAuthRoutes.route("/", passwordResetRoutes);
