import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ApiError } from "../../errors";
import { checkoutConfig } from "../../services/captcha";
import { openApiRouter, routeGroup, security } from "../openapi";
import { slugParam } from "../fields";

export const CheckoutConfig = z
  .object({
    turnstileSiteKey: z
      .string()
      .nullable()
      .openapi({ description: "Render Cloudflare Turnstile with it and send its token as `captchaToken`; null when not needed" }),
    stripePublishableKey: z.string().nullable().openapi({ description: "Stripe.js's key when the business takes card payments" }),
  })
  .openapi("CheckoutConfig");

const route = routeGroup({ tags: ["Public booking"], security: security.none });
const config = route.get(
  "/{slug}/checkout-config",
  "What a client needs before booking: the Turnstile site key (bot protection) and Stripe's publishable key",
  { params: slugParam, ok: CheckoutConfig, errors: [404, 429] },
);

/** GET /api/public/:slug/checkout-config (design.md §31); never cached, a setting may change at any time. */
export const checkoutConfigRoute = openApiRouter<AppEnv>().openapi(config, async (c) => {
  const data = await checkoutConfig(c.var.services.db, c.var.services.config, c.req.valid("param").slug);
  if (!data) throw ApiError.notFound("Business");
  return c.json({ data }, 200);
});
