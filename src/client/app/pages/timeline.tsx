import { isHexColor } from "../../../shared/color";
import type { BookingItem } from "../../shared/api-types";
import { localParts } from "../lib/zoned";
import { personName } from "../ui/format";
import { t } from "../shell/i18n";
import { statusLabel } from "../ui/kit";

/** Minutes of the day `date` an instant falls on (0 or 1440 when it is another day). */
const minuteOn = (iso: string, tz: string, date: string) => {
  const p = localParts(iso, tz);
  return p.date < date ? 0 : p.date > date ? 1440 : p.minutes;
};

type StaffLike = { id: string; displayName: string; color: string };

/** The staff colour as a CSS variable (validated hex only; set through CSSOM, which the CSP allows). */
export const staffStyle = (color: string) => ({ "--staff": isHexColor(color) ? color : "#6b7280" });

/**
 * One day as a horizontal timeline, one lane per staff member: each booking a block from its
 * start to its end. The hours shown cover 08:00-20:00 and stretch to any booking outside them.
 */
export function Timeline(p: { staff: StaffLike[]; bookings: BookingItem[]; tz: string; date: string; onOpen: (id: string) => void }) {
  const spans = p.bookings.map((b) => {
    const s = localParts(b.startDatetime, p.tz);
    const e = localParts(b.endDatetime, p.tz);
    const start = s.date < p.date ? 0 : s.minutes;
    const end = e.date > p.date ? 1440 : Math.max(e.minutes, start + 5);
    // design.md §26: the processing window (the staff member free) as a share of the block, drawn paler.
    const w = b.processing;
    const processing = w ? [minuteOn(w.startDatetime, p.tz, p.date), minuteOn(w.endDatetime, p.tz, p.date)] : null;
    return { b, start, end, label: `${s.time}\u2013${e.time}`, processing };
  });
  const from = Math.min(8 * 60, ...spans.map((x) => Math.floor(x.start / 60) * 60));
  const to = Math.max(20 * 60, ...spans.map((x) => Math.ceil(x.end / 60) * 60));
  const pct = (m: number) => `${((m - from) / (to - from)) * 100}%`;
  const hours: number[] = [];
  for (let h = from; h < to; h += 60) hours.push(h);
  return (
    <div class="timeline" role="list" aria-label={t("timeline.label")}>
      <div class="timeline-scale" aria-hidden="true">
        <span class="lane-name"></span>
        <div class="lane-track">
          {hours.map((h) => (
            <span class="tick" style={{ left: pct(h) }}>
              {String(h / 60).padStart(2, "0")}
            </span>
          ))}
        </div>
      </div>
      {p.staff.map((st) => {
        const mine = spans.filter((x) => x.b.staffId === st.id);
        return (
          <div class="lane" role="listitem" style={staffStyle(st.color)}>
            <span class="lane-name">
              <span class="swatch-dot"></span>
              {st.displayName}
              <span class="muted small"> ({mine.length})</span>
            </span>
            <div class="lane-track">
              {mine.map((x) => (
                <button
                  type="button"
                  class={`tl-block status-${x.b.status}${x.b.visitId ? " in-visit" : ""}${x.processing ? " has-processing" : ""}`}
                  data-visit={x.b.visitId}
                  style={{ left: pct(x.start), width: `calc(${pct(x.end)} - ${pct(x.start)})` }}
                  title={`${x.label} ${personName(x.b.customer)}, ${x.b.serviceName}`}
                  onClick={() => p.onOpen(x.b.id)}
                >
                  {x.processing ? (
                    <span
                      class="tl-processing"
                      aria-hidden="true"
                      style={{
                        left: `${((x.processing[0] - x.start) / (x.end - x.start)) * 100}%`,
                        width: `${((x.processing[1] - x.processing[0]) / (x.end - x.start)) * 100}%`,
                      }}
                    ></span>
                  ) : null}
                  <span class="tl-time">{x.label.slice(0, 5)}</span> {personName(x.b.customer)}
                  <span class="visually-hidden">
                    {", "}
                    {t("timeline.block", {
                      end: x.label.slice(-5),
                      service: x.b.serviceName,
                      status: statusLabel(x.b.status),
                      visit: x.b.visitId ? "yes" : "no",
                    })}
                  </span>
                </button>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
