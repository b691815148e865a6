import type { CustomerEnv } from "../../env";
import { requireCustomer } from "../../middleware/auth";
import { openApiRouter } from "../openapi";
import { accountRoutes } from "./account";
import { bookingRoutes } from "./bookings";
import { packageRoutes } from "./packages";
import { profileRoutes } from "./profile";

/** /api/me: customer tokens only (aud customer). Rate limits are applied in src/app.ts. */
export const meRoutes = openApiRouter<CustomerEnv>();
meRoutes.use("*", requireCustomer);
meRoutes.route("/", profileRoutes);
meRoutes.route("/", bookingRoutes);
meRoutes.route("/", packageRoutes);
meRoutes.route("/", accountRoutes);
