import { z } from "@hono/zod-openapi";
import { seesConfirmationCodes } from "../../auth-context";
import type { OwnerEnv } from "../../env";
import { requireRole } from "../../middleware/auth";
import { eraseCustomer } from "../../services/privacy/customer-erasure";
import { exportCustomer } from "../../services/privacy/customer-export";
import { CustomerExport, Erased, toCustomerExport } from "./customer-privacy-shapes";
import { smsConfig } from "../../config";
import { changeReliability } from "../../services/reliability/owner";
import { ApiError } from "../../errors";
import { type CustomerRow, getCustomer, listCustomers, listCustomerTexts, updateCustomer } from "../../services/owner/customers";
import { firstNameField, lastNameField, limitField, lookupIdParam, NOT_EMPTY, notEmpty, phoneField, searchField } from "../fields";
import { openApiRouter, routeGroup, security } from "../openapi";
import { OwnerBooking, toOwnerBooking } from "./booking-shapes";
import { CustomerCredits, toCustomerCredits } from "./credit-shapes";
import { CustomerReliability } from "./reliability-shapes";
import { CustomerTexts, TextMessage, toCustomerTexts, toTextMessage } from "./text-shapes";

const listQuery = z
  .object({
    search: searchField.optional().transform((v) => v || undefined),
    limit: limitField,
  })
  .strict();

/** A business may correct a customer's name and phone and keep notes; the e-mail is the record's key. */
const patchBody = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    phone: phoneField,
    notes: z.string().max(2000, "Notes must be at most 2000 characters"),
  })
  .partial()
  .strict()
  .refine(notEmpty, NOT_EMPTY);

export const OwnerCustomer = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().openapi({ description: "The record's key (lower-case); not editable" }),
    phone: z.string(),
    notes: z.string().openapi({ description: "The business's own notes" }),
    hasAccount: z.boolean().openapi({ description: "Linked to a customer account (whose id is not shown)" }),
    erasedAt: z.string().nullable().openapi({ description: "When the business erased the record (design.md §25); null otherwise" }),
    bookingCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("OwnerCustomer");

const RecentBooking = OwnerBooking.extend({
  service: z.object({ id: z.string(), name: z.string() }),
  staff: z.object({ id: z.string(), displayName: z.string() }),
});

export const OwnerCustomerDetail = OwnerCustomer.extend({
  reliability: CustomerReliability.openapi({ description: "design.md §28: the client reliability record; never shown to the customer" }),
  recentBookings: z.array(RecentBooking).openapi({ description: "The 20 most recent bookings, newest start first" }),
  texts: CustomerTexts.nullable().openapi({ description: "Texts sent and received (design.md §27); null while texts are not configured" }),
  credits: CustomerCredits.openapi({ description: "design.md §32: the customer's packages (credits left) and gift cards" }),
}).openapi("OwnerCustomerDetail");

/** A tenant's customer record. `hasAccount`: linked to a global customer account (whose id is not shown). */
export function toOwnerCustomer(r: CustomerRow): z.infer<typeof OwnerCustomer> {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    notes: r.notes,
    hasAccount: r.customerAccountId !== null,
    erasedAt: r.erasedAt,
    bookingCount: r.bookingCount,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

function toOwnerCustomerDetail(row: Awaited<ReturnType<typeof getCustomer>>, codes: boolean): z.infer<typeof OwnerCustomerDetail> {
  return {
    ...toOwnerCustomer(row),
    recentBookings: row.recentBookings.map((b) => ({
      ...toOwnerBooking(b, codes),
      service: { id: b.serviceId, name: b.serviceName },
      staff: { id: b.staffId, displayName: b.staffName },
    })),
    texts: row.texts ? toCustomerTexts(row.texts) : null,
    reliability: row.reliability,
    credits: toCustomerCredits(row.credits),
  };
}

const writers = requireRole("owner", "admin");
const tags = ["Customers"];

const messagesQuery = z
  .object({
    limit: limitField,
    before: z.string().max(100).optional().openapi({ description: "A text's id: the page of texts older than it" }),
  })
  .strict();

const route = routeGroup({ tags, security: security.owner });
const list = route.get("/", "The business's customers, newest first; `search` matches name, e-mail or phone", {
  query: listQuery,
  ok: z.array(OwnerCustomer),
  errors: [400, 401, 403],
});
const one = route.get("/{id}", "One customer with their 20 most recent bookings", {
  params: lookupIdParam,
  ok: OwnerCustomerDetail,
  errors: [401, 403, 404],
});
const messages = route.get(
  "/{id}/messages",
  "Every text sent to and received from the customer, newest first, a page at a time (design.md §27)",
  {
    description: "404 while texts are not configured. `before` (a text's id) pages to older texts.",
    params: lookupIdParam,
    query: messagesQuery,
    ok: z.array(TextMessage),
    errors: [400, 401, 403, 404],
  },
);
const change = route.patch("/{id}", "Corrects the name or phone, or keeps notes (owner/admin); the e-mail is the record's key", {
  middleware: [writers],
  params: lookupIdParam,
  body: patchBody,
  ok: OwnerCustomer,
  errors: [400, 401, 403, 404, 409],
});

const reliabilityBody = z
  .object({
    trusted: z.boolean().openapi({ description: "Exempt the customer from every step of the policy (or no longer)" }),
    reset: z.literal(true, { error: "Send reset: true to reset the record" }).openapi({ description: "Strikes up to now stop counting" }),
  })
  .partial()
  .strict()
  .refine(notEmpty, NOT_EMPTY);

const reliabilityRoute = route.post(
  "/{id}/reliability",
  "Marks the customer trusted (or not) and/or resets their reliability record (owner/admin; design.md §28)",
  { middleware: [writers], params: lookupIdParam, body: reliabilityBody, ok: CustomerReliability, errors: [400, 401, 403, 404] },
);

const exportRoute = route.get(
  "/{id}/export",
  "Everything the business holds about the customer, to hand to them: record, bookings, payments and refunds, messages sent (no bodies)",
  { middleware: [writers], params: lookupIdParam, ok: CustomerExport, errors: [401, 403, 404] },
);
const eraseQuery = z.object({
  cancelUpcoming: z
    .enum(["true", "false"], { error: "cancelUpcoming must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});
const erase = route.delete(
  "/{id}",
  "Erases the customer (names, contact, notes; bookings stay for the books); 409 customer_has_upcoming_bookings unless ?cancelUpcoming=true",
  { middleware: [writers], params: lookupIdParam, query: eraseQuery, ok: Erased, errors: [400, 401, 403, 404, 409] },
);

/** /api/customers (owner token; requireOwner applied in ./index.ts). */
export const customersRoutes = openApiRouter<OwnerEnv>()
  .openapi(list, async (c) => {
    const rows = await listCustomers(c.var.services.db, c.var.auth.tenantId, c.req.valid("query"));
    return c.json({ data: rows.map(toOwnerCustomer) }, 200);
  })
  .openapi(one, async (c) => {
    const texts = smsConfig(c.var.services.config) !== null;
    const row = await getCustomer(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, {
      texts,
      nowMs: c.var.services.now.getTime(),
    });
    return c.json({ data: toOwnerCustomerDetail(row, seesConfirmationCodes(c.var.auth)) }, 200);
  })
  .openapi(messages, async (c) => {
    if (!smsConfig(c.var.services.config)) throw new ApiError("not_found", "Route not found");
    const q = c.req.valid("query");
    const rows = await listCustomerTexts(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id, q.limit, q.before);
    return c.json({ data: rows.map(toTextMessage) }, 200);
  })
  .openapi(change, async (c) => {
    const row = await updateCustomer(
      c.var.services.db,
      c.var.auth.tenantId,
      c.req.valid("param").id,
      c.req.valid("json"),
      c.var.services.now,
    );
    return c.json({ data: toOwnerCustomer(row) }, 200);
  })
  .openapi(reliabilityRoute, async (c) => {
    const { tenantId, actor } = c.var.auth;
    const data = await changeReliability(c.var.services, tenantId, c.req.valid("param").id, c.req.valid("json"), actor);
    return c.json({ data }, 200);
  })
  .openapi(exportRoute, async (c) => {
    const data = await exportCustomer(c.var.services.db, c.var.auth.tenantId, c.req.valid("param").id);
    return c.json({ data: toCustomerExport(data) }, 200);
  })
  .openapi(erase, async (c) => {
    const { tenantId, actor } = c.var.auth;
    const result = await eraseCustomer(c.var.services, tenantId, c.req.valid("param").id, {
      cancelUpcoming: c.req.valid("query").cancelUpcoming,
      actor,
    });
    return c.json({ data: result }, 200);
  });
