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
import { mountAll, openApiRouter } from "../openapi";
import { joinWaitlistRoute, waitlistManageRoutes } from "./waitlist";

/** Mounted at /api/public: every route declared in the OpenAPI document. */
export const publicRoutes = openApiRouter<AppEnv>();
mountAll(publicRoutes, "/", [
  // /booking/:code first: "booking" is a reserved slug, so it never names a tenant.
  bookingByCodeRoutes,
  // /waitlist/:token likewise: "waitlist" is a reserved slug.
  waitlistManageRoutes,
  profileRoute,
  catalogRoutes,
  availabilityRoute,
  visitAvailabilityRoute,
  createBookingRoute,
  quoteRoute,
  joinWaitlistRoute,
  checkoutConfigRoute,
  giftCardPublicRoutes,
  packagePublicRoutes,
]);
