import type { BookingHistoryEntry, OwnerBookingDetail } from "../../shared/api-types";
import { whenLabel } from "../lib/zoned";
import { t } from "../shell/i18n";
import { sourceLabel, statusLabel } from "../ui/kit";
import type { StaffChoice } from "./change-forms";

// The booking detail's history (who changed what, when) and its line about texts (design.md §27).

/**
 * Whether texts about the booking go out (design.md §27), or why not: no consent and an opted-out
 * number in the app's words; a number the server could not read keeps the server's explanation.
 */
export function textsLine(texts: NonNullable<OwnerBookingDetail["texts"]>): string {
  if (!texts.problem) return t("bdh.textsTo", { phone: texts.e164 ?? "" });
  if (!texts.optIn) return t("bdh.noConsent");
  if (texts.e164) return t("bdh.optedOut", { phone: texts.e164 });
  return t("bdh.textsOff", { problem: texts.problem });
}

/** "by the customer", "by Sam": who made a change, as the end of a history line. */
function byWhom(actor: BookingHistoryEntry["actor"]): string {
  if (actor.type === "api_key") return t("bdh.by", { actor: actor.name ? "api_key" : "api_key_deleted", name: actor.name ?? "" });
  if (actor.type === "customer" || actor.type === "system") return t("bdh.by", { actor: actor.type, name: "" });
  return t("bdh.by", { actor: actor.name ? "member" : "other", name: actor.name ?? "" });
}

function historyLine(h: BookingHistoryEntry, tz: string, staffName: (id: string) => string): string {
  const by = byWhom(h.actor);
  const d = h.details as Record<string, unknown>;
  switch (h.action) {
    case "booking.created":
      return t("bdh.booked", { source: sourceLabel(String(d.source ?? "")), override: d.override ? "yes" : "no", by });
    case "booking.status_changed":
      return t("bdh.status", { from: statusLabel(String(d.from)), to: statusLabel(String(d.to)), by });
    case "booking.cancelled":
      return t("bdh.cancelled", { by, withReason: h.reason ? "yes" : "no", reason: h.reason ?? "" });
    case "booking.customer_confirmed":
      return t("bdh.customerConfirmed");
    case "booking.rescheduled": {
      const from = d.from as { start?: string; staffId?: string } | undefined;
      const to = d.to as { start?: string; staffId?: string } | undefined;
      const where = (x?: { start?: string; staffId?: string }) =>
        x?.start ? t("bdh.where", { when: whenLabel(x.start, tz), staff: staffName(x.staffId ?? "") }) : "";
      return t("bdh.moved", { from: where(from), to: where(to), by });
    }
    default:
      return h.action;
  }
}

export function History(p: { detail: OwnerBookingDetail; tz: string; staff?: StaffChoice[] }) {
  const d = p.detail;
  const staffName = (id: string) =>
    p.staff?.find((s) => s.id === id)?.displayName ?? (id === d.staff.id ? d.staff.displayName : t("bdh.anotherStaff"));
  const made = d.history.some((h) => h.action === "booking.created");
  return (
    <ol class="history">
      {made ? null : (
        <li>
          {t("bdh.bookedPlain", { source: sourceLabel(d.source) })}
          <time>{whenLabel(d.createdAt, p.tz)}</time>
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
