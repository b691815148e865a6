import { Temporal } from "temporal-polyfill";

/**
 * Tenant-local time without surprises (design.md §4).
 *
 * Vocabulary used across the booking code:
 * - instant: epoch milliseconds (UTC), what the database stores;
 * - wall ms: a tenant-local wall-clock time encoded as if it were UTC (Date.UTC(y, m-1, d, h, min)),
 *   so local calendar arithmetic is plain integer arithmetic;
 * - DayZone: the time-zone offsets in force around one local date, computed ONCE with Temporal
 *   (the only place the zone database is consulted), then used for integer wall <-> instant maps.
 *
 * Rules: a wall time in a spring-forward gap does not exist (no slot there); a wall time in a
 * fall-back overlap means its EARLIER instant.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 1440;

export type LocalDate = { year: number; month: number; day: number };
export type LocalDateTime = { date: LocalDate; minuteOfDay: number; second: number };

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
// First 19 characters: date, T (or space), HH:MM, optional :SS. What may follow is ignored but must
// look like an ISO-8601 tail (fraction, Z or offset, bracketed zone), so garbage is still refused.
const DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:Z|z|[+-]\d{2}(?::?\d{2})?)?(?:\[[^\]]{1,64}\])?$/;

function validDate(year: number, month: number, day: number): LocalDate | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** `YYYY-MM-DD` that names a real calendar day (2026-02-30 is refused), else null. */
export function parseLocalDate(s: string): LocalDate | null {
  const m = DATE_RE.exec(s);
  return m ? validDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A tenant-local wall time from `YYYY-MM-DDTHH:MM[:SS]`; any offset or `Z` after it is ignored. */
export function parseLocalDateTime(s: string): LocalDateTime | null {
  const m = DATETIME_RE.exec(s);
  if (!m) return null;
  const date = validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (!date || hour > 23 || minute > 59 || second > 59) return null;
  return { date, minuteOfDay: hour * 60 + minute, second };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatLocalDate(d: LocalDate): string {
  return `${String(d.year).padStart(4, "0")}-${pad2(d.month)}-${pad2(d.day)}`;
}

/** Wall ms of the local midnight that starts the date. */
export function wallDayStart(d: LocalDate): number {
  return Date.UTC(d.year, d.month - 1, d.day);
}

/** How many dates `from` to `to` cover, both included (0 or less when `to` is before `from`). */
export function datesInRange(from: LocalDate, to: LocalDate): number {
  return Math.round((wallDayStart(to) - wallDayStart(from)) / DAY_MS) + 1;
}

/** 0 = Sunday .. 6 = Saturday, the numbering of staff_hours. A calendar fact: no zone needed. */
export function weekdayOf(d: LocalDate): number {
  return new Date(wallDayStart(d)).getUTCDay();
}

export function addDays(d: LocalDate, days: number): LocalDate {
  const t = new Date(wallDayStart(d) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function isValidTimeZone(tz: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(tz);
    return true;
  } catch {
    return false;
  }
}

/** Instants in [startMs, endMs) have this UTC offset. */
export type ZoneSegment = { startMs: number; endMs: number; offsetMs: number };

export type DayZone = {
  timeZone: string;
  date: LocalDate;
  /** `YYYY-MM-DD` of `date`, and of the following day (end times may fall on it). */
  dateKey: string;
  nextDateKey: string;
  /** Wall ms of the date's 00:00. */
  wallStartMs: number;
  /** Offsets from a day before the date to two days after it: covers every wall time of the date and of 24:00. */
  segments: ZoneSegment[];
};

/** The zone's offsets over the instants [lo, hi), one segment per offset in force (the zone database's transitions). */
export function zoneSegments(timeZone: string, lo: number, hi: number): ZoneSegment[] {
  const segments: ZoneSegment[] = [];
  let cursor = Temporal.Instant.fromEpochMilliseconds(lo).toZonedDateTimeISO(timeZone);
  let segStart = lo;
  let offsetMs = cursor.offsetNanoseconds / 1e6;
  // A zone changes its offset at most a few times a year; the guard only bounds a broken database.
  for (let guard = 0; guard < 64; guard++) {
    const next = cursor.getTimeZoneTransition("next");
    if (!next || next.epochMilliseconds >= hi) break;
    segments.push({ startMs: segStart, endMs: next.epochMilliseconds, offsetMs });
    segStart = next.epochMilliseconds;
    offsetMs = next.offsetNanoseconds / 1e6;
    cursor = next;
  }
  segments.push({ startMs: segStart, endMs: hi, offsetMs });
  return segments;
}

/** What wall <-> instant maps need: offsets covering every instant they are asked about. */
export type ZoneOffsets = Pick<DayZone, "segments">;

const RANGE_CACHE_LIMIT = 64;
const rangeCache = new Map<string, ZoneOffsets>();

/**
 * The offsets around a whole range of local dates (a day before `from` to two days after `to`),
 * for wall <-> instant maps over all of it with one zone-database walk (a year's report would
 * otherwise compute 366 DayZones). Kept per isolate (bounded), like dayZone.
 */
export function rangeOffsets(timeZone: string, from: LocalDate, to: LocalDate): ZoneOffsets {
  const key = `${timeZone}|${formatLocalDate(from)}|${formatLocalDate(to)}`;
  const hit = rangeCache.get(key);
  if (hit) return hit;
  const offsets = { segments: zoneSegments(timeZone, wallDayStart(from) - DAY_MS, wallDayStart(to) + 2 * DAY_MS) };
  if (rangeCache.size >= RANGE_CACHE_LIMIT) rangeCache.delete(rangeCache.keys().next().value!);
  rangeCache.set(key, offsets);
  return offsets;
}

const ZONE_CACHE_LIMIT = 2000;
const zoneCache = new Map<string, DayZone>();

/**
 * The offsets around one local date. The zone database only changes with a deploy, so results are
 * kept per isolate (bounded): availability for a busy tenant pays the Temporal cost once per day.
 * Throws a RangeError for an unknown time zone.
 */
export function dayZone(timeZone: string, date: LocalDate): DayZone {
  const dateKey = formatLocalDate(date);
  const key = `${timeZone}|${dateKey}`;
  const hit = zoneCache.get(key);
  if (hit) return hit;

  const wallStartMs = wallDayStart(date);
  // Offsets lie within -12h..+14h, so a day of margin each side suffices.
  const segments = zoneSegments(timeZone, wallStartMs - DAY_MS, wallStartMs + 2 * DAY_MS);

  const zone: DayZone = { timeZone, date, dateKey, nextDateKey: formatLocalDate(addDays(date, 1)), wallStartMs, segments };
  if (zoneCache.size >= ZONE_CACHE_LIMIT) zoneCache.delete(zoneCache.keys().next().value!);
  zoneCache.set(key, zone);
  return zone;
}

/**
 * Wall ms -> instant. Ambiguous (fall-back) wall times give the earlier instant. A wall time in a
 * spring-forward gap gives NaN with "reject" (it does not exist: never a slot), or the transition
 * instant with "clamp" (a working-hours boundary inside the gap means "when the clock jumps").
 */
export function wallToInstant(zone: ZoneOffsets, wallMs: number, gap: "reject" | "clamp"): number {
  const segs = zone.segments;
  // Segments ascend and are disjoint, so the first match is the earliest instant.
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const t = wallMs - s.offsetMs;
    if (t >= s.startMs && t < s.endMs) return t;
  }
  if (gap === "reject") return NaN;
  for (let i = 0; i + 1 < segs.length; i++) {
    const b = segs[i].endMs;
    if (wallMs - segs[i].offsetMs >= b && wallMs - segs[i + 1].offsetMs < b) return b;
  }
  return NaN;
}

/** Instant -> wall ms, by the offset in force at that instant. */
export function instantToWall(zone: ZoneOffsets & Pick<DayZone, "timeZone">, ms: number): number {
  const segs = zone.segments;
  for (let i = 0; i < segs.length; i++) {
    if (ms >= segs[i].startMs && ms < segs[i].endMs) return ms + segs[i].offsetMs;
  }
  // Outside the covered range (not reached by slot code): ask the zone database directly.
  return ms + Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone.timeZone).offsetNanoseconds / 1e6;
}

let hhmmss: string[] | undefined;
/** "HH:MM:00" for every minute of a day, built once: slot rendering then only concatenates. */
function clockTable(): string[] {
  if (!hhmmss) {
    hhmmss = new Array(MINUTES_PER_DAY);
    for (let m = 0; m < MINUTES_PER_DAY; m++) hhmmss[m] = `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}:00`;
  }
  return hhmmss;
}

/** Wall ms -> `YYYY-MM-DDTHH:MM:SS` (no offset). Fast path for the zone's date and the next. */
export function formatWall(wallMs: number, zone?: DayZone): string {
  if (zone && wallMs % MINUTE_MS === 0) {
    const rel = wallMs - zone.wallStartMs;
    if (rel >= 0 && rel < 2 * DAY_MS) {
      const day = rel >= DAY_MS ? 1 : 0;
      return `${day ? zone.nextDateKey : zone.dateKey}T${clockTable()[(rel - day * DAY_MS) / MINUTE_MS]}`;
    }
  }
  return new Date(wallMs).toISOString().slice(0, 19);
}

/**
 * The tenant-local date of an instant, through the cached DayZone of its UTC date (whose offsets
 * cover a day either side), so a request asking "what is today there" costs no Temporal call.
 */
export function localDateOf(timeZone: string, ms: number): LocalDate {
  const utc = new Date(ms);
  const zone = dayZone(timeZone, { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() });
  const wall = new Date(instantToWall(zone, ms));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

const utcDays = new Map<number, string>();
/**
 * Instant -> ISO-8601 UTC with `Z` (`Date#toISOString`'s form). Minute-aligned instants (every slot)
 * take a fast path: the date part is cached per UTC day and the clock comes from the same table
 * as local times, so a listing of hundreds of slots formats without a Date per slot.
 */
export function instantToUtcIso(ms: number): string {
  if (ms % MINUTE_MS !== 0) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let key = utcDays.get(day);
  if (key === undefined) {
    key = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (utcDays.size >= 4096) utcDays.clear();
    utcDays.set(day, key);
  }
  return `${key}T${clockTable()[(ms - day * DAY_MS) / MINUTE_MS]}.000Z`;
}

/** One-off instant -> tenant-local `YYYY-MM-DDTHH:MM:SS` (lookups; slot code uses DayZone instead). */
export function instantToLocalString(timeZone: string, ms: number): string {
  const offset = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e6;
  return formatWall(ms + offset);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** For e-mails: instant -> "Tue 3 Mar 2026, 09:30" in the tenant's zone. */
export function instantToHumanLocal(timeZone: string, ms: number): string {
  const offset = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e6;
  const d = new Date(ms + offset);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}
