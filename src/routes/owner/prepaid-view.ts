import { z } from "@hono/zod-openapi";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { packagesView, promoCodesView } from "../../services/owner/views/prepaid";
import { openApiRouter } from "../openapi";
import { SoldPackage, toSoldPackage } from "./credit-shapes";
import { OwnerPackage, toOwnerPackage } from "./packages";
import { OwnerPromoCode, toOwnerPromoCode } from "./promo-codes";
import { answer, view, viewRoute } from "./view-context";

/**
 * GET /api/businesses/me/views/packages and /promo-codes: the Packages and Promo codes pages
 * (`/app/packages`, `/app/promo-codes`, design.md §32) in ONE call each like every page view (§15).
 * Owners and admins, like the packages and promo-code APIs (prices are the business's money).
 */

const ServiceName = z.object({ id: z.string(), name: z.string(), isActive: z.boolean() }).openapi("ServiceName");

const PackagesView = view("PackagesView", {
  onlineSales: z.boolean().openapi({ description: "The business can take payments online: its packages are sold on the booking page" }),
  packages: z.array(
    OwnerPackage.extend({
      onSale: z.boolean().openapi({ description: "Sold on the booking page now (otherwise issued at the counter only)" }),
    }),
  ),
  sold: z.array(SoldPackage).openapi({ description: "The 100 most recent packages sold or issued, newest first" }),
  services: z.array(ServiceName).openapi({ description: "The services a package may name" }),
});

const PromoCodesView = view("PromoCodesView", {
  codes: z.array(OwnerPromoCode).openapi({ description: "Live codes with their uses, newest first" }),
  services: z.array(ServiceName).openapi({ description: "The services a code may be limited to" }),
});

const writers = requireRole("owner", "admin");

const packages = viewRoute({
  path: "/packages",
  summary: "The Packages page: packages offered (and whether on sale online), packages sold with their credits, the services",
  data: PackagesView,
  middleware: [writers],
});
const promoCodes = viewRoute({
  path: "/promo-codes",
  summary: "The Promo codes page: the live codes with their uses, and the services",
  data: PromoCodesView,
  middleware: [writers],
});

export const prepaidViewRoutes = openApiRouter<OwnerEnv>()
  .openapi(packages, async (c) => {
    const s = c.var.services;
    const v = await packagesView({ db: s.db, now: s.now, config: s.config, tenantId: c.var.auth.tenantId });
    return c.json(
      {
        data: answer(c, v.business, {
          onlineSales: v.onlineSales,
          packages: v.packages.map((p) => ({ ...toOwnerPackage(p), onSale: p.onSale })),
          sold: v.sold.map(toSoldPackage),
          services: v.services,
        }),
      },
      200,
    );
  })
  .openapi(promoCodes, async (c) => {
    const s = c.var.services;
    const v = await promoCodesView({ db: s.db, now: s.now, tenantId: c.var.auth.tenantId });
    return c.json({ data: answer(c, v.business, { codes: v.codes.map(toOwnerPromoCode), services: v.services }) }, 200);
  });
