import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { optionalCustomer } from "../../middleware/auth";
import { createBooking } from "../../services/bookings";
import { bookingCtx } from "../context";
import { bookingCustomerField, idField, localDateTimeField } from "../fields";
import { toCreatedBooking } from "./shapes";

const createBody = z.object({
  serviceId: idField("serviceId"),
  staffProfileId: idField("staffProfileId"),
  startDatetime: localDateTimeField("startDatetime"),
  customer: bookingCustomerField,
  source: z.enum(["online", "widget", "walk_in", "phone", "admin"]).default("online"),
});

/**
 * POST /api/public/:slug/bookings. A valid customer token links the booking to the account (and
 * is allowed when guest checkout is off); a missing or invalid token makes the caller a guest.
 */
export const createBookingRoute = new Hono<AppEnv>().post("/:slug/bookings", optionalCustomer, validate("json", createBody), async (c) => {
  const body = c.req.valid("json");
  const auth = c.var.auth;
  const created = await createBooking(
    bookingCtx(c),
    { kind: "public", slug: c.req.param("slug") },
    {
      serviceId: body.serviceId,
      staffProfileId: body.staffProfileId,
      start: body.startDatetime,
      customer: body.customer,
      source: body.source,
      customerAccountId: auth.kind === "customer" ? auth.customerId : null,
    },
  );
  return c.json({ data: toCreatedBooking(created) }, 201);
});
