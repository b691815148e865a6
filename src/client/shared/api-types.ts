/**
 * The JSON the browser reads, as the server's own types: each is derived from the mapper (or the
 * typed Hono route) that produces the response, so reading a field the server does not send is a
 * compile error. Type-only imports: nothing of the server reaches the bundles.
 */
import type { Hono } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { ErrorCode, ValidationDetails } from "../../errors";
import type { tenantActivityRoute } from "../../routes/admin/tenant-activity";
import type { toPublicChat } from "../../routes/ai/shapes";
import type { toAdminLoginResult } from "../../routes/auth/shapes";
import type { toOwnerBooking } from "../../routes/owner/booking-shapes";
import type { toOwnerBusiness } from "../../routes/owner/businesses";
import type { toOwnerCustomer } from "../../routes/owner/customers";
import type { toOwnerService } from "../../routes/owner/services";
import type { staffRoutes } from "../../routes/owner/staff";
import type { toWidgetStatus } from "../../routes/pages/widget";
import type { toAvailability, toBookingLookup, toCancelResult, toCreatedBooking } from "../../routes/public/shapes";
import type { ImpersonationStarted } from "../../services/admin/impersonation";
import type { PaymentStep } from "../../services/payments/checkout";
import type { listTenants } from "../../services/admin/tenant-list";
import type { toOperatorView } from "../../services/admin/tenant-view";

/** What a mapper's value looks like after JSON.stringify/JSON.parse (Dates become strings, ...). */
type Json<T> = JSONParsed<T>;
type SchemaOf<R> = R extends Hono<infer _E, infer S, infer _B> ? S : never;
/** The JSON body of a typed Hono route's successful answer. */
type RouteJson<R, Path extends keyof SchemaOf<R>, Method extends keyof SchemaOf<R>[Path]> = SchemaOf<R>[Path][Method] extends infer Endpoint
  ? Endpoint extends { outputFormat: "json"; output: infer Output }
    ? Output
    : never
  : never;

/** Every JSON answer is wrapped: `{ data }` on success. */
export type DataEnvelope<T> = { data: T };

/** Errors (interface.md): Shape 1 `{ error: "<code>" }` or Shape 2 `{ error: { code, message, details? } }`. */
export type ErrorEnvelope = { error: string | { code: ErrorCode; message: string; details?: ValidationDetails } };

// ---- public booking API (booking page) ----
export type Availability = Json<ReturnType<typeof toAvailability>>;
export type Slot = Availability["slots"][number];
export type CreatedBooking = Json<ReturnType<typeof toCreatedBooking>>;
export type BookingLookup = Json<ReturnType<typeof toBookingLookup>>;
export type CancelResult = Json<ReturnType<typeof toCancelResult>>;
/** design.md §21: the create's `payment` and GET /api/public/booking/:code/payment. */
export type PaymentStepData = Json<PaymentStep>;
export type WidgetStatus = Json<ReturnType<typeof toWidgetStatus>>;
/** design.md §20: POST /api/ai-public/:slug/chat (the booking page's Ask panel). */
export type PublicChatAnswer = Json<ReturnType<typeof toPublicChat>>;
export type SuggestedSlot = PublicChatAnswer["suggestions"]["slots"][number];

// ---- operator API (console) ----
export type AdminLoginResult = Json<ReturnType<typeof toAdminLoginResult>>;
export type TenantListItem = Json<Awaited<ReturnType<typeof listTenants>>[number]>;
export type OperatorTenantView = Json<NonNullable<ReturnType<typeof toOperatorView>>>;
export type TenantActivity = RouteJson<typeof tenantActivityRoute, "/tenants/:id/activity", "$get">["data"];
export type ImpersonationStart = Json<ImpersonationStarted>;

// ---- owner API (read-only impersonation views) ----
export type OwnerBusiness = Json<ReturnType<typeof toOwnerBusiness>>;
export type OwnerService = Json<ReturnType<typeof toOwnerService>>;
export type OwnerStaff = RouteJson<typeof staffRoutes, "/", "$get">["data"][number];
export type OwnerCustomer = Json<ReturnType<typeof toOwnerCustomer>>;
export type OwnerBooking = Json<ReturnType<typeof toOwnerBooking>>;
