import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validate";
import { cancelBooking, rescheduleBooking } from "../../services/bookings";
import { lookupWithPayment, resumePayment } from "../../services/payments/public-payment";
import { bookingCtx } from "../context";
import { idField, localDateTimeField, optionalText } from "../fields";
import { toBookingLookup, toCancelResult } from "./shapes";

const rescheduleBody = z.object({
  newStartDatetime: localDateTimeField("newStartDatetime"),
  staffProfileId: idField("staffProfileId").nullish(),
});

const cancelBody = z.object({ reason: optionalText(500, "Reason") });

/** Anyone holding the confirmation code (case-insensitive) can read, move and cancel the booking. */
export const bookingByCodeRoutes = new Hono<AppEnv>()
  .get("/booking/:code", async (c) => {
    const { booking, payment } = await lookupWithPayment(c.var.db, c.req.param("code"));
    return c.json({ data: toBookingLookup(booking, payment) });
  })
  // design.md §21: the payment step again while the hold lasts (a reloaded page finishes paying).
  .get("/booking/:code/payment", async (c) => {
    return c.json({ data: await resumePayment(c.var.db, c.var.config, c.req.param("code"), c.var.now) });
  })
  .post("/booking/:code/reschedule", validate("json", rescheduleBody), async (c) => {
    const body = c.req.valid("json");
    const booking = await rescheduleBooking(
      bookingCtx(c),
      { kind: "public", code: c.req.param("code") },
      {
        start: body.newStartDatetime,
        staffProfileId: body.staffProfileId ?? undefined,
      },
    );
    return c.json({ data: toBookingLookup(booking) });
  })
  .post("/booking/:code/cancel", validate("json", cancelBody), async (c) => {
    const result = await cancelBooking(
      bookingCtx(c),
      { kind: "public", code: c.req.param("code") },
      { reason: c.req.valid("json").reason },
    );
    return c.json({ data: toCancelResult(result) });
  });
