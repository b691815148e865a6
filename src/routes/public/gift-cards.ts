import { z } from "@hono/zod-openapi";
import type { GuestEnv } from "../../env";
import { optionalCustomer } from "../../middleware/auth";
import { giftCardBalance } from "../../services/prepaid/gift-card-balance";
import { purchaseGiftCard } from "../../services/prepaid/gift-card-purchase";
import { GIFT_MESSAGE_MAX } from "../../shared/gift-cards";
import { captchaTokenField, emailField, localeField, slugParam } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { GiftCardBalance, GiftCardPurchased, toGiftCardBalance, toGiftCardPurchased } from "./gift-card-shapes";

const name = (what: string) => z.string().trim().min(1, `${what} is required`).max(200, "At most 200 characters");
const person = (what: string) => z.object({ name: name(`The ${what}'s name`), email: emailField }).strict();

const purchaseBody = z
  .object({
    amount: z.number().int("Use whole minor units (cents)").min(1, "Choose an amount").max(100_000_000, "That amount is too large"),
    buyer: person("buyer"),
    recipient: person("recipient"),
    message: z.string().trim().max(GIFT_MESSAGE_MAX, `At most ${GIFT_MESSAGE_MAX} characters`).optional(),
    deliveryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date YYYY-MM-DD")
      .optional()
      .openapi({ description: "Business-local date the recipient's e-mail goes out (today ... +90 days); today when omitted" }),
    captchaToken: captchaTokenField,
    locale: localeField
      .optional()
      .openapi({ description: "The purchase page's language: the card's e-mails use it (default: the business's locale)" }),
  })
  .strict();

const tags = ["Public gift cards"];

const route = routeGroup({ tags, security: security.optionalCustomer });
const purchase = route.post(
  "/{slug}/gift-cards",
  "Buys a gift card (design.md §32): pending until Stripe confirms the payment, which issues the code",
  {
    description:
      "404 not_found when the business does not sell gift cards; 400 invalid_request on amount (outside the business's range) or " +
      "deliveryDate; 403 captcha_failed where bot protection is on; 502 payment_provider_error when Stripe refuses (nothing is written).",
    middleware: [optionalCustomer],
    params: slugParam,
    body: purchaseBody,
    created: GiftCardPurchased,
    errors: [400, 403, 404, 429, 502],
  },
);

const balance = route.get(
  "/{slug}/gift-cards/{code}",
  "A gift card's balance by its code (read case-insensitively, spaces and dashes ignored)",
  {
    description: "An unknown code is 404 not_found and counts toward the failed-lookup budget of design.md §18 (10 an hour, then 429).",
    security: security.none,
    params: slugParam.extend({ code: z.string().openapi({ example: "GC-7K3M-Q9XZ" }) }),
    ok: GiftCardBalance,
    errors: [404, 429, 503],
  },
);

export const giftCardPublicRoutes = openApiRouter<GuestEnv>()
  .openapi(purchase, async (c) => {
    const body = c.req.valid("json");
    const auth = c.var.auth;
    const bought = await purchaseGiftCard(c.var.services, c.req.valid("param").slug, {
      ...body,
      clientIp: c.req.header("CF-Connecting-IP"),
      customerAccountId: auth.kind === "customer" ? auth.customerId : undefined,
    });
    return c.json({ data: toGiftCardPurchased(bought) }, 201);
  })
  .openapi(balance, async (c) => {
    const { slug, code } = c.req.valid("param");
    return c.json({ data: toGiftCardBalance(await giftCardBalance(c.var.services, slug, code)) }, 200);
  });
