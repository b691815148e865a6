import { sql } from "drizzle-orm";
import type { Locale } from "../../shared/i18n/locales";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customerAccounts, customers, tenantRow } from "./accounts";
import { services, staffProfiles } from "./catalog";
import { BOOKING_SOURCES, BOOKING_STATUSES } from "../../shared/booking-values";
import { flag, id, instants, money, requiredRef, timestamps } from "./columns";

/**
 * design.md §26: several services booked as one visit, back to back. The visit holds the one
 * confirmation code the customer gets (its first item's row carries the same code, so codes stay
 * unique across single bookings and visits); each item is a `bookings` row pointing here.
 */
export const visits = sqliteTable(
  "visits",
  {
    ...tenantRow(),
    confirmationCode: text("confirmation_code").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("visits_confirmation_code_uq").on(t.confirmationCode), index("visits_tenant_idx").on(t.tenantId, t.createdAt)],
);

export const bookings = sqliteTable(
  "bookings",
  {
    ...tenantRow(),
    serviceId: requiredRef("service_id", () => services.id),
    staffId: requiredRef("staff_id", () => staffProfiles.id),
    customerId: text("customer_id").references(() => customers.id),
    customerAccountId: text("customer_account_id").references(() => customerAccounts.id),
    ...instants(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull(),
    confirmationCode: text("confirmation_code").notNull(),
    source: text("source", { enum: BOOKING_SOURCES }).notNull().default("online"),
    totalAmount: integer("total_amount").notNull().default(0),
    currency: text("currency").notNull(),
    notes: text("notes").notNull().default(""),
    // design.md §30: the language the booking was made in; every later message to the customer uses it
    // (null = made before languages existed: the business's locale).
    locale: text("locale").$type<Locale>(),
    // design.md §16: the service's buffers when the booking was made; the staff member is blocked over
    // [start - before, end + after] and the atomic overlap guard compares these buffered intervals.
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    // design.md §26: the service's processing window when the booking was made (minutes after the
    // start, and its length; 0 = none): the staff member is busy only outside it.
    processingOffsetMinutes: integer("processing_offset_minutes").notNull().default(0),
    processingMinutes: integer("processing_minutes").notNull().default(0),
    // design.md §26: the visit this booking is an item of (null = a single booking).
    visitId: text("visit_id").references(() => visits.id),
    // design.md §21: a pending booking awaiting payment holds its slot until this instant (epoch ms).
    holdExpiresAt: integer("hold_expires_at"),
    // design.md §17: iCalendar SEQUENCE, raised on every change the customer is told about.
    sequence: integer("sequence").notNull().default(0),
    cancelReason: text("cancel_reason"),
    cancelledAt: text("cancelled_at"),
    // design.md §31: the money terms in force when the booking was made (null only on rows written
    // before they existed, until the migration fills them): what the customer agreed to, whatever
    // the business changes later. The refund deadline (start − cancellationHours) stays the first
    // one when the booking is moved; `movedLateAt` records a move made after it (fees of §21).
    cancellationHours: integer("cancellation_hours"),
    noShowFeePercent: integer("no_show_fee_percent"),
    lateCancelFeePercent: integer("late_cancel_fee_percent"),
    refundDeadlineAt: integer("refund_deadline_at"),
    movedLateAt: text("moved_late_at"),
    // design.md §28: when the customer cancelled inside the cancellation window (a strike of the
    // reliability record; epoch ms); null for every other cancellation.
    lateCancelledAt: integer("late_cancelled_at"),
    // design.md §31: what an unauthenticated create typed (the customer record is not overwritten
    // by it), and the client network (IPv4 address or IPv6 /64) a public create came from (hold caps).
    guestFirstName: text("guest_first_name"),
    guestLastName: text("guest_last_name"),
    guestPhone: text("guest_phone"),
    clientNetwork: text("client_network"),
    // design.md §27: the customer agreed to texts about this booking (on the form, or aloud at the
    // front desk), the phone typed with it and its E.164 form (null: it does not parse, so no texts),
    // and when the customer confirmed by replying to a reminder.
    smsOptIn: flag("sms_opt_in").notNull().default(false),
    smsPhoneTyped: text("sms_phone_typed").notNull().default(""),
    smsPhone: text("sms_phone"),
    customerConfirmedAt: text("customer_confirmed_at"),
    // design.md §32: what prepaid money this booking used: the gift card and the amount it covered,
    // the package credit it took, the promo code and how much it took off the price. A released
    // hold gives each back in its batch; a refundable cancellation gives back the credit.
    giftCardId: text("gift_card_id"),
    giftCardAmount: integer("gift_card_amount").notNull().default(0),
    packageCreditId: text("package_credit_id"),
    promoCodeId: text("promo_code_id"),
    promoDiscount: integer("promo_discount").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("bookings_confirmation_code_uq").on(t.confirmationCode),
    index("bookings_staff_time_idx").on(t.staffId, t.startAt),
    index("bookings_tenant_time_idx").on(t.tenantId, t.startAt),
    index("bookings_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("bookings_customer_account_idx").on(t.customerAccountId, t.startAt),
    index("bookings_customer_idx").on(t.customerId),
    index("bookings_visit_idx").on(t.visitId, t.startAt),
    // design.md §21: the cron finds pending bookings whose payment hold has ended.
    index("bookings_hold_idx").on(t.status, t.holdExpiresAt),
    // design.md §31: a business's unpaid holds (the hold caps count them per e-mail, network and in all).
    index("bookings_tenant_hold_idx").on(t.tenantId, t.status, t.holdExpiresAt),
    // Second guard behind the atomic insert: one active booking per staff member and start instant.
    uniqueIndex("bookings_staff_start_active_uq").on(t.staffId, t.startAt).where(sql`status <> 'cancelled'`),
    // design.md §29: a report reads a year of a business's bookings from this index alone (every
    // column it uses), not one table row per booking.
    index("bookings_tenant_report_idx").on(
      t.tenantId,
      t.startAt,
      t.status,
      t.staffId,
      t.serviceId,
      t.customerId,
      t.visitId,
      t.endAt,
      t.holdExpiresAt,
      t.id,
    ),
    // design.md §29: "came before the range" per customer is one step on this index (no table rows).
    index("bookings_customer_start_idx").on(t.customerId, t.startAt, t.status),
  ],
);

/**
 * Money taken (or to be taken) for a booking (design.md §21). `deposit`/`full` are paid by the
 * customer at booking (a PaymentIntent they confirm); `no_show_fee`/`late_cancel_fee` are charged
 * off-session to the card on file, from the outbox. `refundedAmount` counts refunds Stripe has
 * confirmed; refunds still on their way are the `refunds` rows in `pending`.
 */
export const payments = sqliteTable(
  "payments",
  {
    ...tenantRow(),
    bookingId: text("booking_id").references(() => bookings.id),
    ...money(),
    kind: text("kind", {
      enum: ["deposit", "full", "no_show_fee", "late_cancel_fee", "gift_card_sale", "package_sale", "gift_card_redemption"],
    })
      .notNull()
      .default("full"),
    status: text("status", { enum: ["pending", "succeeded", "failed", "refunded", "partially_refunded", "cancelled"] }).notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    clientSecret: text("client_secret"),
    /** The connected account the intent lives on (refunds go there even if the business reconnects). */
    stripeAccountId: text("stripe_account_id"),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** The connected account's Customer a fee is charged to (card on file). */
    stripeCustomerId: text("stripe_customer_id"),
    /** Why the last attempt failed (a declined card's message), shown to the owner. */
    failureMessage: text("failure_message"),
    /** A scheduled fee (late cancellation): when it is charged unless waived first. */
    chargeAt: text("charge_at"),
    waivedAt: text("waived_at"),
    waivedBy: text("waived_by"),
    /** design.md §32: the gift card a `gift_card_redemption` took its amount from (refunds go back to it). */
    giftCardId: text("gift_card_id"),
    ...timestamps(),
  },
  (t) => [
    index("payments_tenant_created_idx").on(t.tenantId, t.createdAt),
    uniqueIndex("payments_intent_uq").on(t.stripePaymentIntentId),
    index("payments_booking_idx").on(t.bookingId),
    // One fee of each kind per booking, however often the owner clicks.
    uniqueIndex("payments_booking_fee_uq").on(t.bookingId, t.kind).where(sql`kind IN ('no_show_fee', 'late_cancel_fee')`),
    // design.md §29, §32: money of no booking (a gift card or package sold) by the day it was taken,
    // without walking every payment of the range.
    index("payments_tenant_loose_idx").on(t.tenantId, t.createdAt).where(sql`booking_id IS NULL`),
    // design.md §29: a report's money per booking from this index alone. Only `booking_id` leads: the
    // report's status and kind lists would otherwise be probed value by value (18 seeks a booking).
    index("payments_booking_money_idx").on(t.bookingId, t.amount, t.refundedAmount, t.tenantId, t.status, t.kind, t.currency),
  ],
);

/**
 * A refund of (part of) a payment, performed by the outbox (`stripe.refund` job). `seq` numbers a
 * payment's refunds from 1 and makes Stripe's Idempotency-Key `refund-<paymentId>-<seq>`.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    ...tenantRow(),
    paymentId: requiredRef("payment_id", () => payments.id),
    seq: integer("seq").notNull(),
    ...money(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull(),
    /** customer_cancel | business_cancel | manual | late_payment */
    reason: text("reason").notNull(),
    stripeRefundId: text("stripe_refund_id"),
    /** The owner/admin who asked for a manual refund. */
    createdBy: text("created_by"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("refunds_payment_seq_uq").on(t.paymentId, t.seq),
    index("refunds_tenant_created_idx").on(t.tenantId, t.createdAt),
    uniqueIndex("refunds_stripe_uq").on(t.stripeRefundId),
  ],
);

/**
 * The customer's card saved on the business's connected account for no-show protection
 * (design.md §21): a Stripe Customer and a SetupIntent (`usage: off_session`), or, when a deposit
 * is paid too, the deposit's PaymentIntent with `setup_future_usage` (one card entry). `saved`
 * once Stripe says so; the payment method is what fees are charged to.
 */
export const bookingCards = sqliteTable(
  "booking_cards",
  {
    ...tenantRow(),
    bookingId: requiredRef("booking_id", () => bookings.id),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripeSetupIntentId: text("stripe_setup_intent_id"),
    setupClientSecret: text("setup_client_secret"),
    stripePaymentMethodId: text("stripe_payment_method_id"),
    status: text("status", { enum: ["pending", "saved", "failed"] }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("booking_cards_booking_uq").on(t.bookingId), uniqueIndex("booking_cards_setup_uq").on(t.stripeSetupIntentId)],
);

/** Inbound payment-processor events already applied (idempotency by event id). */
export const processedEvents = sqliteTable(
  "processed_events",
  {
    id: id(),
    source: text("source").notNull(),
    type: text("type").notNull(),
    receivedAt: text("received_at").notNull(),
    /**
     * A random id of the batch that applied the event: the statements of that batch that must run
     * only if the event applied there (not in an earlier delivery) are gated on it.
     */
    applyId: text("apply_id"),
  },
  // Retention (design.md §25): ids of processed events are kept 90 days.
  (t) => [index("processed_events_received_idx").on(t.receivedAt)],
);
