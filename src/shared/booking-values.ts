/**
 * The closed lists of a booking (interface.md §States and transitions, design.md §15), as const
 * tuples: every type, zod enum and label of the server and the browser is derived from these, so a
 * new status or source is added here once and the typecheck shows every place that must handle it.
 */

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "no_show", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Where a booking came from: the public API and widget, or the front desk. */
export const BOOKING_SOURCES = ["online", "widget", "walk_in", "phone", "admin"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/** The sources the business's own create-booking accepts (the front desk); walk-ins and calls may skip the e-mail. */
export const FRONT_DESK_SOURCES = ["admin", "walk_in", "phone"] as const satisfies readonly BookingSource[];
export type FrontDeskSource = (typeof FRONT_DESK_SOURCES)[number];
export const EMAIL_OPTIONAL_SOURCES = ["walk_in", "phone"] as const satisfies readonly FrontDeskSource[];

/** The statuses a member may set by hand (cancelling has its own route and reason). */
export const SETTABLE_STATUSES = ["confirmed", "completed", "no_show"] as const satisfies readonly BookingStatus[];
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  completed: "Completed",
  no_show: "No-show",
  cancelled: "Cancelled",
};

export const SOURCE_LABELS: Record<BookingSource, string> = {
  online: "Online",
  widget: "Website widget",
  walk_in: "Walk-in",
  phone: "Phone",
  admin: "Front desk",
};
