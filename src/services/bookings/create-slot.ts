import type { Processing } from "../../domain/busy";
import type { LocalDateTime } from "../../domain/time";
import { limitsFor, requestedSlot } from "../availability";
import { resourceNeeds, type ScheduleRows } from "../schedule-data";
import type { CreateTenant } from "./create-read";
import { frontDeskSlot, slotTaken } from "./front-desk";
import type { BookingScope, ServiceRow } from "./scope";

/**
 * The slot a single booking's create asks for (./create.ts). Public callers are held to minimum
 * notice and the horizon; owners are not (design.md §16). An owner's `override` (design.md §15)
 * books any free time of the day, hours or not. 409 slot_taken when it is not offered.
 */
export function chosenSlot(
  p: {
    scope: BookingScope;
    tenant: CreateTenant;
    service: ServiceRow;
    staff: { id: string };
    rows: ScheduleRows;
    start: LocalDateTime;
    override: boolean;
    now: Date;
  },
  shape: {
    buffers: { bufferBeforeMinutes: number; bufferAfterMinutes: number };
    processing: Processing | null;
    staffIds: string[] | null;
    types: string[];
  },
): { startMs: number; endMs: number } {
  const { tenant, service, staff, rows, start, now } = p;
  const { buffers, processing, staffIds, types } = shape;
  if (p.override) {
    return frontDeskSlot(
      {
        timeZone: tenant.timezone,
        start,
        durationMinutes: service.durationMinutes,
        ...buffers,
        processing,
        resources: types.length ? resourceNeeds(types, rows.resources) : undefined,
        staffId: staff.id,
        staffIds,
        rows,
        nowMs: now.getTime(),
      },
      "startDatetime",
    );
  }
  const found = requestedSlot(
    {
      timeZone: tenant.timezone,
      service: { ...service, processing },
      staffIds,
      resourceTypes: types,
      limits: limitsFor(p.scope.kind, tenant, now),
      nowMs: now.getTime(),
    },
    staff.id,
    rows,
    start,
  );
  if (!found) throw slotTaken();
  return found.slot;
}
