import type { AppEnv } from "../../env";
import { mountAll, openApiRouter } from "../openapi";
import { customerAccountRoutes } from "./customer";
import { loginRoute } from "./login";
import { passwordResetRoutes, userPasswordResetRoutes } from "./password-reset";
import { registerRoute } from "./register";
import { customerSessionRoutes, ownerSessionRoutes } from "./sessions";
import { tokenRoutes } from "./tokens";

/** /api/auth: owner/staff accounts. */
export const authRoutes = openApiRouter<AppEnv>();
mountAll(authRoutes, "/", [registerRoute, loginRoute, tokenRoutes, ownerSessionRoutes, userPasswordResetRoutes]);

/** /api/customer-auth: global end-customer accounts. */
export const customerAuthRoutes = openApiRouter<AppEnv>();
mountAll(customerAuthRoutes, "/", [customerAccountRoutes, passwordResetRoutes, customerSessionRoutes]);
