import type { BookingItem, StaffWithHours } from "../../shared/api-types";
import { t } from "../shell/i18n";
import { personName } from "../ui/format";
import { statusLabel } from "../ui/kit";
import { staffStyle } from "./timeline";

/** Vertical scale: 15 minutes = 12 px (an hour 48 px, the height CSS draws hour lines at). */
export const PX_PER_MIN = 0.8;
/** One line of block text: --text-xs (12 px) at --leading-tight (1.25), as `.cal-block-text` sets it. */
const LINE_PX = 15;
/** The block's 1 px border above and below: its text and processing window sit inside. */
const BORDER_PX = 2;

/** A part of a day in minutes, with its "10:00–11:00" label. */
export type Span<T> = { item: T; start: number; end: number; label: string };

/** How a block tells its visit (design.md §26): the items of one visit share its code and count. */
export type VisitInfo = { index: number; count: number; code: string | null };

/** Where a block's text goes: px from the block's top, px tall, and how many text lines fit there. */
export type TextRoom = { top: number; height: number; lines: number };

/**
 * The text never lies over the processing window's hatching: it takes the larger free part of the
 * block, above the window or below it (above when they tie). A window that leaves no line free
 * either side keeps one line on top, on a plain background (`over`).
 */
export function textRoom(
  block: { start: number; end: number },
  processing: { start: number; end: number } | null,
): TextRoom & { over: boolean } {
  const whole = (block.end - block.start) * PX_PER_MIN - BORDER_PX;
  const linesIn = (px: number) => Math.floor(px / LINE_PX);
  if (!processing) return { top: 0, height: whole, lines: Math.max(1, linesIn(whole)), over: false };
  const above = (processing.start - block.start) * PX_PER_MIN;
  const belowTop = (processing.end - block.start) * PX_PER_MIN;
  const below = whole - belowTop;
  if (linesIn(above) >= 1 && above >= below) return { top: 0, height: above, lines: linesIn(above), over: false };
  if (linesIn(below) >= 1) return { top: belowTop, height: below, lines: linesIn(below), over: false };
  return { top: 0, height: Math.min(whole, LINE_PX), lines: 1, over: true };
}

/**
 * One booking in a lane: four lines (time, customer, service, visit) when they fit; fewer lines with
 * time and customer on the first when they do not; one line for short blocks. What is cut visually
 * stays in the button's accessible name (visually hidden) and its tooltip.
 */
export function CalendarBlock(p: {
  span: Span<BookingItem>;
  processing: Span<BookingItem> | null;
  visit: VisitInfo | undefined;
  staff: StaffWithHours | undefined;
  resourceLane: boolean;
  compact: boolean;
  top: string;
  height: string;
  onOpen: (id: string) => void;
}) {
  const { span: b, processing, visit, staff } = p;
  const room = textRoom(b, processing);
  const visitText = visit ? t("cal.visit", { code: visit.code ? `${visit.code} ` : "", index: visit.index, count: visit.count }) : "";
  const who = personName(b.item.customer);
  const staffName = staff?.displayName ?? t("cal.formerStaff");
  const info = t("cal.blockInfo", {
    status: statusLabel(b.item.status),
    staff: staffName,
    processing: processing ? processing.label : "none",
  });
  const stacked = room.lines >= 4 || (p.compact && room.lines >= 2);
  // Lines shown after the first (time and customer): the service, then the visit; the week's narrow
  // columns show neither.
  const more = p.compact ? 0 : room.lines - (stacked ? 2 : 1);
  const shown = (line: number) => (more >= line ? "" : "visually-hidden");
  const tooltip = `${b.label} ${who}, ${b.item.serviceName}${visitText ? `, ${visitText}` : ""} ${info}`;
  return (
    <button
      type="button"
      class={`cal-block status-${b.item.status}${visit ? " in-visit" : ""}${processing ? " has-processing" : ""}`}
      style={{ top: p.top, height: p.height, ...(p.resourceLane ? staffStyle(staff?.color ?? "") : {}) }}
      title={tooltip}
      data-visit={b.item.visitId}
      onClick={() => p.onOpen(b.item.id)}
    >
      {processing ? (
        <span
          class="cal-processing"
          aria-hidden="true"
          style={{
            top: `${(processing.start - b.start) * PX_PER_MIN}px`,
            height: `${(processing.end - processing.start) * PX_PER_MIN}px`,
          }}
        ></span>
      ) : null}
      <span
        class={`cal-block-text${stacked ? " stacked" : ""}${room.over ? " over" : ""}`}
        style={{ top: `${room.top}px`, height: `${room.height}px` }}
      >
        <span class="cal-block-head">
          <span class="cal-block-time">{b.label}</span> <span class="cal-block-who">{who}</span>
        </span>{" "}
        <span class={`cal-block-what ${shown(1)}`}>{b.item.serviceName}</span>
        {visit ? <span class={`cal-block-visit ${shown(2)}`}> {visitText}</span> : null}
      </span>
      <span class="visually-hidden"> {info}</span>
    </button>
  );
}
