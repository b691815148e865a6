import { z } from "@hono/zod-openapi";
import type { GuestEnv } from "../../env";
import { optionalCustomer } from "../../middleware/auth";
import { createBooking } from "../../services/bookings";
import { createVisit } from "../../services/visits/create";
import { bookingCustomerField, captchaTokenField, localDateTimeField, localeField, slugParam } from "../fields";
import { bookedServiceFields, oneServiceOrItems } from "../fields-visit";
import { openApiRouter, routeGroup, security } from "../openapi";
import { CreatedBooking, toCreatedBooking } from "./booking-shapes";
import { CreatedVisit, toCreatedVisit } from "./visit-shapes";
import { BOOKING_SOURCES } from "../../domain/booking-status";

const createBody = z
  .object({
    ...bookedServiceFields,
    startDatetime: localDateTimeField("startDatetime").openapi({
      description: "Tenant-local wall time YYYY-MM-DDTHH:MM[:SS] (an offset after it is ignored); a visit's first service starts then",
      example: "2031-03-11T10:00:00",
    }),
    customer: bookingCustomerField,
    source: z.enum(BOOKING_SOURCES).default("online"),
    // design.md §30: the language the booking is made in (the booking page sends its own); absent = the business's.
    locale: localeField.optional(),
    // design.md §31: needed at a business with bot protection (GET .../checkout-config names the site key).
    captchaToken: captchaTokenField,
    giftCardCode: z
      .string()
      .max(40, "At most 40 characters")
      .optional()
      .openapi({
        description:
          "design.md §32: a gift card (GC-XXXX-XXXX) paying the amount due first; the rest is paid by card. Unknown, expired, void or " +
          "empty: 400 invalid_request with fieldErrors.giftCardCode saying which, nothing held",
        example: "GC-7K3M-Q9XZ",
      }),
    promoCode: z
      .string()
      .max(40, "At most 40 characters")
      .optional()
      .openapi({
        description:
          "design.md §32: a promo code (case-insensitive) lowering the price before the amount due is computed. Unknown, not yet " +
          "valid, expired, used up, for other services or for a first visit only: 400 invalid_request with fieldErrors.promoCode " +
          "saying which, nothing held. On a visit it lowers the items it covers and counts one use",
        example: "SPRING10",
      }),
    packageCode: z
      .string()
      .max(40, "At most 40 characters")
      .optional()
      .openapi({
        description:
          "design.md §32: a package (PK-XXXX-XXXX) paying this session with one of its credits; nothing is charged. On a visit, every item " +
          "it covers takes a credit and the other items are paid as usual",
        example: "PK-7K3M-Q9XZ",
      }),
    usePackage: z
      .boolean()
      .optional()
      .openapi({
        description:
          "design.md §32: spend a credit of a package the signed-in customer account holds for this service; without one, " +
          "400 fieldErrors.usePackage",
      }),
  })
  .superRefine(oneServiceOrItems, { when: () => true });

const route = routeGroup({ tags: ["Public booking"], security: security.optionalCustomer });
const create = route.post(
  "/{slug}/bookings",
  "Books a free slot (confirmed; pending with `payment` at a business that takes payment). A customer token links the booking to the account",
  {
    description:
      "409 slot_taken when the slot is gone (fetch availability again); 403 guest_disabled without a customer token where guest " +
      "checkout is off; 403 captcha_failed without a passing `captchaToken` where bot protection is on; 403 booking_restricted " +
      "when the business's reliability policy (design.md §28) asks this customer to contact it instead; 429 rate_limited when " +
      "the business already holds too many unpaid bookings for this e-mail, network or in all (Retry-After: until the oldest " +
      "of them ends); 502 payment_provider_error when the payment provider refuses (nothing is held). With `items` (design.md " +
      "§26) the services are booked back to back as one visit, all or none; the answer's `id` is the visit's and it adds `items`.",
    middleware: [optionalCustomer],
    params: slugParam,
    body: createBody,
    created: z.union([CreatedVisit, CreatedBooking]),
    errors: [400, 403, 404, 409, 429, 502],
  },
);

/**
 * POST /api/public/:slug/bookings. A valid customer token links the booking to the account (and
 * is allowed when guest checkout is off); a missing or invalid token makes the caller a guest.
 */
export const createBookingRoute = openApiRouter<GuestEnv>().openapi(create, async (c) => {
  const body = c.req.valid("json");
  const auth = c.var.auth;
  const scope = { kind: "public" as const, slug: c.req.valid("param").slug };
  const customerAccountId = auth.kind === "customer" ? auth.customerId : null;
  // What a booking and a visit take alike: the customer, who asks and how, and the codes that pay.
  const common = {
    start: body.startDatetime,
    customer: body.customer,
    source: body.source,
    customerAccountId,
    captchaToken: body.captchaToken,
    clientIp: c.req.header("CF-Connecting-IP"),
    locale: body.locale,
    giftCardCode: body.giftCardCode,
    promoCode: body.promoCode,
    packageCode: body.packageCode,
    usePackage: body.usePackage,
  };
  if (body.items) {
    // design.md §26: a visit; only a request that sent `items` gets `items` back.
    const visit = await createVisit(c.var.services, scope, { ...common, items: body.items });
    return c.json({ data: toCreatedVisit(visit) }, 201);
  }
  const created = await createBooking(c.var.services, scope, {
    ...common,
    serviceId: body.serviceId as string,
    staffProfileId: body.staffProfileId as string,
  });
  return c.json({ data: toCreatedBooking(created) }, 201);
});
