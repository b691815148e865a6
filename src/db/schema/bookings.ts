import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customerAccounts, customers, tenants } from "./accounts";
import { services, staffProfiles } from "./catalog";
import { createdAt, updatedAt } from "./columns";

export const bookings = sqliteTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id),
    staffId: text("staff_id")
      .notNull()
      .references(() => staffProfiles.id),
    customerId: text("customer_id").references(() => customers.id),
    customerAccountId: text("customer_account_id").references(() => customerAccounts.id),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "completed", "no_show", "cancelled"] }).notNull(),
    confirmationCode: text("confirmation_code").notNull(),
    source: text("source", { enum: ["online", "widget", "walk_in", "phone", "admin"] })
      .notNull()
      .default("online"),
    totalAmount: integer("total_amount").notNull().default(0),
    currency: text("currency").notNull(),
    notes: text("notes").notNull().default(""),
    // design.md §16: the service's buffers when the booking was made; the staff member is blocked over
    // [start - before, end + after] and the atomic overlap guard compares these buffered intervals.
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    // design.md §21: a pending booking awaiting payment holds its slot until this instant (epoch ms).
    holdExpiresAt: integer("hold_expires_at"),
    // design.md §17: iCalendar SEQUENCE, raised on every change the customer is told about.
    sequence: integer("sequence").notNull().default(0),
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
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    bookingId: text("booking_id").references(() => bookings.id),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    kind: text("kind", { enum: ["deposit", "full"] })
      .notNull()
      .default("full"),
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
