import { z } from "@hono/zod-openapi";
import type { GuestEnv } from "../../env";
import { optionalCustomer } from "../../middleware/auth";
import { quoteBooking } from "../../services/bookings/quote";
import { emailField, idField, localDateTimeField, slugParam } from "../fields";
import { visitItemsField } from "../fields-visit";
import { openApiRouter, routeGroup, security } from "../openapi";
import { Quote, toQuote } from "./quote-shapes";

const code = z.string().max(40, "At most 40 characters");

const quoteBody = z
  .object({
    serviceId: idField("serviceId").optional().openapi({ description: "Required unless `items` is sent" }),
    staffProfileId: idField("staffProfileId").optional(),
    items: visitItemsField.optional().openapi({ description: "design.md §26: a visit's services in order, instead of serviceId" }),
    startDatetime: localDateTimeField("startDatetime").optional().openapi({
      description: "The chosen start (not needed for the price: a promo code's validity is the day of booking)",
    }),
    promoCode: code.optional().openapi({ example: "SPRING10" }),
    giftCardCode: code.optional().openapi({ example: "GC-7K3M-Q9XZ" }),
    customer: z
      .object({ email: emailField })
      .strict()
      .optional()
      .openapi({ description: "Judges a first-visit-only promo code as the create will (without it: promoNote)" }),
  })
  .strict()
  .superRefine((b, ctx) => {
    // One service or a visit, as the create's body.
    if (b.items && b.serviceId) ctx.addIssue({ code: "custom", path: ["serviceId"], message: "Send either serviceId, or items" });
    if (b.items && b.staffProfileId) ctx.addIssue({ code: "custom", path: ["staffProfileId"], message: "Send either serviceId, or items" });
    if (!b.items && !b.serviceId) ctx.addIssue({ code: "custom", path: ["serviceId"], message: "serviceId is required" });
  });

const route = routeGroup({ tags: ["Public booking"], security: security.optionalCustomer });
const quote = route.post(
  "/{slug}/quote",
  "What a booking would cost with a promo code and a gift card, before it is made; nothing is written",
  {
    description:
      "The same pricing as the create (design.md §21, §32): the promo code lowers the price before the amount due is worked out, the " +
      "gift card takes that amount first. 400 invalid_request with fieldErrors.promoCode / giftCardCode saying why a code does not " +
      "apply, as the create says it; an unknown code counts toward the failed-lookup budget of design.md §18 (10 an hour, then 429).",
    middleware: [optionalCustomer],
    params: slugParam,
    body: quoteBody,
    ok: Quote,
    errors: [400, 404, 429, 502, 503],
  },
);

/** POST /api/public/:slug/quote (issue #43). A customer token judges a first-visit promo code by the account too. */
export const quoteRoute = openApiRouter<GuestEnv>().openapi(quote, async (c) => {
  const body = c.req.valid("json");
  const auth = c.var.auth;
  const quoted = await quoteBooking(c.var.services, c.req.valid("param").slug, {
    serviceIds: body.items ? body.items.map((i) => i.serviceId) : [body.serviceId as string],
    promoCode: body.promoCode,
    giftCardCode: body.giftCardCode,
    email: body.customer?.email,
    customerAccountId: auth.kind === "customer" ? auth.customerId : null,
  });
  return c.json({ data: toQuote(quoted, body.items !== undefined) }, 200);
});
