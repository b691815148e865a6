import { humanDate } from "../../shared/format";
import { pageLocale, t } from "./i18n";
import { addDays } from "../../shared/local-date";

/**
 * The month calendar's logic without the DOM (unit-tested in test/unit/client/): which dates a
 * month shows, where the arrow keys go, and how the page finds the next date with free times —
 * through the days endpoint, ONE request per month it shows (design.md §16), so a date without
 * times never leaves the customer stuck.
 */

/** What GET /api/public/:slug/availability/days says about one date. */
export type DayInfo = { date: string; slots: number; firstStartTime: string | null };

/** How many months (the one shown first included) a search for free times may show before giving up. */
export const SEARCH_MONTHS = 6;
/** How far ahead the calendar lets the customer page (the longest booking horizon is 730 days). */
export const MAX_MONTHS_AHEAD = 24;

/** `YYYY-MM` of a `YYYY-MM-DD` date. */
export const monthOf = (date: string) => date.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

export const monthStart = (month: string) => `${month}-01`;

export function monthEnd(month: string): string {
  return addDays(monthStart(addMonths(month, 1)), -1);
}

/** Months between two `YYYY-MM` values (b - a). */
export function monthsBetween(a: string, b: string): number {
  const [ya, ma] = a.split("-").map(Number);
  const [yb, mb] = b.split("-").map(Number);
  return (yb - ya) * 12 + (mb - ma);
}

/** The dates of a month the days endpoint is asked about: none before today. null = nothing to ask. */
export function monthRange(month: string, today: string): { from: string; to: string } | null {
  const from = monthStart(month) < today ? today : monthStart(month);
  const to = monthEnd(month);
  return from > to ? null : { from, to };
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The month as weeks of 7 cells starting on `weekStart` (0 = Sunday, 1 = Monday); null pads. */
export function monthGrid(month: string, weekStart: number): (string | null)[][] {
  const first = monthStart(month);
  const last = monthEnd(month);
  const lead = (weekdayOf(first) - weekStart + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The same day `n` months later, clamped to that month's length (Jan 31 + 1 month = Feb 28). */
export function addMonthsToDate(date: string, n: number): string {
  const month = addMonths(monthOf(date), n);
  const day = Math.min(Number(date.slice(8, 10)), Number(monthEnd(month).slice(8, 10)));
  return `${month}-${String(day).padStart(2, "0")}`;
}

/**
 * Where a key moves the focus in the grid (the APG date-picker keys): arrows by a day or a week,
 * Home/End to the start/end of the week, PageUp/PageDown by a month (with Shift: a year). null =
 * not a navigation key.
 */
export function keyTarget(date: string, key: string, shift: boolean, weekStart: number): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));
    case "End":
      return addDays(date, 6 - ((weekdayOf(date) - weekStart + 7) % 7));
    case "PageUp":
      return addMonthsToDate(date, shift ? -12 : -1);
    case "PageDown":
      return addMonthsToDate(date, shift ? 12 : 1);
    default:
      return null;
  }
}

/** The first date at or after `from` (after, when not inclusive) with free times, in one month's answer. */
export function firstWithTimes(days: DayInfo[], from: string, inclusive: boolean): DayInfo | null {
  for (const d of days) if (d.slots > 0 && (inclusive ? d.date >= from : d.date > from)) return d;
  return null;
}

export type Search<E> =
  | { kind: "found"; day: DayInfo }
  | { kind: "none"; through: string }
  | { kind: "error"; error: E }
  | { kind: "superseded" };

/**
 * The first date with free times from `from` on: the month of `from` first (its answer is
 * usually already loaded), then the following months, one `loadMonth` each (which also shows
 * it), at most SEARCH_MONTHS months. Stops when `current()` says the customer moved on.
 */
export async function searchFrom<E>(
  from: string,
  inclusive: boolean,
  loadMonth: (month: string) => Promise<{ days: DayInfo[] } | { error: E }>,
  current: () => boolean,
): Promise<Search<E>> {
  let month = monthOf(from);
  for (let i = 0; i < SEARCH_MONTHS; i++, month = addMonths(month, 1)) {
    const got = await loadMonth(month);
    if (!current()) return { kind: "superseded" };
    if ("error" in got) return { kind: "error", error: got.error };
    const day = firstWithTimes(got.days, from, inclusive);
    if (day) return { kind: "found", day };
  }
  return { kind: "none", through: monthEnd(addMonths(month, -1)) };
}

/** The status line above the times, in plain words (the page's language, design.md §30). */
export function dayMessage(
  r:
    | { kind: "times"; date: string; count: number }
    | { kind: "next"; chosen: string; date: string; count: number }
    | { kind: "first"; date: string; count: number }
    | { kind: "none"; chosen: string; through: string },
  lead = "",
  services = 1,
): string {
  // A lead sentence (an apology) goes before the status, each a whole sentence.
  const prefix = lead ? `${lead} ` : "";
  const day = (date: string) => humanDate(date, pageLocale());
  // design.md §26: a visit's times are starts where every one of its services fits, back to back.
  if (services > 1 && r.kind === "none") {
    return prefix + t("day.visitNone", { services, chosen: day(r.chosen), through: day(r.through) });
  }
  if (services > 1 && r.kind === "next") {
    return prefix + t("day.visitNext", { services, chosen: day(r.chosen), date: day(r.date), count: r.count });
  }
  switch (r.kind) {
    case "times":
      return prefix + t("day.times", { count: r.count, date: day(r.date) });
    case "first":
      return prefix + t("day.first", { count: r.count, date: day(r.date) });
    case "next":
      return prefix + t("day.next", { chosen: day(r.chosen), date: day(r.date), count: r.count });
    case "none":
      return prefix + t("day.none", { chosen: day(r.chosen), through: day(r.through) });
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: "long" | "month"): Intl.DateTimeFormat {
  const locale = pageLocale();
  let f = formats.get(`${kind}|${locale}`);
  if (!f) {
    f =
      kind === "long"
        ? new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
        : new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" });
    formats.set(`${kind}|${locale}`, f);
  }
  return f;
}

const utcDate = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};

/** "March 2031". */
export const monthLabel = (month: string) => format("month").format(utcDate(monthStart(month)));

/** What a screen reader hears for a day button: "Wednesday, June 4, 2031, 13 times available". */
export function dayLabel(date: string, info: DayInfo | undefined, state: "past" | "loading" | "known"): string {
  const base = format("long").format(utcDate(date));
  if (state === "past") return t("day.labelPast", { date: base });
  if (state === "loading" || !info) return base;
  return info.slots > 0 ? t("day.labelTimes", { date: base, count: info.slots }) : t("day.labelNone", { date: base });
}
