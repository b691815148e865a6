import { activeShape, type Processing, resourcesFree } from "../../domain/busy";
import { overrideStart, OVERRIDE_MESSAGES } from "../../domain/front-desk";
import { performers, staffPlans } from "../../domain/schedule";
import { type LocalDateTime, MINUTE_MS, parseLocalDate, instantToLocalString, wallToInstant } from "../../domain/time";
import { ApiError } from "../../errors";
import { tenantDayZone } from "../availability";
import { resourceNeeds, type ScheduleRows } from "../schedule-data";

export const slotTaken = () => new ApiError("slot_taken", "This time is no longer available; please pick another slot");

/** The instant the business's current local day began (an override may start from then on). */
export function startOfLocalDay(timeZone: string, nowMs: number): number {
  const today = parseLocalDate(instantToLocalString(timeZone, nowMs).slice(0, 10))!;
  const zone = tenantDayZone(timeZone, today);
  return wallToInstant(zone, zone.wallStartMs, "clamp");
}

/**
 * The start of an owner booking made with `override: true` (design.md §15): any free 5-minute
 * step of that staff member's day, in or out of working hours, closures and notice. A busy time is
 * 409 slot_taken like any taken slot, as is a staff member who does not perform the service
 * (design.md §16) or a needed resource type without a free resource (§26); a time that cannot be
 * booked at all is a 400 on the start field. Buffers and processing windows count as for any
 * booking: this booking's blocked parts against the others' (schedule-data's), so the answer
 * matches the write's guard, which decides in the end.
 */
export function frontDeskSlot(
  p: {
    timeZone: string;
    start: LocalDateTime;
    durationMinutes: number;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
    processing?: Processing | null;
    /** design.md §26: the resource types the booking holds one of each (their busy time is in `rows`). */
    resourceTypes: readonly string[];
    staffId: string;
    staffIds: string[] | null;
    rows: ScheduleRows;
    nowMs: number;
  },
  field: string,
): { startMs: number; endMs: number } {
  if (performers([{ id: p.staffId }], p.staffIds).length === 0) throw slotTaken();
  const [plan] = staffPlans([p.staffId], p.rows);
  const r = overrideStart({
    zone: tenantDayZone(p.timeZone, p.start.date),
    minuteOfDay: p.start.minuteOfDay,
    second: p.start.second,
    durationMinutes: p.durationMinutes,
    busy: plan.busy,
    blocked: activeShape(p.durationMinutes, p.bufferBeforeMinutes, p.bufferAfterMinutes, p.processing ?? null),
    earliestMs: startOfLocalDay(p.timeZone, p.nowMs),
  });
  if (r.ok) {
    const from = r.startMs - p.bufferBeforeMinutes * MINUTE_MS;
    const to = r.endMs + p.bufferAfterMinutes * MINUTE_MS;
    if (p.resourceTypes.length && !resourcesFree(resourceNeeds(p.resourceTypes, p.rows.resources), from, to)) throw slotTaken();
    return r;
  }
  if (r.problem === "busy") throw slotTaken();
  throw ApiError.field(field, OVERRIDE_MESSAGES[r.problem]);
}
