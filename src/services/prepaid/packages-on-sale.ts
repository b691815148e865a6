import type { Config } from "../../config";
import { stripeMinimum } from "../../domain/payments";
import type { PagePackage } from "../pages/booking-page";

/**
 * The packages the /packages page lists and the booking page links to (design.md §32), asked the
 * same way as GET /api/public/:slug/packages: none while the business cannot take charges online,
 * and a package priced below Stripe's minimum charge is sold at the counter only.
 */
export function packagesOnSaleOf(
  config: Pick<Config, "STRIPE_SECRET_KEY">,
  tenant: { stripeAccountId: string | null; stripeChargesEnabled: boolean },
  packages: PagePackage[],
): PagePackage[] {
  const sells = Boolean(tenant.stripeAccountId) && tenant.stripeChargesEnabled && Boolean(config.STRIPE_SECRET_KEY);
  return sells ? packages.filter((p) => p.price >= stripeMinimum(p.currency)) : [];
}
