// The console's section headings as the contract orders them, written once for the unit, route and
// page tests that each check one layer shows them in that order.

/** interface.md's tenant sections, in its order. */
export const INTERFACE_SECTIONS = [
  "Profile",
  "Owner",
  "Members",
  "Services",
  "Staff",
  "Customers",
  "Bookings",
  "Payments",
  "AI activity",
  "Audit",
];

/** The tenant page's headings: interface.md's sections, then the console's own (failed jobs, design.md §22). */
export const CONSOLE_SECTIONS = [...INTERFACE_SECTIONS, "Failed jobs"];
