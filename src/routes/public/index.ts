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
// /booking/:code and /waitlist/:token first: "booking" and "waitlist" are reserved slugs, so they never name a tenant.
export const publicRoutes = mountAll(
  openApiRouter<AppEnv>(),
  "/",
  bookingByCodeRoutes,
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
);
