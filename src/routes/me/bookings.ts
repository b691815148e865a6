import { z } from "@hono/zod-openapi";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import { instantToLocalString } from "../../domain/time";
import type { CustomerEnv } from "../../env";
import { type CustomerBookingRow, listCustomerBookings } from "../../services/auth/customer-profile";
import { limitField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";

const query = z.object({ limit: limitField });

/** A booking's code, times (the business's wall clock, named by `timezone`) and price, as its customer sees them. */
export const customerBookingTermsFields = {
  confirmationCode: z.string(),
  startDatetime: z.string().openapi({ description: "The business's wall clock, YYYY-MM-DDTHH:MM:SS" }),
  endDatetime: z.string(),
  timezone: z.string(),
  totalAmount: z.number().int(),
  currency: z.string(),
};

export const CustomerBooking = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    businessSlug: z.string(),
    businessName: z.string(),
    serviceName: z.string(),
    staffName: z.string(),
    status: z.string().openapi({ enum: [...BOOKING_STATUSES] }),
    ...customerBookingTermsFields,
    createdAt: z.string(),
  })
  .openapi("CustomerBooking");

/** A booking as its customer sees it: times are the business's wall clock, named by `timezone`. */
export function toCustomerBooking(b: CustomerBookingRow): z.infer<typeof CustomerBooking> {
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

const route = routeGroup({ tags: ["Customer"], security: security.customer });
const list = route.get("/bookings", "Every booking linked to the account, across businesses, newest first", {
  query,
  ok: z.array(CustomerBooking),
  errors: [400, 401, 429],
});

/** GET /api/me/bookings: every booking linked to the account, across businesses, newest first. */
export const bookingRoutes = openApiRouter<CustomerEnv>().openapi(list, async (c) => {
  const rows = await listCustomerBookings(c.var.services.db, c.var.auth.customerId, c.req.valid("query").limit);
  return c.json({ data: rows.map(toCustomerBooking) }, 200);
});
