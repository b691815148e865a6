import type { EvidenceSlot } from "../../domain/ai/suggestions";
import { type AvailabilityArgs, type DaysArgs, MAX_DAYS_RANGE } from "../../domain/ai/tools";
import { addDays, formatLocalDate, wallDayStart } from "../../domain/time";
import { type BookingCtx, type BookingScope, getAvailability } from "../bookings";
import type { DaysAvailability } from "./days";
import { ToolError } from "./loop";

/** Free times shown to the model per call; `earliest`/`latest` narrow the day first. */
export const MAX_SLOTS_SHOWN = 60;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
export const short = (s: string | null | undefined, n = 300) => clip(s ?? "", n);

/**
 * One-day availability for either assistant; the scope (slug or token tenant) is the route's.
 * `result` is what the model reads (local times only: fewer tokens); `evidence` the same slots
 * with their UTC instants, which suggestions hand on to the page.
 */
export async function availabilityTool(ctx: Pick<BookingCtx, "db" | "now">, scope: BookingScope, a: AvailabilityArgs) {
  const day = await getAvailability(ctx, scope, { serviceId: a.serviceId, staffId: a.staffId, date: a.date });
  const within = day.slots.filter((s) => {
    const hhmm = s.startTime.slice(11, 16);
    return (!a.earliest || hhmm >= a.earliest) && (!a.latest || hhmm <= a.latest);
  });
  const evidence: EvidenceSlot[] = within.slice(0, MAX_SLOTS_SHOWN);
  const slots = evidence.map((s) => ({ staffId: s.staffId, staffName: s.staffName, startTime: s.startTime, endTime: s.endTime }));
  return {
    result: { date: day.date, timezone: day.timezone, serviceId: a.serviceId, slots, more: within.length - slots.length },
    evidence,
  };
}

/** Days range for either assistant; at most MAX_DAYS_RANGE dates, `to` defaults to a week. */
export async function daysTool(ctx: Pick<BookingCtx, "db" | "now">, scope: BookingScope, days: DaysAvailability, a: DaysArgs) {
  const to = a.to ?? addDays(a.from, 6);
  const span = Math.round((wallDayStart(to) - wallDayStart(a.from)) / 86_400_000) + 1;
  if (span < 1) throw new ToolError("to must not be before from");
  if (span > MAX_DAYS_RANGE) throw new ToolError(`At most ${MAX_DAYS_RANGE} days per call`);
  const r = await days(ctx, scope, { serviceId: a.serviceId, from: a.from, to, staffId: a.staffId });
  return { serviceId: a.serviceId, from: formatLocalDate(a.from), to: formatLocalDate(to), ...r };
}
