import {
  type ActiveShape,
  activeShape,
  type BusyInterval,
  firstEndAfter,
  type MergedBusy,
  merged,
  type Processing,
  type ResourceNeeds,
  resourcesFree,
} from "./busy";
import { type DayZone, formatWall, instantToWall, MINUTE_MS, MINUTES_PER_DAY, wallToInstant } from "./time";

/**
 * The slot engine (design.md §4, §16): pure, no I/O, no Temporal objects per candidate. The zone's
 * offsets for the day come in precomputed (DayZone); everything here is integer arithmetic.
 *
 * A slot for a staff member is a local quarter-hour (:00 :15 :30 :45) of the date such that
 * - the wall time exists that day (spring-forward gap: no slot), and on a fall-back night each
 *   wall time is considered once, at its earlier instant;
 * - start and start + duration (real elapsed minutes) lie inside one of the staff member's working
 *   intervals (minutes of the local day; a boundary inside a gap means the moment the clock jumps):
 *   the appointment itself must fit, not its buffers;
 * - its blocked parts (the appointment, or its active parts around a processing window, each
 *   widened by the buffers: ./busy.ts) overlap no busy interval (other bookings' blocked parts,
 *   time off), and each resource type it needs has a resource free for the whole appointment;
 * - start is strictly after `nowMs` and at or after `earliestMs` (minimum notice).
 */

export const SLOT_STEP_MINUTES = 15;
export const SLOTS_PER_DAY = MINUTES_PER_DAY / SLOT_STEP_MINUTES;

/** Longest booking the system accepts; lets overlap queries bound their index range. */
export const MAX_BOOKING_MINUTES = 24 * 60;

/** Longest buffer a service may have before or after an appointment (design.md §16). */
export const MAX_BUFFER_MINUTES = 240;

export type MinuteInterval = { startMinute: number; endMinute: number };
export type { BusyInterval, MergedBusy } from "./busy";
export { mergeBusy } from "./busy";
/**
 * One staff member's day: working intervals (minutes of the local day) and what blocks them.
 * Bookings enter `busy` already as their blocked parts (active parts widened by their OWN stored
 * buffers, ./busy.ts); time off as it is. A range of days may share one MergedBusy per staff
 * member (merged once, searched per day).
 */
export type StaffDay = { intervals: MinuteInterval[]; busy: BusyInterval[] | MergedBusy };

export type SlotQuery = {
  zone: DayZone;
  durationMinutes: number;
  /** The service's buffers: they widen each active part of the candidate. Default 0. */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  /** design.md §26: the staff member is free inside this window; null/absent = none. */
  processing?: Processing | null;
  /** design.md §26: one free resource of each type for the whole appointment, buffers included. */
  resources?: ResourceNeeds;
  /** In display order: output ties on start time keep this order. */
  staff: StaffDay[];
  nowMs: number;
  /** Minimum notice: no start before this instant (inclusive). Default: only `nowMs` applies. */
  earliestMs?: number;
};

export type Slot = { staffIndex: number; startMinute: number; startMs: number; endMs: number };

function byStart(a: MinuteInterval, b: MinuteInterval) {
  return a.startMinute - b.startMinute;
}

/** Intervals by start; a copy only when they are not in order already (stored hours usually are). */
function sortedByStart(list: MinuteInterval[]): MinuteInterval[] {
  for (let i = 1; i < list.length; i++) if (list[i].startMinute < list[i - 1].startMinute) return [...list].sort(byStart);
  return list;
}

/** The per-call constants of one query, resolved once. */
type Resolved = {
  zone: DayZone;
  starts: Float64Array;
  durMs: number;
  shape: ActiveShape;
  earliestMs: number;
  /** Per quarter-hour: 1 when every resource type needed has a free resource (null = none needed). */
  resourcesOk: Uint8Array | null;
};

const quarterCache = new WeakMap<DayZone, Float64Array>();
/**
 * The instant of every quarter-hour of the zone's date (NaN where the wall time does not exist),
 * computed once per DayZone (itself cached per isolate): every staff member and every call on
 * that date reads the same table instead of mapping wall times again.
 */
export function quarterInstants(zone: DayZone): Float64Array {
  let table = quarterCache.get(zone);
  if (!table) {
    table = new Float64Array(SLOTS_PER_DAY);
    for (let k = 0; k < SLOTS_PER_DAY; k++) table[k] = wallToInstant(zone, zone.wallStartMs + k * SLOT_STEP_MINUTES * MINUTE_MS, "reject");
    quarterCache.set(zone, table);
  }
  return table;
}

/** The earliest start a query allows: strictly after now (ms are integers), and at or after the notice limit. */
export const earliestStart = (nowMs: number, earliestMs?: number) => Math.max(nowMs + 1, earliestMs ?? Number.NEGATIVE_INFINITY);

/** A date's first instant: its 00:00, or the moment the clock jumps past a 00:00 that does not exist. */
export const dateStartInstant = (zone: DayZone): number => wallToInstant(zone, zone.wallStartMs, "clamp");

/**
 * True when the clock cannot change the date's slots: the date's first instant
 * (`dateStartInstant`) is already at or after the earliest start allowed, so every candidate of
 * the date passes "after now" and the notice limit. Wall -> instant is monotonic within a date,
 * so every later start does too. A result for such a date stays right until the schedule itself
 * changes.
 */
export function unaffectedByClock(dateStartMs: number, nowMs: number, earliestMs?: number): boolean {
  return dateStartMs >= earliestStart(nowMs, earliestMs);
}

function resolve(q: Omit<SlotQuery, "staff">): Resolved {
  const starts = quarterInstants(q.zone);
  const durMs = q.durationMinutes * MINUTE_MS;
  const before = q.bufferBeforeMinutes ?? 0;
  const after = q.bufferAfterMinutes ?? 0;
  let resourcesOk: Uint8Array | null = null;
  if (q.resources && q.resources.length > 0) {
    // Resources do not depend on the staff member: decided once per quarter-hour of the day.
    resourcesOk = new Uint8Array(SLOTS_PER_DAY);
    for (let k = 0; k < SLOTS_PER_DAY; k++) {
      const t = starts[k];
      if (!Number.isNaN(t) && resourcesFree(q.resources, t - before * MINUTE_MS, t + durMs + after * MINUTE_MS)) resourcesOk[k] = 1;
    }
  }
  return {
    zone: q.zone,
    starts,
    durMs,
    shape: activeShape(q.durationMinutes, before, after, q.processing ?? null),
    earliestMs: earliestStart(q.nowMs, q.earliestMs),
    resourcesOk,
  };
}

/** Writes the start instant of every free quarter-hour of one staff member into `out[base..base+95]` (NaN = none). */
function fillStaffDay(r: Resolved, day: StaffDay, out: Float64Array, base: number) {
  const { zone, starts: quarter, durMs, shape, earliestMs, resourcesOk } = r;
  const { starts, ends } = merged(day.busy);
  const nBusy = starts.length;
  const intervals = sortedByStart(day.intervals);
  const { s1, e1, s2, e2, split } = shape;

  for (const iv of intervals) {
    const startMinute = Math.max(0, iv.startMinute);
    const endMinute = Math.min(MINUTES_PER_DAY, iv.endMinute);
    if (!(endMinute > startMinute)) continue;
    const ivStart = wallToInstant(zone, zone.wallStartMs + startMinute * MINUTE_MS, "clamp");
    const ivEnd = wallToInstant(zone, zone.wallStartMs + endMinute * MINUTE_MS, "clamp");
    if (ivEnd - durMs < earliestMs) continue; // nothing in this interval can start late enough
    // One forward sweep per blocked part: candidates ascend, so both pointers only move forward.
    let p = nBusy ? firstEndAfter(ends, ivStart + s1) : 0;
    let p2 = nBusy && split ? firstEndAfter(ends, ivStart + s2) : 0;
    let m = Math.ceil(startMinute / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
    for (; m < endMinute; m += SLOT_STEP_MINUTES) {
      const k = m / SLOT_STEP_MINUTES;
      const idx = base + k;
      if (!Number.isNaN(out[idx])) continue; // already offered by an overlapping interval
      const t = quarter[k];
      if (Number.isNaN(t) || t < ivStart) continue; // wall time does not exist today
      if (t + durMs > ivEnd) break; // wall -> instant is monotonic: later starts end later too
      if (t < earliestMs) continue;
      if (resourcesOk !== null && resourcesOk[k] === 0) continue;
      const a1 = t + s1;
      while (p < nBusy && ends[p] <= a1) p++;
      if (p < nBusy && starts[p] < t + e1) continue;
      if (split) {
        const a2 = t + s2;
        while (p2 < nBusy && ends[p2] <= a2) p2++;
        if (p2 < nBusy && starts[p2] < t + e2) continue;
      }
      out[idx] = t;
    }
  }
}

let scratch = new Float64Array(0);
/** The n-staff grid of one day, NaN-filled; reused between calls (the engine is synchronous). */
function grid(n: number): Float64Array {
  const size = n * SLOTS_PER_DAY;
  if (scratch.length < size) scratch = new Float64Array(size);
  const g = scratch.subarray(0, size);
  g.fill(NaN);
  return g;
}

const usable = (q: Pick<SlotQuery, "durationMinutes" | "staff">) =>
  q.staff.length > 0 && q.durationMinutes > 0 && q.durationMinutes <= MAX_BOOKING_MINUTES;

/** Every free slot of the day, sorted by start time, then by staff order. */
export function computeSlots(q: SlotQuery): Slot[] {
  if (!usable(q)) return [];
  const n = q.staff.length;
  const r = resolve(q);
  const g = grid(n);
  for (let s = 0; s < n; s++) fillStaffDay(r, q.staff[s], g, s * SLOTS_PER_DAY);

  const durMs = r.durMs;
  const slots: Slot[] = [];
  for (let k = 0; k < SLOTS_PER_DAY; k++) {
    for (let s = 0; s < n; s++) {
      const t = g[s * SLOTS_PER_DAY + k];
      if (!Number.isNaN(t)) slots.push({ staffIndex: s, startMinute: k * SLOT_STEP_MINUTES, startMs: t, endMs: t + durMs });
    }
  }
  return slots;
}

export type DaySummary = {
  /** Distinct free start times of the date (a time several staff members have counts once). */
  count: number;
  /** The earliest of them: minute of the local day and its instant; null when there is none. */
  firstStartMinute: number | null;
  firstStartMs: number | null;
};

/**
 * What the days range needs of one date, without building a slot list: how many distinct start
 * times are free and which is first. Same rules as computeSlots (it reads the same grid).
 */
export function summarizeDay(q: SlotQuery): DaySummary {
  const none: DaySummary = { count: 0, firstStartMinute: null, firstStartMs: null };
  if (!usable(q)) return none;
  const r = resolve(q);
  // One shared row of quarter-hours: a wall time maps to the same instant for every staff member,
  // so once one of them is free at a time, the others need not be checked for it.
  const g = grid(1);
  for (const day of q.staff) fillStaffDay(r, day, g, 0);
  let count = 0;
  let first = -1;
  for (let k = 0; k < SLOTS_PER_DAY; k++) {
    if (Number.isNaN(g[k])) continue;
    if (first < 0) first = k;
    count++;
  }
  return first < 0 ? none : { count, firstStartMinute: first * SLOT_STEP_MINUTES, firstStartMs: g[first] };
}

/**
 * The slot of one staff member starting at `minuteOfDay`, or null when it is not offered. Booking
 * and rescheduling call this, so "bookable" means exactly "listed by availability".
 */
export function findSlot(q: Omit<SlotQuery, "staff"> & { staff: StaffDay }, minuteOfDay: number): Slot | null {
  if (minuteOfDay % SLOT_STEP_MINUTES !== 0 || minuteOfDay < 0 || minuteOfDay >= MINUTES_PER_DAY) return null;
  const slots = computeSlots({ ...q, staff: [q.staff] });
  return slots.find((s) => s.startMinute === minuteOfDay) ?? null;
}

/** Tenant-local `YYYY-MM-DDTHH:MM:SS` strings of a slot; the end is the wall time of the real end instant. */
export function slotLocalTimes(zone: DayZone, slot: Slot): { startTime: string; endTime: string } {
  return {
    startTime: formatWall(zone.wallStartMs + slot.startMinute * MINUTE_MS, zone),
    endTime: formatWall(instantToWall(zone, slot.endMs), zone),
  };
}
