import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Processing } from "../../domain/busy";
import { MINUTE_MS } from "../../domain/time";
import { group } from "../batch";
import { staffFreeSql } from "../bookings/effects";
import { assignResources, type ResourceHold, resourcesAvailableSql } from "../bookings/resources";

/**
 * The atomic guard of a visit (design.md §26): every item's staff member is free for its active
 * parts and every item has its resources, the visit's own rows excluded (its items never block
 * each other). One SQL condition for the visit's first write; the writes after it are gated on
 * that write, so the whole visit is written in one transaction or not at all.
 */

export type PlacedItem = {
  bookingId: string;
  staffId: string;
  startMs: number;
  endMs: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  processing: Processing | null;
  resourceTypes: readonly string[];
};

export function holdOf(item: PlacedItem, tenantId: string, visitId: string): ResourceHold {
  return {
    tenantId,
    types: item.resourceTypes,
    fromMs: item.startMs - item.bufferBeforeMinutes * MINUTE_MS,
    toMs: item.endMs + item.bufferAfterMinutes * MINUTE_MS,
    excludeVisitId: visitId,
  };
}

export function visitFreeSql(items: readonly PlacedItem[], tenantId: string, visitId: string): SQL {
  return sql.join(
    items.map(
      (i) =>
        sql`${staffFreeSql({
          staffId: i.staffId,
          startMs: i.startMs,
          endMs: i.endMs,
          bufferBeforeMinutes: i.bufferBeforeMinutes,
          bufferAfterMinutes: i.bufferAfterMinutes,
          processing: i.processing,
          excludeVisitId: visitId,
        })} AND ${resourcesAvailableSql(holdOf(i, tenantId, visitId))}`,
    ),
    sql` AND `,
  );
}

/** Each item's resources, the first free of each type by name, when `gate` holds. */
export function assignVisitResources(db: Db, items: readonly PlacedItem[], tenantId: string, visitId: string, now: Date, gate: SQL) {
  return group(
    items.filter((i) => i.resourceTypes.length > 0).map((i) => assignResources(db, i.bookingId, holdOf(i, tenantId, visitId), now, gate)),
  );
}
