// Settings → Text messages (design.md §27): which texts go to customers who agreed to them, and
// the month's texts against the business's limit (set by the platform, read-only here). The panel
// is absent while the platform has no text provider.
import type { SettingsView } from "../../shared/api-types";
import { BusinessForm } from "./settings-form";

/** "March 2031" of a "2031-03" month. */
function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, 1));
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

function Usage(p: { sms: NonNullable<SettingsView["sms"]>; hours: number[] }) {
  const { limit, usedThisMonth, month } = p.sms;
  return (
    <>
      <p class="muted">
        Texts go only to customers who agreed to them when they booked (online, or aloud at the front desk). A customer can reply Y to
        confirm or N to cancel the booking of a reminder, and STOP to get no more texts.
      </p>
      <p id="texts-usage" role="status">
        {limit === 0 ? (
          <>
            <strong>Your plan includes no texts.</strong> Ask the platform's support to raise your monthly limit.
          </>
        ) : (
          <>
            <strong>
              {usedThisMonth} of {limit} texts
            </strong>{" "}
            used in {monthLabel(month)}.{" "}
            {usedThisMonth >= limit
              ? "The limit is reached: no more texts go out until next month."
              : "Texts stop for the month at the limit."}
          </>
        )}
      </p>
      {p.hours.length === 0 ? <p class="muted small">Reminder texts need reminder hours, set under Notifications.</p> : null}
    </>
  );
}

export function TextMessagesPanel(p: { view: SettingsView; reload: () => void }) {
  const sms = p.view.sms;
  if (!sms) return null;
  const b = p.view.settings;
  const hours = b.reminderHours;
  return (
    <BusinessForm
      id="texts"
      title="Text messages"
      business={b}
      viewer={p.view.viewer}
      onSaved={p.reload}
      intro={<Usage sms={sms} hours={hours} />}
      fields={[
        { key: "smsConfirmations", label: "Text the customer when a booking is confirmed, moved or cancelled", kind: "check" },
        {
          key: "smsReminders",
          label: "Text the customer a reminder",
          kind: "check",
          hint: hours.length
            ? `At the reminder hours: ${hours.join(" and ")} hours before.`
            : "Set reminder hours under Notifications first.",
        },
      ]}
    />
  );
}
