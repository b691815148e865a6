import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MEMBER_ROLES } from "../../shared/member-roles";
import type { Locale } from "../../shared/i18n/locales";
import type { GiftCardSettings } from "../../shared/gift-cards";
import type { ReliabilityPolicy } from "../../shared/reliability";
import { createdAt, flag, id, requiredRef, timestamps } from "./columns";

export const tenants = sqliteTable(
  "tenants",
  {
    id: id(),
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
    // design.md §20: the public booking assistant answers only while this is on.
    aiAssistantEnabled: flag("ai_assistant_enabled").notNull().default(true),
    // design.md §16 booking rules: public availability/create/reschedule start at or after
    // now + minNoticeMinutes and at most maxAdvanceDays after today (tenant-local).
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(0),
    maxAdvanceDays: integer("max_advance_days").notNull().default(365),
    // design.md §17: reminder offsets in hours before the start, a JSON array of up to 3 integers.
    reminderHours: text("reminder_hours", { mode: "json" }).$type<number[]>().notNull().default([24]),
    // Where notices of new/moved/cancelled bookings go; "" = the business e-mail.
    notificationEmail: text("notification_email").notNull().default(""),
    // design.md §21 no-show protection (percent of the price, 0 = off) and the Connect account's state.
    noShowFeePercent: integer("no_show_fee_percent").notNull().default(0),
    lateCancelFeePercent: integer("late_cancel_fee_percent").notNull().default(0),
    stripeChargesEnabled: flag("stripe_charges_enabled").notNull().default(false),
    // design.md §31: public creates need a Cloudflare Turnstile token (only with TURNSTILE_SECRET_KEY set).
    botProtection: flag("bot_protection").notNull().default(false),
    // design.md §27 text messages: which texts the business sends to customers who agreed to them,
    // its monthly limit (null = its plan's: 0 free, 500 pro, 5,000 enterprise; the operator sets
    // another) and the tenant-local month (YYYY-MM) whose limit the owner was last told of.
    // design.md §30: the business's language (its notices, its page's fallback) and the languages its
    // booking page offers (null = only `locale`).
    locale: text("locale").$type<Locale>().notNull().default("en"),
    bookingLanguages: text("booking_languages", { mode: "json" }).$type<Locale[]>(),
    smsConfirmations: flag("sms_confirmations").notNull().default(false),
    smsReminders: flag("sms_reminders").notNull().default(false),
    smsMonthlyLimit: integer("sms_monthly_limit"),
    smsLimitNoticeMonth: text("sms_limit_notice_month"),
    stripeDetailsSubmitted: flag("stripe_details_submitted").notNull().default(false),
    widgetColor: text("widget_color").notNull().default("#4f46e5"),
    widgetMode: text("widget_mode").notNull().default("popup"),
    template: text("template").notNull().default("classic"),
    templateAccent: text("template_accent").notNull().default("#4f46e5"),
    plan: text("plan", { enum: ["free", "pro", "enterprise"] })
      .notNull()
      .default("free"),
    planStatus: text("plan_status").notNull().default("active"),
    isActive: flag("is_active").notNull().default(true),
    isSuspended: flag("is_suspended").notNull().default(false),
    suspendedReason: text("suspended_reason"),
    suspendedAt: text("suspended_at"),
    trialEndsAt: text("trial_ends_at"),
    customDomain: text("custom_domain"),
    // design.md §23: the domain's Cloudflare for SaaS custom hostname and what Cloudflare last said
    // about it. A domain serves its tenant only while `active`; NULL beside a domain is one saved
    // before custom hostnames existed (pending with Cloudflare on, created by the next cron run;
    // active without it). `custom_domain_records` holds the TXT records Cloudflare asks for (the
    // CNAME to CUSTOM_DOMAIN_TARGET is added when shown); `claimed_at` starts the 7 days after
    // which a domain still pending is marked failed, `problem` says why in words.
    customDomainStatus: text("custom_domain_status", { enum: ["pending", "active", "failed"] }),
    customHostnameId: text("custom_hostname_id"),
    customDomainSslStatus: text("custom_domain_ssl_status"),
    customDomainRecords: text("custom_domain_records", { mode: "json" }).$type<{ type: string; name: string; value: string }[]>(),
    customDomainCheckedAt: text("custom_domain_checked_at"),
    customDomainClaimedAt: text("custom_domain_claimed_at"),
    customDomainProblem: text("custom_domain_problem"),
    stripeAccountId: text("stripe_account_id"),
    // design.md §28: the client reliability policy (strike counts at which a recognised customer's
    // public booking needs a card, a deposit, or is refused); null = off.
    reliabilityPolicy: text("reliability_policy", { mode: "json" }).$type<ReliabilityPolicy>(),
    // design.md §32: gift cards sold on the purchase page (null = never set: off, the defaults).
    giftCardSettings: text("gift_card_settings", { mode: "json" }).$type<GiftCardSettings>(),
    createdBy: text("created_by"),
    // Set to a new random value by triggers (drizzle/0010) on every write to what decides slots:
    // bookings' times, staff, state and buffers, services, staff, hours, overrides, closures, time
    // off. Availability reads it in the same statement as everything else, so an isolate's decoded
    // copy of a schedule is reused only while it is exactly current (services/schedule-cache.ts).
    // Random rather than counted: a database rebuilt with the same ids cannot meet an old copy.
    scheduleVersion: integer("schedule_version").notNull().default(0),
    // design.md §25: an operator schedules a suspended tenant's deletion; the cron deletes its
    // personal data at deletion_due_at unless it was restored meanwhile (restore clears these),
    // e-mails the owner 7 days before (deletion_reminded_at), and stamps deleted_at when done.
    deletionScheduledAt: text("deletion_scheduled_at"),
    deletionDueAt: text("deletion_due_at"),
    deletionReason: text("deletion_reason"),
    deletionRemindedAt: text("deletion_reminded_at"),
    deletedAt: text("deleted_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("tenants_slug_uq").on(t.slug),
    uniqueIndex("tenants_custom_domain_uq").on(t.customDomain),
    // The cron's re-check of pending domains: due ones, oldest check first.
    index("tenants_custom_domain_check_idx").on(t.customDomainStatus, t.customDomainCheckedAt),
    index("tenants_created_idx").on(t.createdAt),
    index("tenants_deletion_due_idx").on(t.deletionDueAt),
    // design.md §31: which business has a Stripe account (one business per account, kept by the
    // guarded UPDATE: a unique index could not be added over accounts already shared) and account.updated.
    index("tenants_stripe_account_idx").on(t.stripeAccountId),
  ],
);

/** The required reference to the business a row belongs to (most tables' second column). */
export const tenantRef = () => requiredRef("tenant_id", () => tenants.id);

/** How a row a business owns starts: its own id and the business. */
export const tenantRow = () => ({ id: id(), tenantId: tenantRef() });

/** A person's name and phone as a sign-in account or a business's customer record keeps them ("" = not given). */
const personContact = () => ({
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone").notNull().default(""),
});

/** A person who signs in with an e-mail and a password: a member (users) or a customer (customer_accounts). */
const signInPerson = () => ({
  id: id(),
  email: text("email").notNull(),
  passwordHash: text("password_hash").notNull(),
  ...personContact(),
});

export const users = sqliteTable(
  "users",
  {
    ...signInPerson(),
    // interface.md: the user record's role is "customer" at registration; the tenant role lives on the membership.
    role: text("role").notNull().default("customer"),
    isActive: flag("is_active").notNull().default(true),
    lastLoginAt: text("last_login_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

export const tenantMembers = sqliteTable(
  "tenant_members",
  {
    ...tenantRow(),
    userId: requiredRef("user_id", () => users.id),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    isActive: flag("is_active").notNull().default(true),
    // design.md §30: the member's own language for the owner app and the notices they get (null = the business's).
    locale: text("locale").$type<Locale>(),
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
    ...signInPerson(),
    defaultTimezone: text("default_timezone").notNull().default("UTC"),
    emailVerified: flag("email_verified").notNull().default(false),
    marketingOptIn: flag("marketing_opt_in").notNull().default(false),
    lastLoginAt: text("last_login_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("customer_accounts_email_uq").on(t.email)],
);

/** A tenant's own record of a customer (guest or account holder), one per tenant and e-mail. */
export const customers = sqliteTable(
  "customers",
  {
    ...tenantRow(),
    customerAccountId: text("customer_account_id").references(() => customerAccounts.id),
    email: text("email").notNull(),
    emailNormalized: text("email_normalized").notNull(),
    ...personContact(),
    notes: text("notes").notNull().default(""),
    // Set when the business edits the name: later public bookings with this e-mail no longer rename it.
    namesEditedAt: text("names_edited_at"),
    // design.md §25: set when the business erased the record (names, contact and notes cleared).
    erasedAt: text("erased_at"),
    // design.md §28: the owner's reset of the reliability record (strikes before it no longer
    // count; epoch ms) and the "trusted" mark (exempt from the policy's steps).
    reliabilityResetAt: integer("reliability_reset_at"),
    reliabilityTrusted: flag("reliability_trusted").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("customers_tenant_email_uq").on(t.tenantId, t.emailNormalized),
    index("customers_account_idx").on(t.customerAccountId),
  ],
);
