import { z } from "@hono/zod-openapi";
import type { GuestEnv } from "../../env";
import { optionalCustomer } from "../../middleware/auth";
import { type PackageOnSale, type PackagePurchase, packagesOnSale, purchasePackage } from "../../services/prepaid/package-purchase";
import { captchaTokenField, emailField, idField, localeField, slugParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { SalePaymentShape } from "./gift-card-shapes";

/** design.md §32: a package of sessions bought online, paid like a gift card. */

const purchaseBody = z
  .object({
    packageId: idField("packageId"),
    buyer: z
      .object({
        name: z.string().trim().min(1, "Your name is required").max(200, "At most 200 characters"),
        email: emailField,
      })
      .strict(),
    captchaToken: captchaTokenField,
    locale: localeField
      .optional()
      .openapi({ description: "The purchase page's language: the e-mail with the code uses it (default: the business's locale)" }),
  })
  .strict();

const PackagePurchased = z
  .object({
    id: z.string().openapi({ description: "The package sold (its code is e-mailed to the buyer once Stripe confirms the payment)" }),
    status: z.literal("pending"),
    payment: SalePaymentShape,
  })
  .openapi("PackagePurchased");

export const toPackagePurchased = (p: PackagePurchase): z.infer<typeof PackagePurchased> => ({
  id: p.id,
  status: p.status,
  payment: { ...p.payment },
});

const PublicPackage = z
  .object({
    id: z.string(),
    name: z.string(),
    serviceIds: z.array(z.string()).openapi({ description: "The services one session pays for" }),
    sessions: z.number().int(),
    price: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    validityDays: z.number().int().openapi({ description: "Days the sessions can be used after the purchase" }),
  })
  .openapi("PublicPackage");

const toPublicPackage = (p: PackageOnSale): z.infer<typeof PublicPackage> => ({
  id: p.id,
  name: p.name,
  serviceIds: p.serviceIds,
  sessions: p.sessions,
  price: p.price,
  currency: p.currency,
  validityDays: p.validityDays,
});

const route = routeGroup({ tags: ["Public packages"], security: security.none });
const onSale = route.get(
  "/{slug}/packages",
  "The packages of sessions the business sells online (empty while it cannot take payments online)",
  { params: slugParam, ok: z.array(PublicPackage), errors: [404, 429, 503] },
);

const purchase = route.post(
  "/{slug}/packages",
  "Buys a package of sessions (design.md §32): pending until Stripe confirms the payment, which issues its code and credits",
  {
    description:
      "404 not_found for an unknown or deleted package, or a business that cannot take payments online; 400 invalid_request " +
      "(fieldErrors.packageId) for a package priced below Stripe's minimum charge; 403 captcha_failed where bot protection is on; " +
      "502 payment_provider_error when Stripe refuses (nothing is written). A signed-in customer's account holds the package.",
    security: security.optionalCustomer,
    middleware: [optionalCustomer],
    params: slugParam,
    body: purchaseBody,
    created: PackagePurchased,
    errors: [400, 403, 404, 429, 502],
  },
);

export const packagePublicRoutes = openApiRouter<GuestEnv>()
  .openapi(onSale, async (c) => {
    const offers = await packagesOnSale(c.var.services, c.req.valid("param").slug);
    return c.json({ data: offers.map(toPublicPackage) }, 200);
  })
  .openapi(purchase, async (c) => {
    const auth = c.var.auth;
    const bought = await purchasePackage(c.var.services, c.req.valid("param").slug, {
      ...c.req.valid("json"),
      clientIp: c.req.header("CF-Connecting-IP"),
      customerAccountId: auth.kind === "customer" ? auth.customerId : undefined,
    });
    return c.json({ data: toPackagePurchased(bought) }, 201);
  });
