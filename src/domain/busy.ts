import { MINUTE_MS } from "./time";

/**
 * Busy time and what an appointment blocks (design.md §16, §26), pure integer arithmetic shared by
 * the one-service slot engine (./slots.ts) and the visit engine (./visit-slots.ts).
 *
 * - A staff member is blocked by an appointment's ACTIVE parts widened by its buffers: the whole
 *   appointment [start - before, end + after), or, with a processing window [p, q) inside it (a
 *   colour developing), [start - before, p + after) and [q - before, end + after): the buffers
 *   apply at every edge of an active part, and when they close the gap the parts are one interval.
 * - The customer and every resource are held for the whole appointment, buffers included.
 */

export type BusyInterval = { startMs: number; endMs: number };
/** Busy intervals sorted by start with overlapping/adjacent ones merged (see mergeBusy). */
export type MergedBusy = { starts: number[]; ends: number[] };

/** A service's processing window: minutes after the start, and its length. */
export type Processing = { offsetMinutes: number; minutes: number };

/**
 * The window as stored, or null when there is none or it does not fit inside the appointment
 * (offset > 0, length > 0, offset + length < duration; design.md §26). A row breaking the rule is
 * read as "no window": the staff member stays busy for the whole appointment, the safe side.
 */
export function processingOf(durationMinutes: number, offsetMinutes: number | null, minutes: number | null): Processing | null {
  if (!offsetMinutes || !minutes || offsetMinutes <= 0 || minutes <= 0) return null;
  if (offsetMinutes + minutes >= durationMinutes) return null;
  return { offsetMinutes, minutes };
}

/**
 * What an appointment blocks for its staff member, as offsets from its start (ms): [s1, e1) and,
 * when `split`, also [s2, e2).
 */
export type ActiveShape = { s1: number; e1: number; s2: number; e2: number; split: boolean };

export function activeShape(
  durationMinutes: number,
  beforeMinutes: number,
  afterMinutes: number,
  processing: Processing | null,
): ActiveShape {
  const dur = durationMinutes * MINUTE_MS;
  const before = beforeMinutes * MINUTE_MS;
  const after = afterMinutes * MINUTE_MS;
  if (processing) {
    const p = processing.offsetMinutes * MINUTE_MS;
    const q = (processing.offsetMinutes + processing.minutes) * MINUTE_MS;
    if (p + after < q - before) return { s1: -before, e1: p + after, s2: q - before, e2: dur + after, split: true };
  }
  return { s1: -before, e1: dur + after, s2: 0, e2: 0, split: false };
}

/** The shape's intervals at an absolute start. */
export function activeIntervals(shape: ActiveShape, startMs: number): BusyInterval[] {
  const first = { startMs: startMs + shape.s1, endMs: startMs + shape.e1 };
  return shape.split ? [first, { startMs: startMs + shape.s2, endMs: startMs + shape.e2 }] : [first];
}

/** Sorted by start, overlapping/adjacent intervals merged: one forward sweep then answers overlap. */
export function mergeBusy(busy: BusyInterval[]): MergedBusy {
  let list = busy;
  for (let i = 1; i < list.length; i++) {
    if (list[i].startMs < list[i - 1].startMs) {
      list = [...busy].sort((a, b) => a.startMs - b.startMs);
      break;
    }
  }
  const starts: number[] = new Array(list.length);
  const ends: number[] = new Array(list.length);
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const b = list[i];
    if (!(b.endMs > b.startMs)) continue;
    if (n > 0 && b.startMs <= ends[n - 1]) {
      if (b.endMs > ends[n - 1]) ends[n - 1] = b.endMs;
    } else {
      starts[n] = b.startMs;
      ends[n] = b.endMs;
      n++;
    }
  }
  starts.length = n;
  ends.length = n;
  return { starts, ends };
}

export const merged = (busy: BusyInterval[] | MergedBusy): MergedBusy => (Array.isArray(busy) ? mergeBusy(busy) : busy);

/** First index whose end lies after `t` (ends ascend once merged). */
export function firstEndAfter(ends: number[], t: number): number {
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Nothing of `busy` overlaps [a, b). */
export function freeOver(busy: MergedBusy, a: number, b: number): boolean {
  const i = firstEndAfter(busy.ends, a);
  return i >= busy.starts.length || busy.starts[i] >= b;
}

/**
 * Resources a service needs: per required type, the busy time of each resource of that type (in
 * name order). A type with no resource can never be satisfied.
 */
export type ResourceNeeds = MergedBusy[][];

/** For every required type, at least one of its resources is free over [a, b). */
export function resourcesFree(needs: ResourceNeeds, a: number, b: number): boolean {
  for (const candidates of needs) {
    let found = false;
    for (const busy of candidates) {
      if (freeOver(busy, a, b)) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}
