import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Locale } from "../../shared/i18n/locales";
import { createdAt, flag, instants, tenantKeyedRow, timestamps } from "./columns";

/**
 * The public waitlist (design.md §28). An entry is one customer waiting for one service (with one
 * staff member, or anyone), in 1-5 windows of tenant-local time stored as instants. The customer's
 * details stay on the entry: a join never creates or changes the business's customer record
 * (design.md §31). `status`: waiting -> booked (the customer booked a time it matched) | left (the
 * manage link, or the owner). An entry whose last window has passed has ended by itself: readers
 * compare `last_window_end_at` with their clock, so no sweep has to run for it to be true.
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    ...tenantKeyedRow(),
    serviceId: text("service_id").notNull(),
    /** null = any staff member who performs the service. */
    staffId: text("staff_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    /** Lower-cased. */
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    /** design.md §27: E.164 of `phone` (null when it does not parse), and the customer's consent to texts. */
    smsPhone: text("sms_phone"),
    smsOptIn: flag("sms_opt_in").notNull().default(false),
    /** design.md §30: the language of the page the customer joined on (null = joined before: the business's). */
    locale: text("locale").$type<Locale>(),
    status: text("status", { enum: ["waiting", "booked", "left"] }).notNull(),
    /** SHA-256 (hex) of the manage link's secret; the secret itself is only in the customer's link. */
    manageTokenHash: text("manage_token_hash").notNull(),
    /** The end of the latest window (epoch ms): past it, the entry has ended by itself. */
    lastWindowEndAt: integer("last_window_end_at").notNull(),
    /** The booking that ended it (status booked). */
    bookingId: text("booking_id"),
    endedAt: text("ended_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_manage_token_uq").on(t.manageTokenHash),
    index("waitlist_entries_waiting_idx").on(t.tenantId, t.status, t.createdAt),
    // One waiting entry per customer and service: a second join while waiting is refused (409).
    uniqueIndex("waitlist_entries_waiting_uq").on(t.tenantId, t.serviceId, t.email).where(sql`status = 'waiting'`),
  ],
);

/** An entry's windows as instants [start_at, end_at) (epoch ms) plus the tenant-local date they lie on. */
export const waitlistWindows = sqliteTable(
  "waitlist_windows",
  {
    ...tenantKeyedRow(),
    entryId: text("entry_id").notNull(),
    /** Tenant-local YYYY-MM-DD. */
    date: text("date").notNull(),
    ...instants(),
  },
  (t) => [index("waitlist_windows_entry_idx").on(t.entryId), index("waitlist_windows_tenant_time_idx").on(t.tenantId, t.startAt)],
);

/**
 * Every time offered to an entry, automatically (`via` auto: one offer job and its follow-ups share
 * a `trigger_key`, so an entry is offered a freed time once) or by the owner (`via` owner).
 */
export const waitlistOffers = sqliteTable(
  "waitlist_offers",
  {
    ...tenantKeyedRow(),
    entryId: text("entry_id").notNull(),
    triggerKey: text("trigger_key").notNull(),
    via: text("via", { enum: ["auto", "owner"] }).notNull(),
    staffId: text("staff_id").notNull(),
    ...instants(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waitlist_offers_trigger_uq").on(t.entryId, t.triggerKey),
    index("waitlist_offers_tenant_idx").on(t.tenantId, t.startAt),
  ],
);
