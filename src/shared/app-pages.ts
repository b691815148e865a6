/**
 * The owner app's pages (design.md §15), read by the server (routes, navigation, headings) and the
 * build (one script per page): one list, so they cannot drift. `script` names the page's entry in
 * scripts/build-client.ts (`owner-<script>`).
 */
export const APP_PAGES = [
  { path: "/app", title: "Dashboard", script: "dashboard" },
  { path: "/app/calendar", title: "Calendar", script: "calendar" },
  { path: "/app/bookings", title: "Bookings", script: "bookings" },
  { path: "/app/customers", title: "Customers", script: "customers" },
  { path: "/app/waitlist", title: "Waitlist", script: "waitlist" },
  { path: "/app/reports", title: "Reports", script: "reports" },
  { path: "/app/gift-cards", title: "Gift cards", script: "gift-cards" },
  { path: "/app/packages", title: "Packages", script: "packages" },
  { path: "/app/promo-codes", title: "Promo codes", script: "promo-codes" },
  { path: "/app/services", title: "Services", script: "services" },
  { path: "/app/staff", title: "Staff", script: "staff" },
  { path: "/app/resources", title: "Resources", script: "resources" },
  { path: "/app/settings", title: "Settings", script: "settings" },
  { path: "/app/ai-log", title: "AI log", script: "ai-log" },
] as const;

export type AppPage = (typeof APP_PAGES)[number];
