import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenantRef, tenantRow } from "./accounts";
import { bookings } from "./bookings";
import { blockedTime, createdAt, flag, instants, requiredRef, timestamps } from "./columns";

/**
 * design.md §26: rooms, chairs, basins. A service may need one free resource of each of up to 3
 * types for its whole duration (buffers included); the booking's atomic guard assigns the first
 * free one by name and records it in `booking_resources`.
 */
export const resources = sqliteTable(
  "resources",
  {
    ...tenantRow(),
    name: text("name").notNull(),
    /** A short lower-case label (`room`, `chair`, `basin`); services name the types they need. */
    type: text("type").notNull(),
    isActive: flag("is_active").notNull().default(true),
    // Soft delete: bookings keep the resource they held.
    deletedAt: text("deleted_at"),
    ...timestamps(),
  },
  (t) => [index("resources_tenant_type_idx").on(t.tenantId, t.type, t.name)],
);

/** Time a resource cannot be used (a room being repainted), like staff time off: epoch ms. */
export const resourceTimeOff = sqliteTable(
  "resource_time_off",
  {
    ...tenantRow(),
    resourceId: requiredRef("resource_id", () => resources.id),
    ...blockedTime(),
  },
  (t) => [index("resource_time_off_resource_idx").on(t.resourceId, t.startAt)],
);

/**
 * The resources a booking holds, one row per resource. `start_at`/`end_at` repeat the booking's
 * blocked interval [start - bufferBefore, end + bufferAfter) so a resource's busy time is one range
 * of the (resource_id, start_at) index; they move with the booking. Whether the booking is still
 * active is read from `bookings.status` (a cancelled booking frees its resources).
 */
export const bookingResources = sqliteTable(
  "booking_resources",
  {
    bookingId: requiredRef("booking_id", () => bookings.id),
    resourceId: requiredRef("resource_id", () => resources.id),
    tenantId: tenantRef(),
    ...instants(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.resourceId] }), index("booking_resources_resource_time_idx").on(t.resourceId, t.startAt)],
);
