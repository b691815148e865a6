/**
 * Every /api route the Worker serves (GET /api/... and writes), with who may call it and a valid
 * body to mutate. `{x}` in a path is a parameter the fuzzer fills with the fixture's real value or
 * a hostile one. Keep in step with src/routes (test/integration/fuzz/fuzz.test.ts checks that
 * every mounted /api route is listed).
 */
export type Auth = "none" | "owner" | "customer" | "admin" | "signature";

export type Route = {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  auth: Auth;
  /** A valid body (with the fixture's ids filled in by the test) to start mutations from. */
  body?: Record<string, unknown>;
  /** Query parameter names the route knows. */
  query?: string[];
  /** Its success ends the fixture's own session or access: never sent with the right token. */
  endsSession?: boolean;
};

const booking = {
  serviceId: "{serviceId}",
  staffProfileId: "{staffId}",
  startDatetime: "2031-03-12T10:00:00",
  customer: { firstName: "Fu", email: "fuzz@example.test" },
};
/** design.md §26: a visit of two services (the fixture's two), the first one's staff member on both. */
const visitBooking = {
  items: [
    { serviceId: "{serviceId}", staffProfileId: "{staffId}" },
    { serviceId: "{secondServiceId}", staffProfileId: "{staffId}" },
  ],
  startDatetime: "2031-03-12T13:00:00",
  customer: { firstName: "Fu", email: "fuzz-visit@example.test" },
};
const login = { email: "nobody-fuzz@example.test", password: "wrong-password-1" };
const register = { email: "fuzz-new@example.test", password: "long-enough-pw-1", firstName: "Fuzz", businessName: "Fuzz Co" };

export const ROUTES: Route[] = [
  // auth (owners) and customer-auth
  { method: "GET", path: "/api/openapi.json", auth: "none" },
  { method: "POST", path: "/api/auth/login", auth: "none", body: login },
  { method: "POST", path: "/api/auth/register", auth: "none", body: register },
  { method: "POST", path: "/api/auth/forgot-password", auth: "none", body: { email: "nobody-fuzz@example.test" } },
  { method: "POST", path: "/api/auth/reset-password", auth: "none", body: { token: "not-a-token", password: "long-enough-pw-1" } },
  { method: "POST", path: "/api/auth/refresh", auth: "owner" },
  { method: "POST", path: "/api/auth/switch-tenant", auth: "owner", body: { tenantId: "{tenantId}" } },
  { method: "POST", path: "/api/auth/logout", auth: "owner", endsSession: true },
  {
    method: "POST",
    path: "/api/auth/change-password",
    auth: "owner",
    body: { currentPassword: "wrong-password-1", newPassword: "long-enough-pw-2" },
  },
  { method: "POST", path: "/api/customer-auth/login", auth: "none", body: login },
  {
    method: "POST",
    path: "/api/customer-auth/register",
    auth: "none",
    body: { email: "fuzz-c@example.test", password: "long-enough-pw-1", firstName: "Fuzz" },
  },
  { method: "POST", path: "/api/customer-auth/forgot-password", auth: "none", body: { email: "nobody-fuzz@example.test" } },
  { method: "POST", path: "/api/customer-auth/reset-password", auth: "none", body: { token: "not-a-token", password: "long-enough-pw-1" } },
  { method: "POST", path: "/api/customer-auth/logout", auth: "customer", endsSession: true },
  { method: "GET", path: "/api/waitlist", auth: "owner", query: ["date"] },
  { method: "GET", path: "/api/gift-cards", auth: "owner", query: ["limit", "offset"] },
  { method: "POST", path: "/api/gift-cards", auth: "owner", body: { amount: 2500, reason: "fuzz counter sale" } },
  { method: "POST", path: "/api/gift-cards/{id}/void", auth: "owner", body: { reason: "fuzz" } },
  { method: "GET", path: "/api/promo-codes", auth: "owner" },
  { method: "POST", path: "/api/promo-codes", auth: "owner", body: { code: "FUZZ10", percentOff: 10 } },
  { method: "PATCH", path: "/api/promo-codes/{id}", auth: "owner", body: { maxUses: 5 } },
  { method: "DELETE", path: "/api/promo-codes/{id}", auth: "owner" },
  { method: "GET", path: "/api/packages", auth: "owner" },
  {
    method: "POST",
    path: "/api/packages",
    auth: "owner",
    body: { name: "Five cuts", serviceIds: ["{serviceId}"], sessions: 5, price: 12000, validityDays: 365 },
  },
  { method: "GET", path: "/api/packages/{id}", auth: "owner" },
  { method: "PATCH", path: "/api/packages/{id}", auth: "owner", body: { sessions: 4 } },
  { method: "DELETE", path: "/api/packages/{id}", auth: "owner" },
  { method: "POST", path: "/api/packages/{id}/issue", auth: "owner", body: { reason: "fuzz counter sale" } },
  {
    method: "POST",
    path: "/api/waitlist/{id}/offer",
    auth: "owner",
    body: { staffProfileId: "{staffId}", startDatetime: "2031-03-12T10:00:00" },
  },
  // public
  { method: "GET", path: "/api/public/{slug}", auth: "none" },
  { method: "GET", path: "/api/public/{slug}/services", auth: "none" },
  { method: "GET", path: "/api/public/{slug}/staff", auth: "none" },
  { method: "GET", path: "/api/public/{slug}/reviews", auth: "none" },
  { method: "GET", path: "/api/public/{slug}/checkout-config", auth: "none" },
  { method: "GET", path: "/api/public/{slug}/availability", auth: "none", query: ["serviceId", "date", "staffId", "timezone"] },
  {
    method: "GET",
    path: "/api/public/{slug}/availability/days",
    auth: "none",
    query: ["serviceId", "from", "to", "staffId", "timezone"],
  },
  {
    method: "GET",
    path: "/api/public/{slug}/availability/visit",
    auth: "none",
    query: ["serviceIds", "staffIds", "date", "timezone"],
  },
  {
    method: "GET",
    path: "/api/public/{slug}/availability/visit-days",
    auth: "none",
    query: ["serviceIds", "staffIds", "from", "to", "timezone"],
  },
  { method: "POST", path: "/api/public/{slug}/bookings", auth: "none", body: booking },
  { method: "POST", path: "/api/public/{slug}/bookings", auth: "none", body: visitBooking },
  { method: "GET", path: "/api/public/booking/{code}", auth: "none" },
  { method: "POST", path: "/api/public/booking/{code}/reschedule", auth: "none", body: { newStartDatetime: "2031-03-12T11:00:00" } },
  { method: "POST", path: "/api/public/booking/{code}/cancel", auth: "none", body: { reason: "fuzz" } },
  { method: "GET", path: "/api/public/booking/{code}/payment", auth: "none" },
  {
    method: "POST",
    path: "/api/public/{slug}/waitlist",
    auth: "none",
    body: {
      serviceId: "{serviceId}",
      windows: [{ date: "2031-03-12", from: "10:00", to: "12:00" }],
      customer: { firstName: "Fu", email: "fuzz@example.test" },
    },
  },
  {
    method: "POST",
    path: "/api/public/{slug}/gift-cards",
    auth: "none",
    body: { amount: 5000, buyer: { name: "Fu", email: "fuzz@example.test" }, recipient: { name: "Zz", email: "fuzz-r@example.test" } },
  },
  { method: "GET", path: "/api/public/{slug}/gift-cards/{code}", auth: "none" },
  { method: "GET", path: "/api/public/waitlist/{token}", auth: "none" },
  { method: "DELETE", path: "/api/public/waitlist/{token}", auth: "none" },
  // customer accounts
  { method: "GET", path: "/api/me", auth: "customer" },
  { method: "PATCH", path: "/api/me", auth: "customer", body: { firstName: "Fuzzy" } },
  { method: "GET", path: "/api/me/bookings", auth: "customer", query: ["limit", "status"] },
  { method: "GET", path: "/api/me/export", auth: "customer" },
  { method: "DELETE", path: "/api/me", auth: "customer", body: { password: "wrong-password-1" }, endsSession: true },
  // operator
  { method: "POST", path: "/api/admin/login", auth: "none", body: login },
  { method: "GET", path: "/api/admin/tenants", auth: "admin", query: ["search", "status", "plan", "limit", "offset"] },
  { method: "GET", path: "/api/admin/tenants/{tenantId}", auth: "admin" },
  { method: "PATCH", path: "/api/admin/tenants/{tenantId}", auth: "admin", body: { plan: "pro", reason: "fuzz" } },
  { method: "POST", path: "/api/admin/tenants/{tenantId}/impersonate", auth: "admin", body: { reason: "fuzz" } },
  { method: "GET", path: "/api/admin/tenants/{tenantId}/activity", auth: "admin" },
  { method: "GET", path: "/api/admin/tenants/{tenantId}/failed-jobs", auth: "admin", query: ["limit"] },
  { method: "GET", path: "/api/admin/system/health", auth: "admin" },
  { method: "POST", path: "/api/admin/tenants/{tenantId}/schedule-deletion", auth: "admin", body: { reason: "fuzz" } },
  { method: "GET", path: "/api/admin/jobs", auth: "admin", query: ["state", "kind", "tenantId", "limit", "cursor"] },
  { method: "POST", path: "/api/admin/jobs/{id}/retry", auth: "admin" },
  { method: "POST", path: "/api/admin/jobs/{id}/discard", auth: "admin", body: { reason: "fuzz" } },
  { method: "PUT", path: "/api/admin/tenants/{tenantId}/sms-limit", auth: "admin", body: { limit: 100, reason: "fuzz" } },
  // third parties and the assistant
  { method: "POST", path: "/api/webhooks/stripe", auth: "signature", body: { id: "evt_1", type: "account.updated", data: { object: {} } } },
  // Twilio posts a form, not JSON; the fuzzer's bodies are never signed, so every one is refused.
  { method: "POST", path: "/api/webhooks/sms", auth: "signature", body: { MessageSid: "SM1", From: "+15550100", Body: "Y" } },
  { method: "POST", path: "/api/ai/chat", auth: "owner", body: { messages: [{ role: "user", content: "hi" }] } },
  { method: "GET", path: "/api/ai/log", auth: "owner", query: ["limit"] },
  { method: "POST", path: "/api/ai-public/{slug}/chat", auth: "none", body: { messages: [{ role: "user", content: "hi" }] } },
  // the business (owner API)
  { method: "GET", path: "/api/businesses/me", auth: "owner" },
  { method: "PATCH", path: "/api/businesses/me", auth: "owner", body: { businessName: "Fuzzed" } },
  { method: "POST", path: "/api/businesses/me/custom-domain/check", auth: "owner" },
  { method: "POST", path: "/api/businesses", auth: "owner", body: { businessName: "Second Fuzz" } },
  { method: "GET", path: "/api/businesses/me/members", auth: "owner" },
  {
    method: "POST",
    path: "/api/businesses/me/members",
    auth: "owner",
    body: { email: "fuzz-m@example.test", password: "long-enough-pw-1", firstName: "M", role: "staff" },
  },
  { method: "PATCH", path: "/api/businesses/me/members/me", auth: "owner", body: { locale: "de" } },
  { method: "PATCH", path: "/api/businesses/me/members/{memberUserId}", auth: "owner", body: { role: "admin" } },
  { method: "DELETE", path: "/api/businesses/me/members/{memberUserId}", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/failed-jobs", auth: "owner", query: ["limit"] },
  { method: "POST", path: "/api/businesses/me/failed-jobs/{id}/retry", auth: "owner" },
  // The owner app's page views (design.md §15).
  { method: "GET", path: "/api/businesses/me/views/dashboard", auth: "owner", query: ["date"] },
  { method: "GET", path: "/api/businesses/me/views/calendar", auth: "owner", query: ["date", "view"] },
  {
    method: "GET",
    path: "/api/businesses/me/views/bookings",
    auth: "owner",
    query: ["from", "to", "status", "staffId", "offset", "limit"],
  },
  { method: "GET", path: "/api/businesses/me/views/services", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/views/staff", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/views/customers", auth: "owner", query: ["search", "limit"] },
  { method: "GET", path: "/api/businesses/me/views/settings", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/views/ai-log", auth: "owner", query: ["limit"] },
  { method: "GET", path: "/api/businesses/me/views/resources", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/views/waitlist", auth: "owner", query: ["date"] },
  { method: "GET", path: "/api/businesses/me/views/reports", auth: "owner", query: ["from", "to", "groupBy", "staffId"] },
  { method: "GET", path: "/api/businesses/me/webhooks", auth: "owner" },
  {
    method: "POST",
    path: "/api/businesses/me/webhooks",
    auth: "owner",
    body: { url: "https://hooks.example.test/fuzz", events: ["booking.created"] },
  },
  { method: "GET", path: "/api/businesses/me/webhooks/{id}", auth: "owner" },
  { method: "DELETE", path: "/api/businesses/me/webhooks/{id}", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/webhooks/{id}/deliveries", auth: "owner", query: ["limit"] },
  { method: "POST", path: "/api/businesses/me/webhooks/{id}/deliveries/{id}/redeliver", auth: "owner" },
  { method: "POST", path: "/api/businesses/me/webhooks/{id}/test", auth: "owner" },
  { method: "POST", path: "/api/businesses/me/webhooks/{id}/rotate-secret", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/api-keys", auth: "owner" },
  { method: "POST", path: "/api/businesses/me/api-keys", auth: "owner", body: { name: "Fuzz key", scope: "read" } },
  { method: "DELETE", path: "/api/businesses/me/api-keys/{id}", auth: "owner" },
  // Reports (design.md §29).
  { method: "GET", path: "/api/reports/summary", auth: "owner", query: ["from", "to", "groupBy", "staffId"] },
  { method: "GET", path: "/api/payments", auth: "owner", query: ["limit"] },
  { method: "POST", path: "/api/payments/intents", auth: "owner", body: { bookingId: "{bookingId}" } },
  { method: "GET", path: "/api/payments/stripe-account", auth: "owner" },
  { method: "PUT", path: "/api/payments/stripe-account", auth: "owner", body: { accountId: "acct_fuzz1" } },
  { method: "DELETE", path: "/api/payments/stripe-account", auth: "owner" },
  { method: "POST", path: "/api/payments/stripe-account/onboarding", auth: "owner" },
  { method: "POST", path: "/api/payments/stripe-account/refresh", auth: "owner" },
  { method: "POST", path: "/api/payments/{id}/refund", auth: "owner", body: { amount: 100 } },
  { method: "GET", path: "/api/services", auth: "owner" },
  { method: "POST", path: "/api/services", auth: "owner", body: { name: "Fuzz cut", durationMinutes: 30 } },
  { method: "PUT", path: "/api/services/order", auth: "owner", body: { ids: ["{serviceId}"] } },
  { method: "GET", path: "/api/services/{serviceId}", auth: "owner" },
  { method: "PATCH", path: "/api/services/{serviceId}", auth: "owner", body: { name: "Renamed" } },
  { method: "DELETE", path: "/api/services/{serviceId}", auth: "owner" },
  { method: "GET", path: "/api/staff", auth: "owner" },
  { method: "POST", path: "/api/staff", auth: "owner", body: { displayName: "Fuzz staff" } },
  { method: "GET", path: "/api/staff/{staffId}", auth: "owner" },
  { method: "PATCH", path: "/api/staff/{staffId}", auth: "owner", body: { displayName: "Renamed" } },
  { method: "DELETE", path: "/api/staff/{staffId}", auth: "owner" },
  {
    method: "PUT",
    path: "/api/staff/{staffId}/hours",
    auth: "owner",
    body: { workingHours: [{ dayOfWeek: 1, start: "09:00", end: "17:00" }] },
  },
  { method: "GET", path: "/api/staff/{staffId}/time-off", auth: "owner" },
  {
    method: "POST",
    path: "/api/staff/{staffId}/time-off",
    auth: "owner",
    body: { start: "2031-04-01T00:00:00Z", end: "2031-04-02T00:00:00Z" },
  },
  { method: "DELETE", path: "/api/staff/{staffId}/time-off/{id}", auth: "owner" },
  { method: "POST", path: "/api/staff/{staffId}/calendar-feed", auth: "owner" },
  { method: "GET", path: "/api/staff/{staffId}/overrides", auth: "owner", query: ["from", "to"] },
  {
    method: "PUT",
    path: "/api/staff/{staffId}/overrides/{date}",
    auth: "owner",
    body: { intervals: [{ start: "10:00", end: "14:00" }] },
  },
  { method: "DELETE", path: "/api/staff/{staffId}/overrides/{date}", auth: "owner" },
  { method: "GET", path: "/api/businesses/me/closures", auth: "owner" },
  {
    method: "POST",
    path: "/api/businesses/me/closures",
    auth: "owner",
    body: { startDate: "2031-12-24", endDate: "2031-12-26", reason: "Holidays" },
  },
  { method: "DELETE", path: "/api/businesses/me/closures/{id}", auth: "owner" },
  { method: "GET", path: "/api/bookings", auth: "owner", query: ["from", "to", "status", "staffId", "limit"] },
  { method: "POST", path: "/api/bookings", auth: "owner", body: { ...booking, source: "walk_in", override: true } },
  { method: "POST", path: "/api/bookings", auth: "owner", body: { ...visitBooking, source: "phone" } },
  { method: "GET", path: "/api/bookings/{bookingId}", auth: "owner" },
  { method: "GET", path: "/api/bookings/{bookingId}/payments", auth: "owner" },
  { method: "POST", path: "/api/bookings/{bookingId}/waive-fee", auth: "owner" },
  { method: "PATCH", path: "/api/bookings/{bookingId}/status", auth: "owner", body: { status: "completed" } },
  { method: "POST", path: "/api/bookings/{bookingId}/cancel", auth: "owner", body: { reason: "fuzz" } },
  { method: "POST", path: "/api/bookings/{bookingId}/reschedule", auth: "owner", body: { newStartDatetime: "2031-03-12T12:00:00" } },
  { method: "GET", path: "/api/customers", auth: "owner", query: ["search", "limit"] },
  { method: "GET", path: "/api/customers/{customerId}", auth: "owner" },
  { method: "GET", path: "/api/customers/{customerId}/messages", auth: "owner", query: ["limit", "before"] },
  { method: "PATCH", path: "/api/customers/{customerId}", auth: "owner", body: { firstName: "Renamed" } },
  { method: "POST", path: "/api/customers/{customerId}/reliability", auth: "owner", body: { trusted: true } },
  { method: "GET", path: "/api/customers/{customerId}/export", auth: "owner" },
  { method: "DELETE", path: "/api/customers/{customerId}", auth: "owner", query: ["cancelUpcoming"] },
  // design.md §26: resources
  { method: "GET", path: "/api/resources", auth: "owner" },
  { method: "POST", path: "/api/resources", auth: "owner", body: { name: "Room 9", type: "room" } },
  { method: "GET", path: "/api/resources/{resourceId}", auth: "owner" },
  { method: "PATCH", path: "/api/resources/{resourceId}", auth: "owner", body: { name: "Renamed room" } },
  { method: "DELETE", path: "/api/resources/{resourceId}", auth: "owner" },
  { method: "GET", path: "/api/resources/{resourceId}/time-off", auth: "owner" },
  {
    method: "POST",
    path: "/api/resources/{resourceId}/time-off",
    auth: "owner",
    body: { start: "2031-04-01T00:00:00Z", end: "2031-04-02T00:00:00Z" },
  },
  { method: "DELETE", path: "/api/resources/{resourceId}/time-off/{id}", auth: "owner" },
];
