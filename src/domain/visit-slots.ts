import {
  type ActiveShape,
  activeShape,
  freeOver,
  type MergedBusy,
  merged,
  type Processing,
  type ResourceNeeds,
  resourcesFree,
} from "./busy";
import { type DaySummary, earliestStart, quarterInstants, SLOT_STEP_MINUTES, SLOTS_PER_DAY, type StaffDay } from "./slots";
import { type DayZone, MINUTE_MS, MINUTES_PER_DAY, wallToInstant } from "./time";

/**
 * The visit engine (design.md §26): 2–5 services booked back to back, pure like ./slots.ts.
 *
 * A visit may start at a local quarter-hour of the date (the one-service engine's grid and rules:
 * the wall time exists, fall-back times at their earlier instant, strictly after now, at or after
 * the notice limit) when every item, starting where the one before ends (real elapsed minutes),
 *   - has a staff member among its candidates whose working interval of the date holds the whole
 *     item, and whose busy time overlaps none of the item's blocked parts (./busy.ts: buffers at
 *     the active parts' edges; inside a processing window the staff member is free);
 *   - has one free resource of each type it needs for its whole length, buffers included.
 * Items of one visit never block each other: they follow one another, and the same customer is in
 * the chair (their buffers between them do not apply; the database guard ignores the visit's own
 * rows the same way). Different staff members per item are allowed; the one who did the previous
 * item is kept when free, otherwise the free candidate who can do the longest run of the next
 * items, ties in display order.
 */

export type VisitItemQuery = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  processing: Processing | null;
  resources: ResourceNeeds;
  /** Indices into VisitQuery.staff who may perform this item, in display order. */
  staff: number[];
};

export type VisitQuery = {
  zone: DayZone;
  /** Every staff member any item may use, in display order. */
  staff: StaffDay[];
  items: VisitItemQuery[];
  nowMs: number;
  earliestMs?: number;
};

export type VisitSlotItem = { staffIndex: number; startMs: number; endMs: number };
export type VisitSlot = { startMinute: number; startMs: number; endMs: number; items: VisitSlotItem[] };

/** Longest visit: 5 services (design.md §26). */
export const MAX_VISIT_ITEMS = 5;

type StaffCtx = { ivStarts: number[]; ivEnds: number[]; busy: MergedBusy };
type ItemCtx = { durMs: number; shape: ActiveShape; beforeMs: number; afterMs: number; item: VisitItemQuery };

function staffCtx(zone: DayZone, day: StaffDay): StaffCtx {
  const ivStarts: number[] = [];
  const ivEnds: number[] = [];
  for (const iv of day.intervals) {
    const a = Math.max(0, iv.startMinute);
    const b = Math.min(MINUTES_PER_DAY, iv.endMinute);
    if (!(b > a)) continue;
    ivStarts.push(wallToInstant(zone, zone.wallStartMs + a * MINUTE_MS, "clamp"));
    ivEnds.push(wallToInstant(zone, zone.wallStartMs + b * MINUTE_MS, "clamp"));
  }
  return { ivStarts, ivEnds, busy: merged(day.busy) };
}

function itemCtx(item: VisitItemQuery): ItemCtx {
  return {
    durMs: item.durationMinutes * MINUTE_MS,
    shape: activeShape(item.durationMinutes, item.bufferBeforeMinutes, item.bufferAfterMinutes, item.processing),
    beforeMs: item.bufferBeforeMinutes * MINUTE_MS,
    afterMs: item.bufferAfterMinutes * MINUTE_MS,
    item,
  };
}

function withinHours(s: StaffCtx, t: number, end: number): boolean {
  for (let i = 0; i < s.ivStarts.length; i++) if (s.ivStarts[i] <= t && end <= s.ivEnds[i]) return true;
  return false;
}

/** The staff member can take the item starting at `t`: hours (unless ignored) and busy time. */
function staffFree(s: StaffCtx, it: ItemCtx, t: number, ignoreHours: boolean): boolean {
  if (!ignoreHours && !withinHours(s, t, t + it.durMs)) return false;
  const sh = it.shape;
  if (!freeOver(s.busy, t + sh.s1, t + sh.e1)) return false;
  return !sh.split || freeOver(s.busy, t + sh.s2, t + sh.e2);
}

const itemResourcesFree = (it: ItemCtx, t: number) =>
  it.item.resources.length === 0 || resourcesFree(it.item.resources, t - it.beforeMs, t + it.durMs + it.afterMs);

type Prepared = { staff: StaffCtx[]; items: ItemCtx[]; earliestMs: number; quarter: Float64Array };

function prepare(q: VisitQuery): Prepared | null {
  if (q.items.length === 0 || q.items.some((i) => i.durationMinutes <= 0)) return null;
  return {
    staff: q.staff.map((d) => staffCtx(q.zone, d)),
    items: q.items.map(itemCtx),
    earliestMs: earliestStart(q.nowMs, q.earliestMs),
    quarter: quarterInstants(q.zone),
  };
}

/**
 * The visit starting at instant `t0`, or null: per item its start and the staff members free for
 * it (every resource check passed), then one staff member chosen per item.
 */
function visitAt(p: Prepared, t0: number, ignoreHours: boolean): VisitSlotItem[] | null {
  const n = p.items.length;
  const free: number[][] = new Array(n);
  const starts: number[] = new Array(n);
  let t = t0;
  for (let i = 0; i < n; i++) {
    const it = p.items[i];
    starts[i] = t;
    if (!itemResourcesFree(it, t)) return null;
    const list: number[] = [];
    for (const s of it.item.staff) if (staffFree(p.staff[s], it, t, ignoreHours)) list.push(s);
    if (list.length === 0) return null;
    free[i] = list;
    t += it.durMs;
  }
  const chosen: VisitSlotItem[] = new Array(n);
  let previous = -1;
  for (let i = 0; i < n; i++) {
    let pick = free[i].includes(previous) ? previous : -1;
    if (pick < 0) {
      let best = -1;
      for (const s of free[i]) {
        let run = 1;
        while (i + run < n && free[i + run].includes(s)) run++;
        if (run > best) {
          best = run;
          pick = s;
        }
      }
    }
    chosen[i] = { staffIndex: pick, startMs: starts[i], endMs: starts[i] + p.items[i].durMs };
    previous = pick;
  }
  return chosen;
}

function slotAt(p: Prepared, k: number): VisitSlot | null {
  const t0 = p.quarter[k];
  if (Number.isNaN(t0) || t0 < p.earliestMs) return null;
  const items = visitAt(p, t0, false);
  return items ? { startMinute: k * SLOT_STEP_MINUTES, startMs: t0, endMs: items[items.length - 1].endMs, items } : null;
}

/** Every start of the date at which the whole visit fits, earliest first, each with its staff per item. */
export function computeVisitSlots(q: VisitQuery): VisitSlot[] {
  const p = prepare(q);
  if (!p) return [];
  const out: VisitSlot[] = [];
  for (let k = 0; k < SLOTS_PER_DAY; k++) {
    const slot = slotAt(p, k);
    if (slot) out.push(slot);
  }
  return out;
}

/** The days range's numbers of one date for a visit: how many starts fit, and the first. */
export function summarizeVisitDay(q: VisitQuery): DaySummary {
  const p = prepare(q);
  let count = 0;
  let first: VisitSlot | null = null;
  if (p) {
    for (let k = 0; k < SLOTS_PER_DAY; k++) {
      const slot = slotAt(p, k);
      if (!slot) continue;
      first ??= slot;
      count++;
    }
  }
  return first
    ? { count, firstStartMinute: first.startMinute, firstStartMs: first.startMs }
    : { count: 0, firstStartMinute: null, firstStartMs: null };
}

/**
 * The visit starting at `minuteOfDay` with the staff the query allows per item (a create or a
 * move names one per item), or null when availability would not list it.
 */
export function findVisitSlot(q: VisitQuery, minuteOfDay: number): VisitSlot | null {
  if (minuteOfDay % SLOT_STEP_MINUTES !== 0 || minuteOfDay < 0 || minuteOfDay >= MINUTES_PER_DAY) return null;
  const p = prepare(q);
  return p ? slotAt(p, minuteOfDay / SLOT_STEP_MINUTES) : null;
}

/**
 * A front-desk visit (design.md §15's `override`) starting at instant `t0`: working hours, grid and
 * notice are not asked, busy time and resources are.
 */
export function visitFitsAt(q: VisitQuery, t0: number): VisitSlot | null {
  const p = prepare(q);
  const items = p ? visitAt(p, t0, true) : null;
  return items ? { startMinute: -1, startMs: t0, endMs: items[items.length - 1].endMs, items } : null;
}
