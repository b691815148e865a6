import type { AppEnv } from "../../env";
import { availabilityRoute } from "./availability";
import { bookingByCodeRoutes } from "./booking";
import { createBookingRoute } from "./bookings";
import { catalogRoutes } from "./catalog";
import { checkoutConfigRoute } from "./checkout-config";
import { giftCardPublicRoutes } from "./gift-cards";
import { packagePublicRoutes } from "./packages";
import { profileRoute } from "./profile";
import { quoteRoute } from "./quote";
import { visitAvailabilityRoute } from "./visit-availability";
import { openApiRouter } from "../openapi";
import { joinWaitlistRoute, waitlistManageRoutes } from "./waitlist";

/** Mounted at /api/public: every route declared in the OpenAPI document. */
export const publicRoutes = openApiRouter<AppEnv>();
// /booking/:code first: "booking" is a reserved slug, so it never names a tenant.
publicRoutes.route("/", bookingByCodeRoutes);
// /waitlist/:token likewise: "waitlist" is a reserved slug.
publicRoutes.route("/", waitlistManageRoutes);
publicRoutes.route("/", profileRoute);
publicRoutes.route("/", catalogRoutes);
publicRoutes.route("/", availabilityRoute);
publicRoutes.route("/", visitAvailabilityRoute);
publicRoutes.route("/", createBookingRoute);
publicRoutes.route("/", quoteRoute);
publicRoutes.route("/", joinWaitlistRoute);
publicRoutes.route("/", checkoutConfigRoute);
publicRoutes.route("/", giftCardPublicRoutes);
publicRoutes.route("/", packagePublicRoutes);
