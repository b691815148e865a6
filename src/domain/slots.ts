import { type DayZone, formatWall, instantToWall, MINUTE_MS, MINUTES_PER_DAY, wallToInstant } from "./time";

/**
 * The slot engine (design.md §4): pure, no I/O, no Temporal objects per candidate. The zone's
 * offsets for the day come in precomputed (DayZone); everything here is integer arithmetic.
 *
 * A slot for a staff member is a local quarter-hour (:00 :15 :30 :45) of the date such that
 * - the wall time exists that day (spring-forward gap: no slot), and on a fall-back night each
 *   wall time is considered once, at its earlier instant;
 * - start and start + duration (real elapsed minutes) lie inside one of the staff member's working
 *   intervals (minutes of the local day; a boundary inside a gap means the moment the clock jumps);
 * - [start, end) overlaps no busy interval (active bookings, time off);
 * - start is strictly after `nowMs`.
 */

export const SLOT_STEP_MINUTES = 15;
const SLOTS_PER_DAY = MINUTES_PER_DAY / SLOT_STEP_MINUTES;

/** Longest booking the system accepts; lets overlap queries bound their index range. */
export const MAX_BOOKING_MINUTES = 24 * 60;

export type MinuteInterval = { startMinute: number; endMinute: number };
export type BusyInterval = { startMs: number; endMs: number };
export type StaffDay = { intervals: MinuteInterval[]; busy: BusyInterval[] };

export type SlotQuery = {
  zone: DayZone;
  durationMinutes: number;
  /** In display order: output ties on start time keep this order. */
  staff: StaffDay[];
  nowMs: number;
};

export type Slot = { staffIndex: number; startMinute: number; startMs: number; endMs: number };

/** Sorted by start, overlapping/adjacent intervals merged: one forward sweep then answers overlap. */
function mergeBusy(busy: BusyInterval[]): { starts: number[]; ends: number[] } {
  let list = busy;
  for (let i = 1; i < list.length; i++) {
    if (list[i].startMs < list[i - 1].startMs) {
      list = [...busy].sort((a, b) => a.startMs - b.startMs);
      break;
    }
  }
  const starts: number[] = [];
  const ends: number[] = [];
  for (const b of list) {
    if (!(b.endMs > b.startMs)) continue;
    const last = ends.length - 1;
    if (last >= 0 && b.startMs <= ends[last]) {
      if (b.endMs > ends[last]) ends[last] = b.endMs;
    } else {
      starts.push(b.startMs);
      ends.push(b.endMs);
    }
  }
  return { starts, ends };
}

function byStart(a: MinuteInterval, b: MinuteInterval) {
  return a.startMinute - b.startMinute;
}

/** Writes the start instant of every free quarter-hour of one staff member into `out[0..95]` (NaN = none). */
function fillStaffDay(q: SlotQuery, day: StaffDay, out: Float64Array, base: number) {
  const { zone, nowMs } = q;
  const durMs = q.durationMinutes * MINUTE_MS;
  const { starts, ends } = mergeBusy(day.busy);
  const nBusy = starts.length;
  const intervals = day.intervals.length > 1 ? [...day.intervals].sort(byStart) : day.intervals;

  for (const iv of intervals) {
    const startMinute = Math.max(0, iv.startMinute);
    const endMinute = Math.min(MINUTES_PER_DAY, iv.endMinute);
    if (!(endMinute > startMinute)) continue;
    const ivStart = wallToInstant(zone, zone.wallStartMs + startMinute * MINUTE_MS, "clamp");
    const ivEnd = wallToInstant(zone, zone.wallStartMs + endMinute * MINUTE_MS, "clamp");
    let p = 0;
    let m = Math.ceil(startMinute / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
    for (; m < endMinute; m += SLOT_STEP_MINUTES) {
      const idx = base + m / SLOT_STEP_MINUTES;
      if (!Number.isNaN(out[idx])) continue; // already offered by an overlapping interval
      const t = wallToInstant(zone, zone.wallStartMs + m * MINUTE_MS, "reject");
      if (Number.isNaN(t) || t < ivStart) continue; // wall time does not exist today
      const end = t + durMs;
      if (end > ivEnd) break; // wall -> instant is monotonic: later starts end later too
      if (t <= nowMs) continue;
      while (p < nBusy && ends[p] <= t) p++;
      if (p < nBusy && starts[p] < end) continue;
      out[idx] = t;
    }
  }
}

/** Every free slot of the day, sorted by start time, then by staff order. */
export function computeSlots(q: SlotQuery): Slot[] {
  const n = q.staff.length;
  if (n === 0 || !(q.durationMinutes > 0) || q.durationMinutes > MAX_BOOKING_MINUTES) return [];
  const grid = new Float64Array(n * SLOTS_PER_DAY).fill(NaN);
  for (let s = 0; s < n; s++) fillStaffDay(q, q.staff[s], grid, s * SLOTS_PER_DAY);

  const durMs = q.durationMinutes * MINUTE_MS;
  const slots: Slot[] = [];
  for (let k = 0; k < SLOTS_PER_DAY; k++) {
    for (let s = 0; s < n; s++) {
      const t = grid[s * SLOTS_PER_DAY + k];
      if (!Number.isNaN(t)) slots.push({ staffIndex: s, startMinute: k * SLOT_STEP_MINUTES, startMs: t, endMs: t + durMs });
    }
  }
  return slots;
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
