import type { CustomerEnv } from "../../env";
import { requireCustomer } from "../../middleware/auth";
import { mountAll, openApiRouter } from "../openapi";
import { accountRoutes } from "./account";
import { bookingRoutes } from "./bookings";
import { packageRoutes } from "./packages";
import { profileRoutes } from "./profile";

/** /api/me: customer tokens only (aud customer). Rate limits are applied in src/app.ts. */
export const meRoutes = openApiRouter<CustomerEnv>();
meRoutes.use("*", requireCustomer);
mountAll(meRoutes, "/", [profileRoutes, bookingRoutes, packageRoutes, accountRoutes]);
