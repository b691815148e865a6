/**
 * The operator console's fixed lists, read by the server (headings, navigation) and by the
 * console script (which section each renderer fills): one list, so the two cannot drift.
 */

/** interface.md §Operator console page: the tenant page's sections, in this order. */
export const TENANT_SECTIONS = [
  ["profile", "Profile"],
  ["owner", "Owner"],
  ["members", "Members"],
  ["services", "Services"],
  ["staff", "Staff"],
  ["customers", "Customers"],
  ["bookings", "Bookings"],
  ["payments", "Payments"],
  ["ai", "AI activity"],
  ["audit", "Audit"],
] as const;

export type TenantSectionKey = (typeof TENANT_SECTIONS)[number][0];

/**
 * Sections the console adds after interface.md's list (which keeps its order): the tenant's
 * failed side effects of every kind (design.md §22).
 */
export const OPERATOR_SECTIONS = [["failed-jobs", "Failed jobs"]] as const;

/** Tenants per page in the console's list (the list API's `limit` goes up to 200). */
export const TENANTS_PAGE_SIZE = 25;
