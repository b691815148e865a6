/**
 * The JSON the browser reads, as the server's own types: each is derived from the mapper (or the
 * typed Hono route) that produces the response, so reading a field the server does not send is a
 * compile error. Type-only imports: nothing of the server reaches the bundles.
 */
import type { Hono } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { z } from "zod";
import type { ErrorCode, ValidationDetails } from "../../errors";
import type { tenantActivityRoute } from "../../routes/admin/tenant-activity";
import type { toAiLogEntry } from "../../routes/ai/log-shapes";
import type { toAdminLoginResult, toOwnerLoginResult } from "../../routes/auth/sign-in-shapes";
import type { OwnerChat, toPublicChat } from "../../routes/ai/chat-shapes";
import type { ApiKey, CreatedKey } from "../../routes/owner/api-keys";
import type { toBookingPayments } from "../../routes/owner/booking-payments";
import type { toOwnerBooking, toOwnerBookingFullDetail, toOwnerCreatedVisit } from "../../routes/owner/booking-shapes";
import type { toOwnerBusiness } from "../../routes/owner/business-shapes";
import type { customersRoutes, toOwnerCustomer } from "../../routes/owner/customers";
import type { RetriedJob, toFailedJob } from "../../routes/owner/failed-jobs";
import type { toJobView } from "../../routes/admin/job-shapes";
import type { jobsRoutes } from "../../routes/admin/jobs";
import type { tenantDeletionRoutes } from "../../routes/admin/tenant-deletion";
import type { Erased, toCustomerExport } from "../../routes/owner/customer-privacy-shapes";
import type { toMember } from "../../routes/owner/members";
import type { toAccount, toRefund } from "../../routes/owner/payments";
import type { toOwnerService } from "../../routes/owner/services";
import type { staffRoutes } from "../../routes/owner/staff";
import type { reportViewRoutes } from "../../routes/owner/report-view";
import type { resourceViewRoutes } from "../../routes/owner/resource-view";
import type { waitlistViewRoutes } from "../../routes/owner/waitlist-view";
import type { giftCardViewRoutes } from "../../routes/owner/gift-card-view";
import type { prepaidViewRoutes } from "../../routes/owner/prepaid-view";
import type { packageRoutes } from "../../routes/owner/packages";
import type { toBookingItem } from "../../routes/owner/view-shapes";
import type { viewRoutes } from "../../routes/owner/views";
import type { toDelivery, toEndpoint } from "../../routes/owner/webhook-endpoints";
import type { toWidgetStatus } from "../../routes/pages/widget";
import type { toAvailability, toAvailabilityDays } from "../../routes/public/availability-shapes";
import type { toBookingLookup, toCancelResult, toCreatedBooking } from "../../routes/public/booking-shapes";
import type { toCreatedVisit, toVisitAvailability } from "../../routes/public/visit-shapes";
import type { toQuote } from "../../routes/public/quote-shapes";
import type { toGiftCardPurchased } from "../../routes/public/gift-card-shapes";
import type { toPackagePurchased } from "../../routes/public/packages";
import type { toIssuedGiftCard, toOwnerGiftCard } from "../../routes/owner/gift-card-shapes";
import type { toWaitlistEntry, toWaitlistJoined } from "../../routes/public/waitlist";
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
export type AvailabilityDays = Json<ReturnType<typeof toAvailabilityDays>>;
export type CreatedBooking = Json<ReturnType<typeof toCreatedBooking>>;
export type BookingLookup = Json<ReturnType<typeof toBookingLookup>>;
export type CancelResult = Json<ReturnType<typeof toCancelResult>>;
/** design.md §26: a visit of 2-5 services (its times, its creation, a lookup's items). */
export type VisitAvailability = Json<ReturnType<typeof toVisitAvailability>>;
export type VisitSlot = VisitAvailability["slots"][number];
export type CreatedVisit = Json<ReturnType<typeof toCreatedVisit>>;
export type LookupItem = NonNullable<BookingLookup["items"]>[number];
/** design.md §21: the create's `payment` and GET /api/public/booking/:code/payment. */
export type PaymentStepData = Json<PaymentStep>;
/** issue #43: POST /api/public/:slug/quote, the price before booking. */
export type PriceQuoteData = Json<ReturnType<typeof toQuote>>;
export type WidgetStatus = Json<ReturnType<typeof toWidgetStatus>>;
/** design.md §32: POST /api/public/:slug/gift-cards (the gift-card page). */
export type GiftCardPurchased = Json<ReturnType<typeof toGiftCardPurchased>>;
/** design.md §32: POST /api/public/:slug/packages (the package shop). */
export type PackagePurchased = Json<ReturnType<typeof toPackagePurchased>>;
/** The Stripe payment of every online sale (gift cards, packages). */
export type SalePaymentData = GiftCardPurchased["payment"];
/** design.md §32: the owner app's Gift cards page (list, issue by hand). */
export type OwnerGiftCard = Json<ReturnType<typeof toOwnerGiftCard>>;
export type IssuedGiftCard = Json<ReturnType<typeof toIssuedGiftCard>>;
/** design.md §20: POST /api/ai-public/:slug/chat (the booking page's Ask panel). */
export type PublicChatAnswer = Json<ReturnType<typeof toPublicChat>>;
export type SuggestedSlot = PublicChatAnswer["suggestions"]["slots"][number];
/** design.md §28: the public waitlist (join, and the manage link's entry). */
export type WaitlistJoined = Json<ReturnType<typeof toWaitlistJoined>>;
export type WaitlistEntry = Json<ReturnType<typeof toWaitlistEntry>>;

// ---- operator API (console) ----
export type AdminLoginResult = Json<ReturnType<typeof toAdminLoginResult>>;
export type TenantListItem = Json<Awaited<ReturnType<typeof listTenants>>[number]>;
export type OperatorTenantView = Json<NonNullable<ReturnType<typeof toOperatorView>>>;
export type TenantActivity = RouteJson<typeof tenantActivityRoute, "/tenants/:id/activity", "$get">["data"];
export type ImpersonationStart = Json<ImpersonationStarted>;
/** design.md §24: GET /api/admin/jobs (`data: { jobs, nextCursor }`), retry and discard. */
export type JobView = Json<ReturnType<typeof toJobView>>;
export type JobPage = RouteJson<typeof jobsRoutes, "/", "$get">["data"];
/** design.md §25: POST /api/admin/tenants/:id/schedule-deletion. */
export type DeletionSchedule = RouteJson<typeof tenantDeletionRoutes, "/:id/schedule-deletion", "$post">["data"];

// ---- owner API (the owner app, /app) ----
export type OwnerLoginResult = Json<ReturnType<typeof toOwnerLoginResult>>;
export type Membership = OwnerLoginResult["memberships"][number];
export type OwnerBusiness = Json<ReturnType<typeof toOwnerBusiness>>;
export type OwnerService = Json<ReturnType<typeof toOwnerService>>;
export type OwnerStaff = RouteJson<typeof staffRoutes, "/", "$get">["data"][number];
export type OwnerTimeOff = RouteJson<typeof staffRoutes, "/:id/time-off", "$get">["data"][number];
export type OwnerCustomer = Json<ReturnType<typeof toOwnerCustomer>>;
export type OwnerCustomerDetail = RouteJson<typeof customersRoutes, "/:id", "$get">["data"];
export type OwnerBooking = Json<ReturnType<typeof toOwnerBooking>>;
export type OwnerBookingDetail = Json<ReturnType<typeof toOwnerBookingFullDetail>>;
export type BookingHistoryEntry = OwnerBookingDetail["history"][number];
export type OwnerMember = Json<ReturnType<typeof toMember>>;
export type WebhookEndpoint = Json<ReturnType<typeof toEndpoint>>;
export type WebhookDelivery = Json<ReturnType<typeof toDelivery>>;
export type FailedJob = Json<ReturnType<typeof toFailedJob>>;
export type RetriedJobView = z.infer<typeof RetriedJob>;
/** design.md §25: GET /api/customers/:id/export and DELETE /api/customers/:id. */
export type CustomerExportData = Json<ReturnType<typeof toCustomerExport>>;
export type CustomerErased = z.infer<typeof Erased>;
export type AiLogEntry = Json<ReturnType<typeof toAiLogEntry>>;
export type OwnerApiKey = z.infer<typeof ApiKey>;
export type CreatedApiKey = z.infer<typeof CreatedKey>;
export type StripeStatus = Json<ReturnType<typeof toAccount>>;
export type BookingPayments = Json<ReturnType<typeof toBookingPayments>>;
export type BookingPayment = BookingPayments["payments"][number];
export type CreatedRefund = Json<ReturnType<typeof toRefund>>;
export type OwnerChatAnswer = z.infer<typeof OwnerChat>;

/** The page views (GET /api/businesses/me/views/<page>): one call per page's first render. */
type ViewOf<P extends keyof SchemaOf<typeof viewRoutes>> = RouteJson<typeof viewRoutes, P, "$get">["data"];
export type DashboardView = ViewOf<"/dashboard">;
export type CalendarView = ViewOf<"/calendar">;
export type BookingsView = ViewOf<"/bookings">;
export type ServicesView = ViewOf<"/services">;
export type StaffView = ViewOf<"/staff">;
export type CustomersView = ViewOf<"/customers">;
export type SettingsView = ViewOf<"/settings">;
export type AiLogView = ViewOf<"/ai-log">;
export type ReportsView = RouteJson<typeof reportViewRoutes, "/reports", "$get">["data"];
export type ResourcesView = RouteJson<typeof resourceViewRoutes, "/resources", "$get">["data"];
export type ResourceItem = ResourcesView["resources"][number];
export type ResourceTimeOffItem = ResourcesView["timeOff"][number];
export type OwnerCreatedVisit = Json<ReturnType<typeof toOwnerCreatedVisit>>;
/** design.md §28: the waitlist page. */
export type WaitlistDayView = RouteJson<typeof waitlistViewRoutes, "/waitlist", "$get">["data"];
export type GiftCardsView = RouteJson<typeof giftCardViewRoutes, "/gift-cards", "$get">["data"];
/** design.md §32: the Packages and Promo codes pages, a package issued by hand, the customer's credits. */
export type PackagesView = RouteJson<typeof prepaidViewRoutes, "/packages", "$get">["data"];
export type OwnerPackage = PackagesView["packages"][number];
export type PromoCodesView = RouteJson<typeof prepaidViewRoutes, "/promo-codes", "$get">["data"];
export type OwnerPromoCode = PromoCodesView["codes"][number];
export type IssuedPackage = RouteJson<typeof packageRoutes, "/:id/issue", "$post">["data"];
export type CustomerCredits = OwnerCustomerDetail["credits"];
export type OwnerWaitlistEntry = WaitlistDayView["entries"][number];
export type AppBusiness = DashboardView["business"];
export type Viewer = DashboardView["viewer"];
export type BookingItem = Json<ReturnType<typeof toBookingItem>>;
export type StaffWithHours = CalendarView["staff"][number];
export type StaffCard = StaffView["staff"][number];
