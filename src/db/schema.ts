import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Conventions: ids are random text; metadata timestamps are ISO-8601 UTC text (sortable);
// booking and time-off instants are integer epoch milliseconds, so overlap checks are integer
// comparisons on an index; money is integer minor units; flags are 0/1 integers.

const createdAt = () => text("created_at").notNull();
const updatedAt = () => text("updated_at").notNull();
const flag = (name: string) => integer(name, { mode: "boolean" });

export const tenants = sqliteTable(
  "tenants",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    businessName: text("business_name").notNull(),
    businessType: text("business_type").notNull().default("salon"),
    description: text("description").notNull().default(""),
    logoUrl: text("logo_url").notNull().default(""),
    coverImageUrl: text("cover_image_url"),
    timezone: text("timezone").notNull().default("UTC"),
    currency: text("currency").notNull().default("USD"),
    countryCode: text("country_code").notNull().default(""),
    city: text("city").notNull().default(""),
    provinceState: text("province_state").notNull().default(""),
    country: text("country").notNull().default(""),
    addressLine1: text("address_line1").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    cancellationHours: integer("cancellation_hours").notNull().default(24),
    cancellationPolicy: text("cancellation_policy").notNull().default(""),
    allowGuestBooking: flag("allow_guest_booking").notNull().default(true),
    requirePayment: flag("require_payment").notNull().default(false),
    widgetColor: text("widget_color").notNull().default("#4f46e5"),
    widgetMode: text("widget_mode").notNull().default("popup"),
    template: text("template").notNull().default("classic"),
    templateAccent: text("template_accent").notNull().default("#4f46e5"),
    plan: text("plan", { enum: ["free", "pro", "enterprise"] }).notNull().default("free"),
    planStatus: text("plan_status").notNull().default("active"),
    isActive: flag("is_active").notNull().default(true),
    isSuspended: flag("is_suspended").notNull().default(false),
    suspendedReason: text("suspended_reason"),
    suspendedAt: text("suspended_at"),
    trialEndsAt: text("trial_ends_at"),
    customDomain: text("custom_domain"),
    stripeAccountId: text("stripe_account_id"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tenants_slug_uq").on(t.slug),
    uniqueIndex("tenants_custom_domain_uq").on(t.customDomain),
    index("tenants_created_idx").on(t.createdAt),
  ],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    // interface.md: the user record's role is "customer" at registration; the tenant role lives on the membership.
    role: text("role").notNull().default("customer"),
    isActive: flag("is_active").notNull().default(true),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

export const tenantMembers = sqliteTable(
  "tenant_members",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    userId: text("user_id").notNull().references(() => users.id),
    role: text("role", { enum: ["owner", "admin", "staff"] }).notNull(),
    isActive: flag("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tenant_members_tenant_user_uq").on(t.tenantId, t.userId),
    index("tenant_members_user_idx").on(t.userId, t.createdAt),
  ],
);

export const customerAccounts = sqliteTable(
  "customer_accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    defaultTimezone: text("default_timezone").notNull().default("UTC"),
    emailVerified: flag("email_verified").notNull().default(false),
    marketingOptIn: flag("marketing_opt_in").notNull().default(false),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("customer_accounts_email_uq").on(t.email)],
);

/** A tenant's own record of a customer (guest or account holder), one per tenant and e-mail. */
export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    customerAccountId: text("customer_account_id").references(() => customerAccounts.id),
    email: text("email").notNull(),
    emailNormalized: text("email_normalized").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_tenant_email_uq").on(t.tenantId, t.emailNormalized),
    index("customers_account_idx").on(t.customerAccountId),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    subjectType: text("subject_type", { enum: ["user", "customer", "admin"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    tenantId: text("tenant_id"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("sessions_subject_idx").on(t.subjectType, t.subjectId)],
);

export const superAdmins = sqliteTable(
  "super_admins",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    lastLoginAt: text("last_login_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("super_admins_email_uq").on(t.email)],
);

export const services = sqliteTable(
  "services",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull(),
    price: integer("price").notNull().default(0),
    depositPercent: integer("deposit_percent").notNull().default(0),
    imageUrl: text("image_url"),
    isActive: flag("is_active").notNull().default(true),
    isOnlineBookable: flag("is_online_bookable").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    // Soft delete: bookings keep pointing at the service they were made for.
    deletedAt: text("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("services_tenant_order_idx").on(t.tenantId, t.orderIndex, t.name)],
);

export const staffProfiles = sqliteTable(
  "staff_profiles",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    userId: text("user_id").references(() => users.id),
    displayName: text("display_name").notNull(),
    title: text("title").notNull().default(""),
    avatarUrl: text("avatar_url"),
    color: text("color").notNull().default("#6366f1"),
    isBookable: flag("is_bookable").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    deletedAt: text("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("staff_tenant_order_idx").on(t.tenantId, t.orderIndex)],
);

/** Weekly working intervals: weekday 0 = Sunday .. 6, minutes of the local day, several per day allowed. */
export const staffHours = sqliteTable(
  "staff_hours",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    staffId: text("staff_id").notNull().references(() => staffProfiles.id),
    weekday: integer("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [index("staff_hours_staff_idx").on(t.staffId, t.weekday), index("staff_hours_tenant_idx").on(t.tenantId)],
);

export const staffTimeOff = sqliteTable(
  "staff_time_off",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    staffId: text("staff_id").notNull().references(() => staffProfiles.id),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("staff_time_off_staff_idx").on(t.staffId, t.startAt), index("staff_time_off_tenant_idx").on(t.tenantId, t.startAt)],
);

export const bookings = sqliteTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    serviceId: text("service_id").notNull().references(() => services.id),
    staffId: text("staff_id").notNull().references(() => staffProfiles.id),
    customerId: text("customer_id").references(() => customers.id),
    customerAccountId: text("customer_account_id").references(() => customerAccounts.id),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "completed", "no_show", "cancelled"] }).notNull(),
    confirmationCode: text("confirmation_code").notNull(),
    source: text("source", { enum: ["online", "widget", "walk_in", "phone", "admin"] }).notNull().default("online"),
    totalAmount: integer("total_amount").notNull().default(0),
    currency: text("currency").notNull(),
    notes: text("notes").notNull().default(""),
    cancelReason: text("cancel_reason"),
    cancelledAt: text("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bookings_confirmation_code_uq").on(t.confirmationCode),
    index("bookings_staff_time_idx").on(t.staffId, t.startAt),
    index("bookings_tenant_time_idx").on(t.tenantId, t.startAt),
    index("bookings_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("bookings_customer_account_idx").on(t.customerAccountId, t.startAt),
    index("bookings_customer_idx").on(t.customerId),
    // Second guard behind the atomic insert: one active booking per staff member and start instant.
    uniqueIndex("bookings_staff_start_active_uq").on(t.staffId, t.startAt).where(sql`status <> 'cancelled'`),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    bookingId: text("booking_id").references(() => bookings.id),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    kind: text("kind", { enum: ["deposit", "full"] }).notNull().default("full"),
    status: text("status", { enum: ["pending", "succeeded", "failed", "refunded"] }).notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    clientSecret: text("client_secret"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_tenant_created_idx").on(t.tenantId, t.createdAt),
    uniqueIndex("payments_intent_uq").on(t.stripePaymentIntentId),
    index("payments_booking_idx").on(t.bookingId),
  ],
);

/** Inbound payment-processor events already applied (idempotency by event id). */
export const processedEvents = sqliteTable("processed_events", {
  id: text("id").primaryKey(),
  source: text("source").notNull(),
  type: text("type").notNull(),
  receivedAt: text("received_at").notNull(),
});

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    action: text("action").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason"),
    diff: text("diff", { mode: "json" }),
    metadata: text("metadata", { mode: "json" }),
    createdAt: createdAt(),
    seq: integer("seq").notNull().default(0),
  },
  (t) => [index("audit_target_time_idx").on(t.targetId, t.createdAt, t.seq), index("audit_action_time_idx").on(t.action, t.createdAt)],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id"),
    kind: text("kind").notNull(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    lockedAt: text("locked_at"),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: text("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_outbox_status_idx").on(t.status, t.nextAttemptAt), index("email_outbox_tenant_idx").on(t.tenantId, t.createdAt)],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    secret: text("secret").notNull(),
    isActive: flag("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_tenant_idx").on(t.tenantId)],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "sending", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    lockedAt: text("locked_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: text("delivered_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_status_idx").on(t.status, t.nextAttemptAt),
  ],
);

export const impersonationSessions = sqliteTable(
  "impersonation_sessions",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id").notNull().references(() => superAdmins.id),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    ownerUserId: text("owner_user_id").notNull().references(() => users.id),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("impersonation_tenant_idx").on(t.tenantId, t.createdAt)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    customerAccountId: text("customer_account_id").notNull().references(() => customerAccounts.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_uq").on(t.tokenHash)],
);

