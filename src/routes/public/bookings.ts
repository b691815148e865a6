import { z } from "@hono/zod-openapi";
import type { GuestEnv } from "../../env";
import { optionalCustomer } from "../../middleware/auth";
import { createBooking } from "../../services/bookings";
import { bookingCustomerField, idField, localDateTimeField, slugParam } from "../fields";
import { createRoute, errors, jsonBody, ok, openApiRouter, security } from "../openapi";
import { CreatedBooking, toCreatedBooking } from "./booking-shapes";
import { BOOKING_SOURCES } from "../../domain/booking-status";
import { MAX_CAPTCHA_TOKEN } from "../../services/captcha";

const createBody = z.object({
  serviceId: idField("serviceId"),
  staffProfileId: idField("staffProfileId"),
  startDatetime: localDateTimeField("startDatetime").openapi({
    description: "Tenant-local wall time YYYY-MM-DDTHH:MM[:SS] (an offset after it is ignored)",
    example: "2031-03-11T10:00:00",
  }),
  customer: bookingCustomerField,
  source: z.enum(BOOKING_SOURCES).default("online"),
  // design.md §31: needed at a business with bot protection (GET .../checkout-config names the site key).
  captchaToken: z
    .string()
    .max(MAX_CAPTCHA_TOKEN, `At most ${MAX_CAPTCHA_TOKEN} characters`)
    .optional()
    .openapi({ description: "The Cloudflare Turnstile token, when the business has bot protection on" }),
});

const create = createRoute({
  method: "post",
  path: "/{slug}/bookings",
  tags: ["Public booking"],
  summary:
    "Books a free slot (confirmed; pending with `payment` at a business that takes payment). A customer token links the booking to the account",
  description:
    "409 slot_taken when the slot is gone (fetch availability again); 403 guest_disabled without a customer token where guest " +
    "checkout is off; 403 captcha_failed without a passing `captchaToken` where bot protection is on; 429 rate_limited when " +
    "the business already holds too many unpaid bookings for this e-mail, network or in all (Retry-After: until the oldest " +
    "of them ends); 502 payment_provider_error when the payment provider refuses (nothing is held).",
  security: security.optionalCustomer,
  middleware: [optionalCustomer],
  request: { params: slugParam, body: jsonBody(createBody) },
  responses: { 201: ok(CreatedBooking, "Created"), ...errors(400, 403, 404, 409, 429, 502) },
});

/**
 * POST /api/public/:slug/bookings. A valid customer token links the booking to the account (and
 * is allowed when guest checkout is off); a missing or invalid token makes the caller a guest.
 */
export const createBookingRoute = openApiRouter<GuestEnv>().openapi(create, async (c) => {
  const body = c.req.valid("json");
  const auth = c.var.auth;
  const created = await createBooking(
    c.var.services,
    { kind: "public", slug: c.req.valid("param").slug },
    {
      serviceId: body.serviceId,
      staffProfileId: body.staffProfileId,
      start: body.startDatetime,
      customer: body.customer,
      source: body.source,
      customerAccountId: auth.kind === "customer" ? auth.customerId : null,
      captchaToken: body.captchaToken,
      clientIp: c.req.header("CF-Connecting-IP"),
    },
  );
  return c.json({ data: toCreatedBooking(created) }, 201);
});
