import type { BookingItem, CalendarView, StaffWithHours } from "../../shared/api-types";
import { dayLabel, hhmm, localParts, minutesOf, weekdayOf } from "../lib/zoned";
import { t } from "../shell/i18n";
import { personName } from "../ui/format";
import { statusLabel } from "../ui/kit";
import { staffStyle } from "./timeline";

export type FreeTime = { staffId: string; date: string; time: string };

/** Vertical scale: 15 minutes = 12 px (an hour 48 px, the height CSS draws hour lines at). */
export const PX_PER_MIN = 0.8;
const SNAP = 15;

type Span<T> = { item: T; start: number; end: number; label: string };

/** The part of [start, end) that falls on `date` in the business's zone, as minutes of that day. */
function onDate<T>(item: T, startIso: string, endIso: string, date: string, tz: string): Span<T> | null {
  const s = localParts(startIso, tz);
  const e = localParts(endIso, tz);
  if (e.date < date || s.date > date || (e.date === date && e.minutes === 0 && s.date < date)) return null;
  const start = s.date < date ? 0 : s.minutes;
  const end = e.date > date ? 1440 : e.minutes;
  return end > start ? { item, start, end, label: `${s.time}\u2013${e.time}` } : null;
}

/** The hours a grid shows: 08:00-20:00, stretched to working hours and bookings outside them. */
export function hourRange(staff: StaffWithHours[], dates: string[], bookings: BookingItem[], tz: string): [number, number] {
  let from = 8 * 60;
  let to = 20 * 60;
  for (const d of dates) {
    const wd = weekdayOf(d);
    for (const s of staff)
      for (const h of s.workingHours) {
        if (h.dayOfWeek !== wd) continue;
        from = Math.min(from, minutesOf(h.start));
        to = Math.max(to, h.end === "24:00" ? 1440 : minutesOf(h.end));
      }
    for (const b of bookings) {
      const span = onDate(b, b.startDatetime, b.endDatetime, d, tz);
      if (span) {
        from = Math.min(from, span.start);
        to = Math.max(to, span.end);
      }
    }
  }
  return [Math.floor(from / 60) * 60, Math.min(1440, Math.ceil(to / 60) * 60)];
}

/** The time axis beside the columns. */
export function TimeAxis(p: { range: [number, number] }) {
  const hours: number[] = [];
  for (let m = p.range[0]; m < p.range[1]; m += 60) hours.push(m);
  return (
    <div class="cal-axis" aria-hidden="true">
      <div class="cal-head"></div>
      <div class="cal-axis-body" style={{ height: `${(p.range[1] - p.range[0]) * PX_PER_MIN}px` }}>
        {hours.map((m) => (
          <span class="cal-hour" style={{ top: `${(m - p.range[0]) * PX_PER_MIN}px` }}>
            {hhmm(m)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** How a block tells its visit (design.md §26): the items of one visit share its code and count. */
export type VisitInfo = { index: number; count: number; code: string | null };

/** Each visit item's place in its visit ("2 of 3"), from the bookings shown (a visit is one day). */
export function visitsOf(bookings: BookingItem[]): Map<string, VisitInfo> {
  const byVisit = new Map<string, BookingItem[]>();
  for (const b of bookings) if (b.visitId) byVisit.set(b.visitId, [...(byVisit.get(b.visitId) ?? []), b]);
  const out = new Map<string, VisitInfo>();
  for (const items of byVisit.values()) {
    const ordered = [...items].sort((a, b) => a.startDatetime.localeCompare(b.startDatetime));
    for (const [i, b] of ordered.entries()) out.set(b.id, { index: i + 1, count: ordered.length, code: b.confirmationCode });
  }
  return out;
}

/** What a column shows: the lane, its light (bookable) time, the bookings in it and the time off. */
export type Lane = {
  id: string;
  name: string;
  heading: string;
  color: string;
  kind: "staff" | "resource";
  work: Array<[number, number]>;
  bookings: BookingItem[];
  offs: Array<{ start: string; end: string; reason: string }>;
};

/**
 * One lane's day (a staff member's, or a resource's in the resources view): working time light,
 * the rest shaded, time off hatched, bookings as blocks in the staff member's colour styled by
 * status, a processing window paler inside its block. A click on free time in a staff member's
 * lane asks for a new booking at that quarter-hour (keyboard users have the "New booking" button).
 */
export function LaneColumn(p: {
  lane: Lane;
  date: string;
  tz: string;
  range: [number, number];
  visits: Map<string, VisitInfo>;
  staffOf: (id: string) => StaffWithHours | undefined;
  compact?: boolean;
  onOpen: (id: string) => void;
  onFree?: (t: FreeTime) => void;
}) {
  const [from, to] = p.range;
  const y = (m: number) => `${(Math.max(from, Math.min(to, m)) - from) * PX_PER_MIN}px`;
  const h = (a: number, b: number) => `${(Math.min(to, b) - Math.max(from, a)) * PX_PER_MIN}px`;
  const blocks = p.lane.bookings
    .map((b) => onDate(b, b.startDatetime, b.endDatetime, p.date, p.tz))
    .filter((x): x is Span<BookingItem> => x !== null);
  const offs = p.lane.offs.map((t) => onDate(t, t.start, t.end, p.date, p.tz)).filter((x): x is Span<Lane["offs"][number]> => x !== null);

  function free(e: MouseEvent) {
    const target = e.target as HTMLElement;
    if (!p.onFree || target.closest("button, .cal-off")) return;
    const body = e.currentTarget as HTMLElement;
    const offset = (e.clientY - body.getBoundingClientRect().top) / PX_PER_MIN;
    const minute = Math.min(to - SNAP, Math.max(from, from + Math.floor(offset / SNAP) * SNAP));
    p.onFree({ staffId: p.lane.id, date: p.date, time: hhmm(minute) });
  }

  return (
    <div class={p.compact ? "cal-col compact" : "cal-col"} style={staffStyle(p.lane.color)} role="group" aria-label={p.lane.heading}>
      <div class="cal-head">
        {p.lane.kind === "staff" ? <span class="swatch-dot"></span> : null}
        <span class="cal-head-name">{p.compact ? initials(p.lane.name) : p.lane.name}</span>
      </div>
      <div
        class={p.onFree ? "cal-body" : "cal-body no-free"}
        style={{ height: `${(to - from) * PX_PER_MIN}px` }}
        {...{ [p.lane.kind === "staff" ? "data-staff" : "data-resource"]: p.lane.id }}
        data-date={p.date}
        // A pointer shortcut only: keyboard users book with the "New booking" button (same dialog).
        ref={(node: HTMLDivElement | null) => {
          if (node) node.onclick = free;
        }}
      >
        {p.lane.work.map(([a, b]) => (
          <div class="cal-work" style={{ top: y(a), height: h(a, b) }}></div>
        ))}
        {offs.map((o) => (
          <div
            class="cal-off"
            style={{ top: y(o.start), height: h(o.start, o.end) }}
            title={t("cal.timeOffTitle", { span: o.label, reason: o.item.reason || "none" })}
          >
            <span>{t("cal.timeOff", { reason: o.item.reason || "none" })}</span>
          </div>
        ))}
        {blocks.map((b) => {
          const staff = p.staffOf(b.item.staffId);
          const visit = p.visits.get(b.item.id);
          const processing = b.item.processing
            ? onDate(b.item, b.item.processing.startDatetime, b.item.processing.endDatetime, p.date, p.tz)
            : null;
          return (
            <button
              type="button"
              class={`cal-block status-${b.item.status}${visit ? " in-visit" : ""}${processing ? " has-processing" : ""}`}
              style={{ top: y(b.start), height: h(b.start, b.end), ...(p.lane.kind === "resource" ? staffStyle(staff?.color ?? "") : {}) }}
              data-visit={b.item.visitId}
              onClick={() => p.onOpen(b.item.id)}
            >
              {processing ? (
                <span
                  class="cal-processing"
                  aria-hidden="true"
                  title={t("cal.processingTitle", { span: processing.label, staff: staff?.displayName ?? t("cal.theStaff") })}
                  style={{
                    top: `${(processing.start - b.start) * PX_PER_MIN}px`,
                    height: `${(processing.end - processing.start) * PX_PER_MIN}px`,
                  }}
                ></span>
              ) : null}
              <span class="cal-block-time">{b.label}</span> <span class="cal-block-who">{personName(b.item.customer)}</span>{" "}
              <span class={p.compact ? "visually-hidden" : "cal-block-what"}>{b.item.serviceName}</span>
              {visit ? (
                <span class={p.compact ? "visually-hidden" : "cal-block-visit"}>
                  {" "}
                  {t("cal.visit", { code: visit.code ? `${visit.code} ` : "", index: visit.index, count: visit.count })}
                </span>
              ) : null}
              <span class="visually-hidden">
                {" "}
                {t("cal.blockInfo", {
                  status: statusLabel(b.item.status),
                  staff: staff?.displayName ?? t("cal.formerStaff"),
                  processing: processing ? processing.label : "none",
                })}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** A staff member's lane: their weekly hours light, their time off and their bookings. */
export function staffLane(s: StaffWithHours, date: string, d: Pick<CalendarView, "bookings" | "timeOff">, heading: string): Lane {
  const wd = weekdayOf(date);
  return {
    id: s.id,
    name: s.displayName,
    heading,
    color: s.color,
    kind: "staff",
    work: s.workingHours
      .filter((x) => x.dayOfWeek === wd)
      .map((x): [number, number] => [minutesOf(x.start), x.end === "24:00" ? 1440 : minutesOf(x.end)]),
    bookings: d.bookings.filter((b) => b.staffId === s.id),
    offs: d.timeOff.filter((t) => t.staffId === s.id),
  };
}

/** A resource's lane (the resources view): no hours of its own, its time off, the bookings holding it. */
export function resourceLane(
  r: CalendarView["resources"][number],
  d: Pick<CalendarView, "bookings" | "resourceTimeOff">,
  range: [number, number],
  heading: string,
): Lane {
  return {
    id: r.id,
    name: r.isActive ? r.name : `${r.name} (inactive)`,
    heading,
    color: "",
    kind: "resource",
    work: [range],
    bookings: d.bookings.filter((b) => b.resourceIds?.includes(r.id)),
    offs: d.resourceTimeOff.filter((t) => t.resourceId === r.id),
  };
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join("")
    .slice(0, 3)
    .toUpperCase();

/** A week on a narrow screen: each day's bookings as a list (the grid needs a wide screen). */
export function WeekAgenda(p: {
  dates: string[];
  bookings: BookingItem[];
  staff: StaffWithHours[];
  tz: string;
  onOpen: (id: string) => void;
  onDay: (d: string) => void;
}) {
  return (
    <ol class="agenda">
      {p.dates.map((d) => {
        const mine = p.bookings.filter((b) => localParts(b.startDatetime, p.tz).date === d);
        return (
          <li>
            <h3>
              <button type="button" class="link-button" onClick={() => p.onDay(d)}>
                {dayLabel(d)}
              </button>
            </h3>
            {mine.length === 0 ? (
              <p class="muted small">{t("cal.noBookings")}</p>
            ) : (
              <ul class="booking-list">
                {mine.map((b) => {
                  const st = p.staff.find((s) => s.id === b.staffId);
                  return (
                    <li style={staffStyle(st?.color ?? "")}>
                      <button type="button" class="booking-row" onClick={() => p.onOpen(b.id)}>
                        <span class="booking-when">
                          <span class="swatch-dot"></span>
                          {localParts(b.startDatetime, p.tz).time}–{localParts(b.endDatetime, p.tz).time} · {st?.displayName ?? ""}
                        </span>
                        <span class="booking-who">
                          {personName(b.customer)} · {b.serviceName}
                        </span>
                        <span class={`status status-${b.status}`}>{statusLabel(b.status)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
