import type { AppEnv } from "../../env";
import { requireOwner } from "../../middleware/auth";
import { openApiRouter } from "../openapi";
import { apiKeyRoutes } from "./api-keys";
import { bookingPaymentRoutes } from "./booking-payments";
import { bookingsRoutes } from "./bookings";
import { businessesRoutes } from "./businesses";
import { customDomainRoutes } from "./custom-domain";
import { customersRoutes } from "./customers";
import { failedJobsRoutes } from "./failed-jobs";
import { giftCardRoutes } from "./gift-cards";
import { packageRoutes } from "./packages";
import { promoCodeRoutes } from "./promo-codes";
import { paymentRoutes } from "./payments";
import { resourceRoutes } from "./resources";
import { servicesRoutes } from "./services";
import { staffRoutes } from "./staff";
import { memberRoutes } from "./members";
import { reportViewRoutes } from "./report-view";
import { resourceViewRoutes } from "./resource-view";
import { waitlistViewRoutes } from "./waitlist-view";
import { giftCardViewRoutes } from "./gift-card-view";
import { prepaidViewRoutes } from "./prepaid-view";
import { reportRoutes } from "./reports";
import { closureRoutes, staffOverrideRoutes } from "./schedule";
import { viewRoutes } from "./views";
import { waitlistRoutes } from "./waitlist";
import { webhookEndpointRoutes } from "./webhook-endpoints";

/** Mounted at /api: /businesses, /services, /staff, /bookings, /customers, /payments, /reports, /resources, /waitlist, /gift-cards, /promo-codes, /packages (members' tokens and API keys). */
export const ownerRoutes = openApiRouter<AppEnv>();
// Hono's `/x/*` also matches `/x` itself, so one registration per prefix (two would run the
// membership lookup twice: an extra round trip).
for (const prefix of [
  "/businesses",
  "/services",
  "/staff",
  "/bookings",
  "/customers",
  "/payments",
  "/reports",
  "/resources",
  "/waitlist",
  "/gift-cards",
  "/promo-codes",
  "/packages",
]) {
  ownerRoutes.use(`${prefix}/*`, requireOwner);
}
ownerRoutes.route("/businesses/me/webhooks", webhookEndpointRoutes);
ownerRoutes.route("/businesses/me/members", memberRoutes);
ownerRoutes.route("/businesses/me/api-keys", apiKeyRoutes);
ownerRoutes.route("/businesses/me/failed-jobs", failedJobsRoutes);
ownerRoutes.route("/businesses/me/closures", closureRoutes);
ownerRoutes.route("/businesses/me/views", viewRoutes);
ownerRoutes.route("/businesses/me/custom-domain", customDomainRoutes);
ownerRoutes.route("/businesses/me/views", reportViewRoutes);
ownerRoutes.route("/businesses/me/views", resourceViewRoutes);
ownerRoutes.route("/businesses/me/views", waitlistViewRoutes);
ownerRoutes.route("/businesses/me/views", giftCardViewRoutes);
ownerRoutes.route("/businesses/me/views", prepaidViewRoutes);
ownerRoutes.route("/payments", paymentRoutes);
ownerRoutes.route("/businesses", businessesRoutes);
ownerRoutes.route("/services", servicesRoutes);
ownerRoutes.route("/staff", staffOverrideRoutes);
ownerRoutes.route("/staff", staffRoutes);
ownerRoutes.route("/bookings", bookingPaymentRoutes);
ownerRoutes.route("/bookings", bookingsRoutes);
ownerRoutes.route("/customers", customersRoutes);
ownerRoutes.route("/reports", reportRoutes);
ownerRoutes.route("/resources", resourceRoutes);
ownerRoutes.route("/waitlist", waitlistRoutes);
ownerRoutes.route("/gift-cards", giftCardRoutes);
ownerRoutes.route("/promo-codes", promoCodeRoutes);
ownerRoutes.route("/packages", packageRoutes);
