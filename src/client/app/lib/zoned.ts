/**
 * Times of the business's own zone in the browser (the owner API speaks UTC instants; pages show
 * and take the business's local wall time). Intl does the zone arithmetic; nothing here assumes
 * the browser's own zone.
 */

import { intlLocale } from "../shell/i18n";

export type LocalParts = {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  time: string;
  /** Minutes since local midnight. */
  minutes: number;
};

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** An instant (ISO string or epoch ms) as the business's local date, time and minute of the day. */
export function localParts(instant: string | number, timeZone: string): LocalParts {
  const ms = typeof instant === "number" ? instant : Date.parse(instant);
  const parts: Record<string, string> = {};
  for (const p of partsFormat(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const hour = parts.hour === "24" ? "00" : parts.hour;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${hour}:${parts.minute}`,
    minutes: Number(hour) * 60 + Number(parts.minute),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const [y, m, d] = p.date.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d, Math.floor(p.minutes / 60), p.minutes % 60);
  return wall - (ms - (ms % 60_000));
}

/**
 * The instant of a local wall time (`YYYY-MM-DD`, `HH:MM`) as an ISO string. A time the clocks
 * skip gives the instant they jump to; a repeated time gives its earlier instant (as the server's
 * slot rules do).
 */
export function localToIso(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Try the offsets in force a day either side; keep the earliest instant that shows this wall time.
  const candidates = [offsetAt(wall - 86_400_000, timeZone), offsetAt(wall, timeZone), offsetAt(wall + 86_400_000, timeZone)]
    .map((off) => wall - off)
    .sort((a, b) => a - b);
  for (const ms of candidates) {
    const p = localParts(ms, timeZone);
    if (p.date === date && p.minutes === hh * 60 + mm) return new Date(ms).toISOString();
  }
  // In a gap the wall time does not exist: the instant the clocks jump (the offset changes), found
  // by halving the span between the two readings, to the minute.
  let lo = candidates[0];
  let hi = candidates[candidates.length - 1];
  const before = offsetAt(lo, timeZone);
  while (hi - lo > 60_000) {
    const mid = lo + Math.max(60_000, Math.floor((hi - lo) / 120_000) * 60_000);
    if (mid >= hi) break;
    if (offsetAt(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return new Date(hi).toISOString();
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday .. 6 = Saturday, as the API's `dayOfWeek`. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export const isDate = (s: string | null | undefined): s is string =>
  !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && addDays(s, 0) === s;

/** Minutes of the day as `HH:MM`. */
export function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** `HH:MM` as minutes of the day ("24:00" = 1440); NaN when malformed. */
export function minutesOf(time: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Tue, Mar 11, 2031" for a `YYYY-MM-DD` date (calendar arithmetic, no zone), in the app's language ("Di., 11. März 2031"). */
export function dayLabel(date: string, style: "long" | "short" = "long"): string {
  const key = style;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(), {
      timeZone: "UTC",
      weekday: "short",
      day: "numeric",
      month: "short",
      ...(style === "long" ? { year: "numeric" } : {}),
    });
    dayFormats.set(key, f);
  }
  const [y, m, d] = date.split("-").map(Number);
  return f.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Tue, Mar 11, 2031, 10:00" of an instant in the business's zone. */
export function whenLabel(instant: string, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${dayLabel(p.date)}, ${p.time}`;
}

/** "10:00–11:00" of two instants in the business's zone. */
export function timeSpan(start: string, end: string, timeZone: string): string {
  return `${localParts(start, timeZone).time}\u2013${localParts(end, timeZone).time}`;
}
