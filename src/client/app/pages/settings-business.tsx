// Settings sections that edit the business record itself (PATCH /api/businesses/me), each its own
// form with its own Save: profile, booking rules, notifications.
import { BusinessForm, type SectionProps } from "./settings-form";

function timeZones(current: string): Array<{ value: string; label: string }> {
  const all = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  const list = all.includes(current) ? all : [current, ...all];
  return list.map((z) => ({ value: z, label: z.replace(/_/g, " ") }));
}

const formOf = (p: SectionProps) => ({ business: p.view.settings, viewer: p.view.viewer, onSaved: p.reload });

export function ProfileSection(p: SectionProps) {
  return (
    <BusinessForm
      id="profile"
      title="Profile"
      {...formOf(p)}
      fields={[
        { key: "businessName", label: "Business name", max: 200 },
        { key: "businessType", label: "Type of business", max: 100 },
        { key: "description", label: "Description", kind: "textarea", max: 5000 },
        { key: "email", label: "Contact e-mail", kind: "email" },
        { key: "phone", label: "Phone", kind: "tel", max: 40 },
        { key: "addressLine1", label: "Address", max: 200 },
        { key: "city", label: "City", max: 100 },
        { key: "provinceState", label: "Province or state", max: 100 },
        { key: "country", label: "Country", max: 100 },
        { key: "countryCode", label: "Country code (2 letters)", max: 2 },
        {
          key: "timezone",
          label: "Time zone",
          kind: "select",
          options: timeZones(p.view.settings.timezone),
          hint: "Opening hours and bookings are in this zone.",
        },
        { key: "currency", label: "Currency (3 letters)", max: 3, hint: "Prices are shown and charged in it." },
      ]}
    />
  );
}

export function RulesSection(p: SectionProps) {
  return (
    <BusinessForm
      id="rules"
      title="Booking rules"
      {...formOf(p)}
      fields={[
        {
          key: "minNoticeMinutes",
          label: "Minimum notice (minutes)",
          kind: "number",
          hint: "Online bookings start at least this long from now, e.g. 120 for two hours; 0 = up to the last minute. The front desk is not held to it.",
        },
        {
          key: "maxAdvanceDays",
          label: "Booking horizon (days ahead)",
          kind: "number",
          hint: "Customers can book at most this many days ahead (1 to 730).",
        },
        { key: "cancellationHours", label: "Free cancellation until (hours before)", kind: "number" },
        { key: "cancellationPolicy", label: "Cancellation policy shown to customers", kind: "textarea", max: 5000 },
        { key: "allowGuestBooking", label: "Customers may book without an account", kind: "check" },
        { key: "aiAssistantEnabled", label: "Show the booking assistant on the booking page", kind: "check" },
      ]}
    />
  );
}

export function NotificationsSection(p: SectionProps) {
  const email = p.view.settings.email;
  return (
    <BusinessForm
      id="notifications"
      title="Notifications"
      {...formOf(p)}
      intro={<p class="muted">Who hears about new, moved and cancelled bookings, and when customers get reminder e-mails.</p>}
      fields={[
        {
          key: "notificationEmail",
          label: "Send booking notices to",
          kind: "email",
          hint: `Leave it empty to use the contact e-mail${email ? ` (${email})` : ""}.`,
        },
        {
          key: "reminderHours",
          label: "Reminder e-mails (hours before)",
          kind: "list",
          hint: "Up to 3, separated by commas, e.g. 24, 2. Leave it empty to send no reminders.",
        },
      ]}
    />
  );
}
