import type { BookingHistoryEntry, OwnerBookingDetail } from "../../shared/api-types";
import { whenLabel } from "../lib/zoned";
import { sourceLabel, statusLabel } from "../ui/kit";
import type { StaffChoice } from "./change-forms";

// The booking detail's history (who changed what, when) and its line about texts (design.md §27).

/** Whether texts about the booking go out (design.md §27), or why not. */
export function textsLine(t: NonNullable<OwnerBookingDetail["texts"]>): string {
  return t.problem ? `No texts: ${t.problem}` : `Sent to ${t.e164}`;
}

function historyLine(h: BookingHistoryEntry, tz: string, staffName: (id: string) => string): string {
  const by =
    h.actor.type === "customer"
      ? "the customer"
      : h.actor.type === "api_key"
        ? `the API key “${h.actor.name ?? "deleted"}”`
        : h.actor.type === "system"
          ? "the system"
          : h.actor.name || "a team member";
  const d = h.details as Record<string, unknown>;
  switch (h.action) {
    case "booking.created":
      return `Booked (${sourceLabel(String(d.source ?? ""))}${d.override ? ", outside the offered times" : ""}) by ${by}`;
    case "booking.status_changed":
      return `${statusLabel(String(d.from))} → ${statusLabel(String(d.to))} by ${by}`;
    case "booking.cancelled":
      return `Cancelled by ${by}${h.reason ? `: “${h.reason}”` : ""}`;
    case "booking.customer_confirmed":
      return "Confirmed by the customer's reply to a text reminder";
    case "booking.rescheduled": {
      const from = d.from as { start?: string; staffId?: string } | undefined;
      const to = d.to as { start?: string; staffId?: string } | undefined;
      const where = (x?: { start?: string; staffId?: string }) =>
        x?.start ? `${whenLabel(x.start, tz)} with ${staffName(x.staffId ?? "")}` : "";
      return `Moved from ${where(from)} to ${where(to)} by ${by}`;
    }
    default:
      return h.action;
  }
}

export function History(p: { detail: OwnerBookingDetail; tz: string; staff?: StaffChoice[] }) {
  const d = p.detail;
  const staffName = (id: string) =>
    p.staff?.find((s) => s.id === id)?.displayName ?? (id === d.staff.id ? d.staff.displayName : "another staff member");
  const made = d.history.some((h) => h.action === "booking.created");
  return (
    <ol class="history">
      {made ? null : (
        <li>
          Booked ({sourceLabel(d.source)})<time>{whenLabel(d.createdAt, p.tz)}</time>
        </li>
      )}
      {d.history.map((h) => (
        <li>
          {historyLine(h, p.tz, staffName)}
          <time>{whenLabel(h.createdAt, p.tz)}</time>
        </li>
      ))}
    </ol>
  );
}
