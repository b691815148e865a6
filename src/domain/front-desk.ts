import { type ActiveShape, activeIntervals, type BusyInterval } from "./busy";
import { type DayZone, MINUTE_MS, MINUTES_PER_DAY, wallToInstant } from "./time";

/**
 * Front-desk rules of the owner API (design.md §15), pure and unit-tested:
 * - `override: true` books a free time the slot engine would not offer (outside working hours,
 *   inside the minimum notice, off the 15-minute grid on 5-minute steps), never over another
 *   booking or time off;
 * - a walk-in or phone customer without an e-mail is keyed by phone, or is anonymous.
 */

export const OVERRIDE_STEP_MINUTES = 5;

export type OverrideProblem =
  /** Not on a 5-minute step (or seconds given). */
  | "off_step"
  /** The wall time does not exist that day (spring-forward gap). */
  | "no_such_time"
  /** Before the start of the business's current day. */
  | "too_early"
  /** Overlaps an active booking or time off of that staff member. */
  | "busy";

export type OverrideStart = { ok: true; startMs: number; endMs: number } | { ok: false; problem: OverrideProblem };

/**
 * The instant range of a front-desk booking at `minuteOfDay` of the zone's date. Like the slot
 * engine, a fall-back wall time means its earlier instant and the length is real elapsed minutes.
 * `earliestMs`: the earliest start accepted (the start of the business's current day, so a walk-in
 * that already began can still be recorded, while a mistyped past date is refused).
 */
export function overrideStart(q: {
  zone: DayZone;
  minuteOfDay: number;
  second: number;
  durationMinutes: number;
  busy: BusyInterval[];
  earliestMs: number;
  /**
   * design.md §26: the booking's blocked parts (buffers, processing window); `busy` then holds the
   * others' blocked parts as they are. Without it `busy` must already be widened by the buffers.
   */
  blocked?: ActiveShape;
}): OverrideStart {
  if (q.second !== 0 || q.minuteOfDay % OVERRIDE_STEP_MINUTES !== 0 || q.minuteOfDay < 0 || q.minuteOfDay >= MINUTES_PER_DAY) {
    return { ok: false, problem: "off_step" };
  }
  const startMs = wallToInstant(q.zone, q.zone.wallStartMs + q.minuteOfDay * MINUTE_MS, "reject");
  if (Number.isNaN(startMs)) return { ok: false, problem: "no_such_time" };
  if (startMs < q.earliestMs) return { ok: false, problem: "too_early" };
  const endMs = startMs + q.durationMinutes * MINUTE_MS;
  const parts = q.blocked ? activeIntervals(q.blocked, startMs) : [{ startMs, endMs }];
  if (q.busy.some((b) => parts.some((p) => b.startMs < p.endMs && b.endMs > p.startMs))) return { ok: false, problem: "busy" };
  return { ok: true, startMs, endMs };
}

/** Plain words for each problem, shown next to the start time field. */
export const OVERRIDE_MESSAGES: Record<Exclude<OverrideProblem, "busy">, string> = {
  off_step: "Use a start time on a 5-minute step, e.g. 10:05",
  no_such_time: "This local time does not exist on that date (the clocks change)",
  too_early: "A booking cannot start before today",
};

/** A phone number reduced to what identifies it: digits, with a leading + kept. */
export function normalizePhone(phone: string | undefined | null): string {
  const raw = (phone ?? "").trim();
  const digits = raw.replace(/\D+/g, "");
  if (digits.length < 3) return "";
  return raw.startsWith("+") ? `+${digits}` : digits;
}

/**
 * The value of `customers.email_normalized`, the tenant's unique key of a customer record: the
 * lower-cased e-mail; without one (walk-in, phone) `tel:<phone>` so the same caller finds the same
 * record; with neither, `anon:<record id>`, a record of its own. Neither prefix can be an e-mail.
 */
export function customerKey(c: { email?: string | null; phone?: string | null; recordId: string }): string {
  const email = (c.email ?? "").trim().toLowerCase();
  if (email) return email;
  const phone = normalizePhone(c.phone);
  return phone ? `tel:${phone}` : `anon:${c.recordId}`;
}
