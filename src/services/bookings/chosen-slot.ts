import type { Processing } from "../../domain/busy";
import type { LocalDateTime } from "../../domain/time";
import { limitsFor, requestedSlot } from "../availability";
import type { ScheduleRows } from "../schedule-data";
import { frontDeskSlot, slotTaken } from "./front-desk";
import type { BookingScope } from "./scope";

/**
 * The slot a single booking's create (./create.ts) or move (./reschedule.ts) asks for. Public
 * callers are held to minimum notice and the horizon; owners are not (design.md §16). An owner's
 * `override` (design.md §15) books any free time of the day, hours or not. 409 slot_taken when it
 * is not offered.
 */
export function chosenSlot(
  p: {
    scope: BookingScope["kind"];
    /** The business's zone, and the notice and horizon public callers are held to. */
    rules: { timezone: string; minNoticeMinutes: number; maxAdvanceDays: number };
    staffId: string;
    rows: ScheduleRows;
    start: LocalDateTime;
    override: boolean;
    /** The request's field a start an override cannot book is reported on. */
    field: string;
    now: Date;
  },
  shape: {
    durationMinutes: number;
    buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number };
    processing: Processing | null;
    staffIds: string[] | null;
    types: string[];
  },
): { startMs: number; endMs: number } {
  const { rules, staffId, rows, start, now } = p;
  const { durationMinutes, buffers, processing, staffIds, types } = shape;
  if (p.override) {
    return frontDeskSlot(
      {
        timeZone: rules.timezone,
        start,
        durationMinutes,
        ...buffers,
        processing,
        resourceTypes: types,
        staffId,
        staffIds,
        rows,
        nowMs: now.getTime(),
      },
      p.field,
    );
  }
  const found = requestedSlot(
    {
      timeZone: rules.timezone,
      service: { durationMinutes, ...buffers, processing },
      staffIds,
      resourceTypes: types,
      limits: limitsFor(p.scope, rules, now),
      nowMs: now.getTime(),
    },
    staffId,
    rows,
    start,
  );
  if (!found) throw slotTaken();
  return found.slot;
}
