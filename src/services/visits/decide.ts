import { type Processing, processingOf } from "../../domain/busy";
import { OVERRIDE_MESSAGES, overrideStart } from "../../domain/front-desk";
import { type BookingLimits, performers, staffPlans, visitQueryFor } from "../../domain/schedule";
import { mergeBusy } from "../../domain/slots";
import type { LocalDateTime } from "../../domain/time";
import { findVisitSlot, type VisitSlot, visitFitsAt } from "../../domain/visit-slots";
import { ApiError } from "../../errors";
import { tenantDayZone } from "../availability";
import { slotTaken, startOfLocalDay } from "../bookings/front-desk";
import { resourceNeeds, type ScheduleRows } from "../schedule-data";

/**
 * The one decision of a visit's create and move (design.md §26): with a staff member named per
 * item, does the visit fit at that start exactly as availability would list it (the visit engine,
 * the same rows)? The front desk's `override` (design.md §15) asks only for free time: any
 * 5-minute step of the day from the start of today, busy time and resources, not working hours.
 * Answers the visit's times, or throws 409 slot_taken (or 400 on the start for an override time
 * that cannot be booked at all).
 */

export type ItemSpec = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  processing: Processing | null;
  resourceTypes: readonly string[];
  /** Who performs it: ids, null = everybody. */
  performers: string[] | null;
};

export function decideVisit(p: {
  timeZone: string;
  start: LocalDateTime;
  items: readonly ItemSpec[];
  /** The staff member of each item, in order. */
  staffIds: readonly string[];
  rows: ScheduleRows;
  limits: BookingLimits;
  nowMs: number;
  override: boolean;
  field: string;
}): VisitSlot {
  const staff = [...new Set(p.staffIds)];
  const planned = staffPlans(staff, p.rows).map((plan) => ({ plan, busy: mergeBusy(plan.busy) }));
  const items = p.items.map((item, i) => {
    const who = p.staffIds[i];
    const allowed = performers([{ id: who }], item.performers).length > 0;
    return {
      durationMinutes: item.durationMinutes,
      bufferBeforeMinutes: item.bufferBeforeMinutes,
      bufferAfterMinutes: item.bufferAfterMinutes,
      processing: item.processing,
      resources: resourceNeeds(item.resourceTypes, p.rows.resources),
      staff: allowed ? [staff.indexOf(who)] : [],
    };
  });
  const rules = { timeZone: p.timeZone, closures: p.rows.closures, limits: p.limits, nowMs: p.nowMs };
  const query = visitQueryFor(rules, planned, items, p.start.date);
  if (!query) throw slotTaken();
  if (p.override) {
    const step = overrideStart({
      zone: tenantDayZone(p.timeZone, p.start.date),
      minuteOfDay: p.start.minuteOfDay,
      second: p.start.second,
      durationMinutes: p.items.reduce((sum, i) => sum + i.durationMinutes, 0),
      busy: [],
      earliestMs: startOfLocalDay(p.timeZone, p.nowMs),
    });
    if (!step.ok) throw step.problem === "busy" ? slotTaken() : ApiError.field(p.field, OVERRIDE_MESSAGES[step.problem]);
    const fits = visitFitsAt(query, step.startMs);
    if (!fits) throw slotTaken();
    return fits;
  }
  const slot = p.start.second === 0 ? findVisitSlot(query, p.start.minuteOfDay) : null;
  if (!slot) throw slotTaken();
  return slot;
}

/** A service row's spec (a create: the service as it is now). */
export function specOfService(s: {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  processingOffsetMinutes: number | null;
  processingMinutes: number | null;
  resourceTypes: readonly string[];
  performers: string[] | null;
}): ItemSpec {
  return {
    durationMinutes: s.durationMinutes,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    processing: processingOf(s.durationMinutes, s.processingOffsetMinutes, s.processingMinutes),
    resourceTypes: s.resourceTypes,
    performers: s.performers,
  };
}
