import { Hono } from "hono";
import { z } from "zod";
import { instantToLocalString } from "../../domain/time";
import type { CustomerEnv } from "../../env";
import { validate } from "../../lib/validate";
import { limitField } from "../fields";
import { type CustomerBookingRow, listCustomerBookings } from "../../services/auth/customer-profile";

const query = z.object({ limit: limitField });

/** A booking as its customer sees it: times are the business's wall clock, named by `timezone`. */
export function toCustomerBooking(b: CustomerBookingRow) {
  return {
    id: b.id,
    tenantId: b.tenantId,
    businessSlug: b.businessSlug,
    businessName: b.businessName,
    serviceName: b.serviceName,
    staffName: b.staffName,
    status: b.status,
    confirmationCode: b.confirmationCode,
    startDatetime: instantToLocalString(b.timezone, b.startAt),
    endDatetime: instantToLocalString(b.timezone, b.endAt),
    timezone: b.timezone,
    totalAmount: b.totalAmount,
    currency: b.currency,
    createdAt: b.createdAt,
  };
}

/** GET /api/me/bookings: every booking linked to the account, across businesses, newest first. */
export const bookingRoutes = new Hono<CustomerEnv>().get("/bookings", validate("query", query), async (c) => {
  const rows = await listCustomerBookings(c.var.db, c.var.auth.customerId, c.req.valid("query").limit);
  return c.json({ data: rows.map(toCustomerBooking) });
});
