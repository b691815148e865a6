import type { Processing, ResourceNeeds } from "./busy";
import type { BusyInterval, MinuteInterval, SlotQuery, StaffDay } from "./slots";
import type { VisitItemQuery, VisitQuery } from "./visit-slots";
import { addDays, dayZone, formatLocalDate, type LocalDate, localDateOf, MINUTE_MS, weekdayOf } from "./time";

/**
 * Who works when on a given local date, and the business's booking rules (design.md §16). Pure:
 * the service layer reads the rows, this module decides.
 *
 * - A staff member's hours on a date are the override of that date when there is one (its
 *   intervals replace the weekly hours; [] = closed), else the weekly intervals of its weekday.
 * - A business closure covering the date leaves nobody with hours.
 * - Busy: bookings block their buffered interval [start - bufferBefore, end + bufferAfter), each
 *   with the buffers stored on the booking; time off blocks itself.
 */

export type WeeklyRow = { staffId: string; weekday: number; startMinute: number; endMinute: number };
export type OverrideRow = { staffId: string; date: string; intervals: MinuteInterval[] };
/** Inclusive tenant-local `YYYY-MM-DD` dates. */
export type ClosureRow = { startDate: string; endDate: string };

/** Everything known about one staff member over a range of dates. */
export type StaffPlan = {
  /** Index = weekday (0 = Sunday). */
  weekly: MinuteInterval[][];
  /** `YYYY-MM-DD` -> that date's intervals. */
  overrides: Map<string, MinuteInterval[]>;
  busy: BusyInterval[];
};

export function emptyPlan(): StaffPlan {
  return { weekly: [[], [], [], [], [], [], []], overrides: new Map(), busy: [] };
}

/** Rows -> one plan per staff id, in the order given; rows of other staff ids are ignored. */
export function staffPlans(
  staffIds: string[],
  rows: { weekly: WeeklyRow[]; overrides: OverrideRow[]; busy: { staffId: string; spans: BusyInterval[] }[] },
): StaffPlan[] {
  const byId = new Map<string, StaffPlan>();
  const plans = staffIds.map((id) => {
    const plan = emptyPlan();
    byId.set(id, plan);
    return plan;
  });
  for (const h of rows.weekly) byId.get(h.staffId)?.weekly[h.weekday]?.push({ startMinute: h.startMinute, endMinute: h.endMinute });
  for (const o of rows.overrides) byId.get(o.staffId)?.overrides.set(o.date, o.intervals);
  for (const b of rows.busy) {
    const plan = byId.get(b.staffId);
    if (plan) plan.busy = plan.busy.length ? plan.busy.concat(b.spans) : b.spans;
  }
  return plans;
}

/** True when a closure covers the date (string order of `YYYY-MM-DD` is date order). */
export function isClosed(dateKey: string, closures: ClosureRow[]): boolean {
  for (const c of closures) if (c.startDate <= dateKey && dateKey <= c.endDate) return true;
  return false;
}

/** The working intervals of one plan on one date (override first, then the weekday). */
export function intervalsOn(plan: StaffPlan, dateKey: string, weekday: number): MinuteInterval[] {
  return plan.overrides.get(dateKey) ?? plan.weekly[weekday] ?? [];
}

/** The StaffDay of every plan on a date; `busy` may be shared, already merged, across dates. */
export function staffDaysOn(
  plans: { plan: StaffPlan; busy: StaffDay["busy"] }[],
  dateKey: string,
  weekday: number,
  closed: boolean,
): StaffDay[] {
  return plans.map(({ plan, busy }) => ({ intervals: closed ? [] : intervalsOn(plan, dateKey, weekday), busy }));
}

/** The business's booking rules; applied to public availability, create and reschedule only. */
export type BookingRules = { minNoticeMinutes: number; maxAdvanceDays: number };

export type BookingLimits = {
  /** No start before this instant (inclusive); owners: -Infinity (only "after now" applies). */
  earliestMs: number;
  /** The last bookable local date, `YYYY-MM-DD`; null = no horizon (owners). */
  lastDate: string | null;
};

/**
 * The window the rules allow at `nowMs`: starts at or after now + minNoticeMinutes, on a date at
 * most maxAdvanceDays after today in the business's zone (today + maxAdvanceDays is still bookable).
 * `null` rules (owner-created bookings) impose neither.
 */
export function bookingLimits(timeZone: string, nowMs: number, rules: BookingRules | null): BookingLimits {
  if (!rules) return { earliestMs: Number.NEGATIVE_INFINITY, lastDate: null };
  const today = localDateOf(timeZone, nowMs);
  return {
    earliestMs: nowMs + Math.max(0, rules.minNoticeMinutes) * MINUTE_MS,
    lastDate: formatLocalDate(addDays(today, Math.max(0, rules.maxAdvanceDays))),
  };
}

/** Beyond the horizon: no slots that date. */
export const beyondHorizon = (dateKey: string, limits: BookingLimits) => limits.lastDate !== null && dateKey > limits.lastDate;

/** A service's staffIds (null = everybody) applied to the staff list, keeping its order. */
export function performers<T extends { id: string }>(staff: T[], staffIds: string[] | null): T[] {
  if (staffIds === null) return staff;
  const allowed = new Set(staffIds);
  return staff.filter((s) => allowed.has(s.id));
}

/** What decides one date's slots besides the staff: zone, service, closures, the scope's limits. */
export type DayRules = {
  timeZone: string;
  service: { durationMinutes: number; bufferBeforeMinutes: number; bufferAfterMinutes: number; processing?: Processing | null };
  /** design.md §26: per resource type the service needs, its resources' busy time (none: absent). */
  resources?: ResourceNeeds;
  closures: ClosureRow[];
  limits: BookingLimits;
  nowMs: number;
};

/**
 * The slot engine's query for one local date: each staff member's hours that date (override,
 * weekday, or nothing when the business is closed), their busy time, the service's length and
 * buffers, now and the notice limit. null when the date lies beyond the horizon (no slots).
 * The zone's offsets are computed once per date (dayZone, cached per isolate).
 */
export function dayQueryFor(rules: DayRules, staff: { plan: StaffPlan; busy: StaffDay["busy"] }[], date: LocalDate): SlotQuery | null {
  const dateKey = formatLocalDate(date);
  if (beyondHorizon(dateKey, rules.limits)) return null;
  return {
    zone: dayZone(rules.timeZone, date),
    durationMinutes: rules.service.durationMinutes,
    bufferBeforeMinutes: rules.service.bufferBeforeMinutes,
    bufferAfterMinutes: rules.service.bufferAfterMinutes,
    processing: rules.service.processing ?? null,
    resources: rules.resources,
    staff: staffDaysOn(staff, dateKey, weekdayOf(date), isClosed(dateKey, rules.closures)),
    nowMs: rules.nowMs,
    earliestMs: rules.limits.earliestMs,
  };
}

/**
 * The visit engine's query for one local date (design.md §26): every staff member any item may
 * use with their hours that date and busy time, the items in order. null beyond the horizon.
 */
export function visitQueryFor(
  rules: Omit<DayRules, "service" | "resources">,
  staff: { plan: StaffPlan; busy: StaffDay["busy"] }[],
  items: VisitItemQuery[],
  date: LocalDate,
): VisitQuery | null {
  const dateKey = formatLocalDate(date);
  if (beyondHorizon(dateKey, rules.limits)) return null;
  return {
    zone: dayZone(rules.timeZone, date),
    staff: staffDaysOn(staff, dateKey, weekdayOf(date), isClosed(dateKey, rules.closures)),
    items,
    nowMs: rules.nowMs,
    earliestMs: rules.limits.earliestMs,
  };
}
