import { z } from "@hono/zod-openapi";
import { smsConfig } from "../../config";
import { BOOKING_STATUSES, EMAIL_OPTIONAL_SOURCES, FRONT_DESK_SOURCES, type FrontDeskSource } from "../../shared/booking-values";
import type { OwnerEnv } from "../../env";
import { type OwnerAuth, seesConfirmationCodes } from "../../auth-context";
import { requireRole } from "../../middleware/auth";
import { cancelBooking, createBooking, rescheduleBooking } from "../../services/bookings";
import { getBookingDetail } from "../../services/owner/booking-detail";
import { changeBookingStatus, listTenantBookings } from "../../services/owner/bookings";
import { bookingCustomerField, emailField, idField, limitField, localDateTimeField, lookupIdParam } from "../fields";
import { bookedServiceFields, oneServiceOrItems } from "../fields-visit";
import { openApiRouter, routeGroup, security } from "../openapi";
import { createVisit } from "../../services/visits/create";
import {
  OwnerBooking,
  OwnerBookingFullDetail,
  OwnerCreatedVisit,
  toOwnerBooking,
  toOwnerBookingFullDetail,
  toOwnerCreatedVisit,
} from "./booking-shapes";

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO-8601 instant, e.g. 2031-03-11T00:00:00Z` }).transform((s) => new Date(s));

const listQuery = z
  .object({
    from: instant("from").optional(),
    to: instant("to").optional(),
    status: z.enum(BOOKING_STATUSES).optional(),
    staffId: idField("staffId").optional(),
    limit: limitField,
  })
  .strict();

/** Walk-ins and phone callers may have no e-mail (design.md §15): their record is keyed by phone, or anonymous. */
const EMAIL_OPTIONAL: ReadonlySet<FrontDeskSource> = new Set(EMAIL_OPTIONAL_SOURCES);

const createBody = z
  .object({
    ...bookedServiceFields,
    startDatetime: localDateTimeField("startDatetime"),
    customer: bookingCustomerField.extend({
      email: z
        .union([z.literal(""), emailField])
        .nullish()
        .transform((v) => v || undefined),
    }),
    source: z.enum(FRONT_DESK_SOURCES).default("admin"),
    /** A free time outside the offered slots: outside hours, inside notice, on 5-minute steps. */
    override: z.boolean({ error: "override must be true or false" }).default(false),
  })
  .superRefine(oneServiceOrItems, { when: () => true })
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

const tags = ["Bookings"];

const NoShowFee = z
  .object({
    paymentId: z.string(),
    kind: z.literal("no_show_fee"),
    amount: z.number().int(),
    currency: z.string(),
    status: z.literal("pending"),
  })
  .nullable()
  .openapi({ description: "Only when the new status is no_show: the fee queued for the card on file; null when none is charged" });

const ChangedStatus = OwnerBooking.extend({ fee: NoShowFee.optional() }).openapi("OwnerBookingStatusChanged");

const CancelledOwnerBooking = OwnerBooking.extend({
  refund: z
    .object({ amount: z.number().int(), currency: z.string(), status: z.literal("pending") })
    .nullable()
    .openapi({ description: "What the cancellation gives back (queued); null when nothing" }),
  alreadyCancelled: z.literal(true).optional().openapi({ description: "Present when the booking was already cancelled" }),
}).openapi("OwnerCancelledBooking");

const route = routeGroup({ tags, security: security.owner });
const list = route.get("/", "The business's bookings by start time, filtered by range, status and staff member", {
  query: listQuery,
  ok: z.array(OwnerBooking),
  errors: [400, 401, 403],
});
const create = route.post(
  "/",
  "A booking made by the business (front desk, walk-in, phone); `override` books a free time outside the offered slots",
  {
    description:
      "Every role may book. The e-mail is optional only for `walk_in` and `phone` bookings. With `items` (design.md §26) the " +
      "services are booked back to back as one visit, all or none (409 slot_taken), and the answer is the visit with its items.",
    body: createBody,
    created: z.union([OwnerCreatedVisit, OwnerBooking]),
    errors: [400, 401, 403, 404, 409],
  },
);
const one = route.get("/{id}", "One booking with its customer, service, staff member, payments and history", {
  params: lookupIdParam,
  ok: OwnerBookingFullDetail,
  errors: [401, 403, 404],
});
const status = route.patch(
  "/{id}/status",
  "Confirms, completes, cancels or marks a no-show; `chargeFee: false` marks a no-show without charging",
  {
    description: "Staff may not cancel (owner/admin only).",
    params: lookupIdParam,
    body: statusBody,
    ok: ChangedStatus,
    errors: [400, 401, 403, 404, 409],
  },
);
const cancel = route.post("/{id}/cancel", "Cancels the booking and tells the customer; refunds what the rules give back (owner/admin)", {
  middleware: [writers],
  params: lookupIdParam,
  body: cancelBody,
  ok: CancelledOwnerBooking,
  errors: [400, 401, 403, 404, 409],
});
const reschedule = route.post(
  "/{id}/reschedule",
  "Moves the booking to a new local start time, optionally to another staff member (owner/admin)",
  { middleware: [writers], params: lookupIdParam, body: rescheduleBody, ok: OwnerBooking, errors: [400, 401, 403, 404, 409] },
);

/** /api/bookings: the tenant's bookings; writes go through the same services as the public API. */
export const bookingsRoutes = openApiRouter<OwnerEnv>()
  .openapi(list, async (c) => {
    const rows = await listTenantBookings(c.var.services, c.var.auth.tenantId, c.req.valid("query"));
    const codes = seesConfirmationCodes(c.var.auth);
    return c.json({ data: rows.map((b) => toOwnerBooking(b, codes)) }, 200);
  })
  // Every role books at the front desk (design.md §15: walk-ins and `override` are owner/admin/staff).
  .openapi(create, async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    const scope = { kind: "owner" as const, tenantId: auth.tenantId, actor: auth.actor };
    if (body.items) {
      const visit = await createVisit(c.var.services, scope, {
        items: body.items,
        start: body.startDatetime,
        customer: body.customer,
        source: body.source,
        customerAccountId: null,
        override: body.override,
      });
      return c.json({ data: toOwnerCreatedVisit(visit, c.var.services.now.toISOString(), seesConfirmationCodes(auth)) }, 201);
    }
    const created = await createBooking(c.var.services, scope, {
      serviceId: body.serviceId as string,
      staffProfileId: body.staffProfileId as string,
      start: body.startDatetime,
      customer: body.customer,
      source: body.source,
      customerAccountId: null,
      override: body.override,
    });
    // Everything the answer shows was just written: no read-back round trip.
    const booking = toOwnerBooking(
      { ...created, visitId: null, cancelReason: null, createdAt: c.var.services.now.toISOString() },
      seesConfirmationCodes(auth),
    );
    return c.json({ data: booking }, 201);
  })
  .openapi(one, async (c) => {
    const detail = await getBookingDetail(
      c.var.services,
      { tenantId: c.var.auth.tenantId, bookingId: c.req.valid("param").id },
      { texts: smsConfig(c.var.services.config) !== null },
    );
    return c.json({ data: toOwnerBookingFullDetail(detail, seesConfirmationCodes(c.var.auth)) }, 200);
  })
  .openapi(status, async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    const id = c.req.valid("param").id;
    if (body.status === "cancelled") {
      // Staff may confirm, complete and mark no-shows; cancelling (which tells the customer) is for
      // owners and admins, whichever route asks for it: the /cancel route's check, once the body is valid.
      await writers(c, async () => {});
      const { booking } = await cancelBooking(c.var.services, ref(auth, id), { via: "status" });
      return c.json({ data: toOwnerBooking(booking, seesConfirmationCodes(auth)) }, 200);
    }
    const { booking, fee } = await changeBookingStatus(
      c.var.services,
      { tenantId: auth.tenantId, bookingId: id, actor: auth.actor },
      body.status,
      { chargeFee: body.chargeFee },
    );
    const shown = toOwnerBooking(booking, seesConfirmationCodes(auth));
    const changed: z.infer<typeof ChangedStatus> = body.status === "no_show" ? { ...shown, fee } : shown;
    return c.json({ data: changed }, 200);
  })
  .openapi(cancel, async (c) => {
    const result = await cancelBooking(c.var.services, ref(c.var.auth, c.req.valid("param").id), { reason: c.req.valid("json").reason });
    const cancelled: z.infer<typeof CancelledOwnerBooking> = {
      ...toOwnerBooking(result.booking, seesConfirmationCodes(c.var.auth)),
      refund: result.refund,
      ...(result.alreadyCancelled ? { alreadyCancelled: true as const } : {}),
    };
    return c.json({ data: cancelled }, 200);
  })
  .openapi(reschedule, async (c) => {
    const body = c.req.valid("json");
    const view = await rescheduleBooking(c.var.services, ref(c.var.auth, c.req.valid("param").id), {
      start: body.newStartDatetime,
      staffProfileId: body.staffProfileId,
      override: body.override,
    });
    return c.json({ data: toOwnerBooking(view, seesConfirmationCodes(c.var.auth)) }, 200);
  });
