import { Hono } from "hono";
import { z } from "zod";
import { BOOKING_STATUSES } from "../../domain/booking-status";
import type { OwnerEnv } from "../../env";
import { ApiError } from "../../errors";
import { validate } from "../../lib/validate";
import type { OwnerAuth } from "../../auth-context";
import { requireRole } from "../../middleware/auth";
import { cancelBooking, createBooking, rescheduleBooking } from "../../services/bookings";
import { getBookingDetail } from "../../services/owner/booking-detail";
import { changeBookingStatus, listTenantBookings } from "../../services/owner/bookings";
import { bookingCtx } from "../context";
import { bookingCustomerField, emailField, idField, limitField, localDateTimeField } from "../fields";
import { toOwnerBooking, toOwnerBookingFullDetail } from "./booking-shapes";

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO-8601 instant, e.g. 2031-03-11T00:00:00Z` }).transform((s) => new Date(s));

const listQuery = z
  .object({
    from: instant("from").optional(),
    to: instant("to").optional(),
    status: z.enum(BOOKING_STATUSES).optional(),
    staffId: z.string().min(1).max(100).optional(),
    limit: limitField,
  })
  .strict();

/** Walk-ins and phone callers may have no e-mail (design.md §15): their record is keyed by phone, or anonymous. */
const EMAIL_OPTIONAL = new Set(["walk_in", "phone"]);

const createBody = z
  .object({
    serviceId: idField("serviceId"),
    staffProfileId: idField("staffProfileId"),
    startDatetime: localDateTimeField("startDatetime"),
    customer: bookingCustomerField.extend({
      email: z
        .union([z.literal(""), emailField])
        .nullish()
        .transform((v) => v || undefined),
    }),
    source: z.enum(["admin", "walk_in", "phone"]).default("admin"),
    /** A free time outside the offered slots: outside hours, inside notice, on 5-minute steps. */
    override: z.boolean({ error: "override must be true or false" }).default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.customer.email && !EMAIL_OPTIONAL.has(b.source)) {
      ctx.addIssue({
        code: "custom",
        path: ["customer", "email"],
        message: "E-mail is required (optional only for walk-in and phone bookings)",
      });
    }
  });

// chargeFee (design.md §21): marking a no-show charges the no-show fee to the card on file unless false.
const statusBody = z.object({ status: z.enum(BOOKING_STATUSES), chargeFee: z.boolean().optional() }).strict();
const cancelBody = z.object({ reason: z.string().max(500, "Reason must be at most 500 characters").nullish() }).strict();
const rescheduleBody = z
  .object({
    newStartDatetime: localDateTimeField("newStartDatetime"),
    staffProfileId: idField("staffProfileId").optional(),
    override: z.boolean({ error: "override must be true or false" }).default(false),
  })
  .strict();

/** The booking by id inside the caller's business; the caller is named in its history. */
const ref = (auth: OwnerAuth, bookingId: string) => ({ kind: "owner" as const, tenantId: auth.tenantId, bookingId, actor: auth.actor });
const writers = requireRole("owner", "admin");

/** /api/bookings: the tenant's bookings; writes go through the same services as the public API. */
export const bookingsRoutes = new Hono<OwnerEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    const rows = await listTenantBookings(bookingCtx(c), c.var.auth.tenantId, c.req.valid("query"));
    return c.json({ data: rows.map(toOwnerBooking) });
  })
  // Every role books at the front desk (design.md §15: walk-ins and `override` are owner/admin/staff).
  .post("/", validate("json", createBody), async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    const created = await createBooking(
      bookingCtx(c),
      { kind: "owner", tenantId: auth.tenantId, actor: auth.actor },
      {
        serviceId: body.serviceId,
        staffProfileId: body.staffProfileId,
        start: body.startDatetime,
        customer: body.customer,
        source: body.source,
        customerAccountId: null,
        override: body.override,
      },
    );
    // Everything the answer shows was just written: no read-back round trip.
    return c.json({ data: toOwnerBooking({ ...created, cancelReason: null, createdAt: c.var.now.toISOString() }) }, 201);
  })
  .get("/:id", async (c) => {
    const detail = await getBookingDetail(bookingCtx(c), { tenantId: c.var.auth.tenantId, bookingId: c.req.param("id") });
    return c.json({ data: toOwnerBookingFullDetail(detail) });
  })
  .patch("/:id/status", validate("json", statusBody), async (c) => {
    const auth = c.var.auth;
    // Staff may confirm, complete and mark no-shows; cancelling (which tells the customer) is for
    // owners and admins, whichever route asks for it.
    if (c.req.valid("json").status === "cancelled" && auth.role === "staff") {
      throw new ApiError("forbidden", "Your role in this business does not allow cancelling bookings");
    }
    const body = c.req.valid("json");
    const { booking, fee } = await changeBookingStatus(
      bookingCtx(c),
      { tenantId: auth.tenantId, bookingId: c.req.param("id"), actor: auth.actor },
      body.status,
      { chargeFee: body.chargeFee },
    );
    return c.json({ data: body.status === "no_show" ? { ...toOwnerBooking(booking), fee } : toOwnerBooking(booking) });
  })
  .post("/:id/cancel", writers, validate("json", cancelBody), async (c) => {
    const result = await cancelBooking(bookingCtx(c), ref(c.var.auth, c.req.param("id")), { reason: c.req.valid("json").reason });
    return c.json({
      data: { ...toOwnerBooking(result.booking), refund: result.refund, ...(result.alreadyCancelled ? { alreadyCancelled: true } : {}) },
    });
  })
  .post("/:id/reschedule", writers, validate("json", rescheduleBody), async (c) => {
    const body = c.req.valid("json");
    const view = await rescheduleBooking(bookingCtx(c), ref(c.var.auth, c.req.param("id")), {
      start: body.newStartDatetime,
      staffProfileId: body.staffProfileId,
      override: body.override,
    });
    return c.json({ data: toOwnerBooking(view) });
  });
