import { z } from "@hono/zod-openapi";
import type { Quote as QuoteView } from "../../services/bookings/pricing";

const minor = (description: string) =>
  z
    .number()
    .int()
    .openapi({ description: `${description} (minor units)` });

/** issue #43: what a booking would cost before it is made (POST /api/public/:slug/quote). */
export const Quote = z
  .object({
    currency: z.string(),
    subtotal: minor("The services' listed prices summed"),
    promoDiscount: minor("What the promo code takes off"),
    total: minor("The price booked: subtotal less the promo code"),
    dueAtBooking: minor("What is paid when booking (deposit or full price; 0: everything is paid at the business)"),
    dueKind: z.enum(["deposit", "full"]).nullable().openapi({ description: "null when nothing is paid when booking" }),
    giftCardAmount: minor("What the gift card pays of the amount due"),
    cardAmount: minor("What the card pays when booking (the payment step's amount)"),
    promoNote: z.enum(["first_visit_only"]).nullable().openapi({
      description: "first_visit_only: the promo code is for a first visit and no customer e-mail was sent; the create checks it",
    }),
    items: z
      .array(z.object({ serviceId: z.string(), price: minor("Listed price"), promoDiscount: minor("What the promo code takes off") }))
      .optional()
      .openapi({ description: "Only when the request sent `items` (a visit): each service's price and discount" }),
  })
  .openapi("Quote");

export function toQuote(q: QuoteView, visit: boolean): z.infer<typeof Quote> {
  const { items, ...money } = q;
  return visit ? { ...money, items } : money;
}
