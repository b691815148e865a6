import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenantRow, users } from "./accounts";
import { blockedTime, createdAt, flag, requiredRef, timestamps } from "./columns";

export const services = sqliteTable(
  "services",
  {
    ...tenantRow(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull(),
    price: integer("price").notNull().default(0),
    depositPercent: integer("deposit_percent").notNull().default(0),
    imageUrl: text("image_url"),
    isActive: flag("is_active").notNull().default(true),
    isOnlineBookable: flag("is_online_bookable").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    // design.md §16: clean-up time around each appointment (0..240, multiples of 5) and who performs
    // it: a JSON array of staff ids, null = every bookable staff member, [] = nobody.
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    staffIds: text("staff_ids", { mode: "json" }).$type<string[] | null>(),
    // design.md §26: the window (minutes after the start, and how long) in which the staff member is
    // free while the customer stays (a colour developing); both null = none. Resource types the
    // service needs one free resource of each for its whole duration (JSON array, [] = none).
    processingOffsetMinutes: integer("processing_offset_minutes"),
    processingMinutes: integer("processing_minutes"),
    resourceTypes: text("resource_types", { mode: "json" }).$type<string[]>().notNull().default([]),
    // Soft delete: bookings keep pointing at the service they were made for.
    deletedAt: text("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("services_tenant_order_idx").on(t.tenantId, t.orderIndex, t.name)],
);

export const staffProfiles = sqliteTable(
  "staff_profiles",
  {
    ...tenantRow(),
    userId: text("user_id").references(() => users.id),
    displayName: text("display_name").notNull(),
    title: text("title").notNull().default(""),
    avatarUrl: text("avatar_url"),
    color: text("color").notNull().default("#6366f1"),
    isBookable: flag("is_bookable").notNull().default(true),
    orderIndex: integer("order_index").notNull().default(0),
    // design.md §17: the staff calendar feed's secret, kept only as its SHA-256 (hex); null = no feed.
    calendarFeedHash: text("calendar_feed_hash"),
    deletedAt: text("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("staff_tenant_order_idx").on(t.tenantId, t.orderIndex), uniqueIndex("staff_calendar_feed_uq").on(t.calendarFeedHash)],
);

/** Weekly working intervals: weekday 0 = Sunday .. 6, minutes of the local day, several per day allowed. */
export const staffHours = sqliteTable(
  "staff_hours",
  {
    ...tenantRow(),
    staffId: requiredRef("staff_id", () => staffProfiles.id),
    weekday: integer("weekday").notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
  },
  (t) => [index("staff_hours_staff_idx").on(t.staffId, t.weekday), index("staff_hours_tenant_idx").on(t.tenantId)],
);

export const staffTimeOff = sqliteTable(
  "staff_time_off",
  {
    ...tenantRow(),
    staffId: requiredRef("staff_id", () => staffProfiles.id),
    ...blockedTime(),
  },
  (t) => [index("staff_time_off_staff_idx").on(t.staffId, t.startAt), index("staff_time_off_tenant_idx").on(t.tenantId, t.startAt)],
);

/**
 * design.md §16: a staff member's hours for one local date, replacing the weekly hours of that
 * weekday. `intervals` is a JSON array of minutes of the local day ([] = closed that date).
 */
export const staffDateOverrides = sqliteTable(
  "staff_date_overrides",
  {
    ...tenantRow(),
    staffId: requiredRef("staff_id", () => staffProfiles.id),
    /** Tenant-local `YYYY-MM-DD`. */
    date: text("date").notNull(),
    intervals: text("intervals", { mode: "json" }).$type<{ startMinute: number; endMinute: number }[]>().notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("staff_date_overrides_staff_date_uq").on(t.staffId, t.date),
    index("staff_date_overrides_tenant_date_idx").on(t.tenantId, t.date),
  ],
);

/** design.md §16: dates (inclusive, tenant-local `YYYY-MM-DD`) on which nobody of the business has slots. */
export const businessClosures = sqliteTable(
  "business_closures",
  {
    ...tenantRow(),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("business_closures_tenant_end_idx").on(t.tenantId, t.endDate)],
);
