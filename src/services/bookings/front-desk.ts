import { overrideStart, OVERRIDE_MESSAGES } from "../../domain/front-desk";
import type { StaffDay } from "../../domain/slots";
import { type DayZone, type LocalDateTime, parseLocalDate, instantToLocalString, wallToInstant } from "../../domain/time";
import { ApiError } from "../../errors";
import { tenantDayZone } from "../availability";

export const slotTaken = () => new ApiError("slot_taken", "This time is no longer available; please pick another slot");

/** The instant the business's current local day began (an override may start from then on). */
export function startOfLocalDay(timeZone: string, nowMs: number): number {
  const today = parseLocalDate(instantToLocalString(timeZone, nowMs).slice(0, 10))!;
  const zone = tenantDayZone(timeZone, today);
  return wallToInstant(zone, zone.wallStartMs, "clamp");
}

/**
 * The start of an owner booking made with `override: true` (design.md §15): any free 5-minute
 * step of that staff member's day, in or out of working hours. A busy time is 409 slot_taken like
 * any taken slot; a time that cannot be booked at all is a 400 on the start field.
 */
export function frontDeskSlot(
  p: { zone: DayZone; start: LocalDateTime; durationMinutes: number; staff: StaffDay; timeZone: string; nowMs: number },
  field: string,
): { startMs: number; endMs: number } {
  const r = overrideStart({
    zone: p.zone,
    minuteOfDay: p.start.minuteOfDay,
    second: p.start.second,
    durationMinutes: p.durationMinutes,
    busy: p.staff.busy,
    earliestMs: startOfLocalDay(p.timeZone, p.nowMs),
  });
  if (r.ok) return r;
  if (r.problem === "busy") throw slotTaken();
  throw ApiError.field(field, OVERRIDE_MESSAGES[r.problem]);
}
