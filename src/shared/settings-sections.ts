/**
 * The owner app's settings sections (issue #34 item 10), each its own page at
 * `/app/settings/<slug>`: read by the server (which URLs exist, their titles) and the app (the
 * section menu, in this order; src/client/app/pages/settings-registry.tsx says what each shows).
 * Adding a section: an entry here, its component file, its line in the registry and its words
 * (`set.sec.<slug>`, `set.sum.<slug>` in src/shared/i18n/app/parts/settings/; the typecheck fails
 * until it has them). The titles here are the server's (English document titles); the app shows the
 * catalog's. docs/engineering.md "Owner app" has the steps.
 */
export const SETTINGS_PATH = "/app/settings";

export const SETTINGS_SECTIONS = [
  { slug: "profile", title: "Profile", summary: "Name, contact details, address, time zone and currency" },
  { slug: "rules", title: "Booking rules", summary: "Notice, how far ahead, cancellations, booking without an account" },
  { slug: "closures", title: "Closures", summary: "Holidays and other days the whole business is closed" },
  { slug: "texts", title: "Text messages", summary: "Confirmation and reminder texts, and this month's texts" },
  { slug: "notifications", title: "Notifications", summary: "Who hears about bookings, and reminder e-mails" },
  { slug: "appearance", title: "Appearance", summary: "Colours, logo and cover image of your booking page" },
  { slug: "widget", title: "Website widget", summary: "The booking button for your own website" },
  { slug: "domain", title: "Custom domain", summary: "Your booking page at your own web address, and its set-up" },
  { slug: "payments", title: "Payments", summary: "Stripe, payment when booking, no-show and late-cancellation fees" },
  { slug: "gift-cards", title: "Gift cards", summary: "Selling gift cards online: amounts, limits and validity" },
  { slug: "reliability", title: "Client reliability", summary: "Card, deposit or a call for clients who often miss or cancel late" },
  { slug: "webhooks", title: "Webhooks", summary: "Booking events sent to your own systems" },
  { slug: "members", title: "Members", summary: "Who in your team signs in, and their roles" },
  { slug: "api-keys", title: "API keys", summary: "Keys for your own software" },
  { slug: "failed-jobs", title: "Failed deliveries", summary: "E-mails, webhooks and payments that could not be sent" },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
export type SettingsSlug = SettingsSection["slug"];

export const settingsSectionPath = (slug: SettingsSlug) => `${SETTINGS_PATH}/${slug}`;

/** The section a path opens (`/app/settings/<slug>`), or null (the index, or no section of ours). */
export function settingsSectionAt(pathname: string): SettingsSection | null {
  return SETTINGS_SECTIONS.find((s) => settingsSectionPath(s.slug) === pathname) ?? null;
}

/** A section page's title (the document's, before " · Front desk"). */
export const settingsTitle = (s: SettingsSection) => `${s.title} · Settings`;
