import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { cancelBooking, rescheduleBooking } from "../../services/bookings";
import { lookupWithPayment, resumePayment } from "../../services/payments/public-payment";
import { idField, localDateTimeField, optionalText } from "../fields";
import { visitMoveItemsField } from "../fields-visit";
import { openApiRouter, routeGroup, security } from "../openapi";
import { BookingLookup, CancelledBooking, PaymentStep, toBookingLookup, toCancelResult, toPaymentStep } from "./booking-shapes";

const rescheduleBody = z.object({
  newStartDatetime: localDateTimeField("newStartDatetime").openapi({
    description: "Tenant-local wall time YYYY-MM-DDTHH:MM[:SS]",
    example: "2031-03-12T14:30:00",
  }),
  staffProfileId: idField("staffProfileId")
    .nullish()
    .openapi({ description: "Defaults to the booking's staff member; for a visit, the staff member of its first service" }),
  items: visitMoveItemsField.optional().openapi({
    description: "design.md §26, a visit only: the staff member of each of its services, in order (absent: each keeps its own)",
  }),
});

const cancelBody = z.object({ reason: optionalText(500, "Reason").openapi({ description: "Stored on the booking" }) });

/** `{ code }`: the full confirmation code with its prefix, any case; an unknown or malformed one is 404. */
const codeParam = z.object({ code: z.string().openapi({ description: "The confirmation code", example: "BK-7Q2M4X" }) });

const tags = ["Public booking"];

const route = routeGroup({ tags, security: security.none });
const lookup = route.get("/booking/{code}", "The booking of a confirmation code (anyone holding the code can read it)", {
  params: codeParam,
  ok: BookingLookup,
  errors: [404, 429],
});
const payment = route.get(
  "/booking/{code}/payment",
  "The payment step again while the hold lasts (a reloaded page finishes paying); 409 payment_expired after it",
  { params: codeParam, ok: PaymentStep, errors: [404, 409, 429] },
);
const reschedule = route.post(
  "/booking/{code}/reschedule",
  "Moves the booking to another free slot (optionally another staff member); the payment stays with it. A visit moves as a whole",
  { params: codeParam, body: rescheduleBody, ok: BookingLookup, errors: [400, 404, 409, 429] },
);
const cancel = route.post(
  "/booking/{code}/cancel",
  "Cancels the booking (idempotent: again answers alreadyCancelled); `refund` says what the policy gives back",
  { params: codeParam, body: cancelBody, ok: CancelledBooking, errors: [400, 404, 409, 429] },
);

/** Anyone holding the confirmation code (case-insensitive) can read, move and cancel the booking. */
export const bookingByCodeRoutes = openApiRouter<AppEnv>()
  .openapi(lookup, async (c) => {
    const { booking, payment } = await lookupWithPayment(c.var.services.db, c.req.valid("param").code);
    return c.json({ data: toBookingLookup(booking, payment) }, 200);
  })
  // design.md §21: the payment step again while the hold lasts (a reloaded page finishes paying).
  .openapi(payment, async (c) => {
    const step = await resumePayment(c.var.services.db, c.var.services.config, c.req.valid("param").code, c.var.services.now);
    return c.json({ data: toPaymentStep(step) }, 200);
  })
  .openapi(reschedule, async (c) => {
    const body = c.req.valid("json");
    const booking = await rescheduleBooking(
      c.var.services,
      { kind: "public", code: c.req.valid("param").code },
      {
        start: body.newStartDatetime,
        staffProfileId: body.staffProfileId ?? undefined,
        items: body.items,
      },
    );
    return c.json({ data: toBookingLookup(booking) }, 200);
  })
  .openapi(cancel, async (c) => {
    const result = await cancelBooking(
      c.var.services,
      { kind: "public", code: c.req.valid("param").code },
      { reason: c.req.valid("json").reason },
    );
    return c.json({ data: toCancelResult(result) }, 200);
  });
