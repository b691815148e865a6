import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { MAX_BOOKING_MINUTES, MAX_BUFFER_MINUTES } from "../../domain/slots";
import { MINUTE_MS } from "../../domain/time";
import { group } from "../batch";

/**
 * Resources inside the booking writes (design.md §26). A booking of a service that needs resource
 * types holds one active resource of each type over its blocked interval [start - bufferBefore,
 * end + bufferAfter). The write's own condition says that each type has a free one
 * (`resourcesAvailableSql`, beside the staff guard), and the statements that follow in the same
 * batch assign the first free one by name (`assignResources`); in one transaction the two cannot
 * disagree. A cancelled booking frees what it holds (the checks join its status).
 */

export type ResourceHold = {
  tenantId: string;
  /** The types needed, each once. */
  types: readonly string[];
  /** The blocked interval, buffers included (epoch ms). */
  fromMs: number;
  toMs: number;
  /** A booking being moved does not block itself; nor do the items of one visit block each other. */
  excludeBookingId?: string;
  excludeVisitId?: string;
};

const LONGEST_BLOCK = (MAX_BOOKING_MINUTES + 2 * MAX_BUFFER_MINUTES) * MINUTE_MS;

/** Resource `r` (alias) is free over [fromMs, toMs): no active booking holds it then, no time off. */
function resourceFreeSql(h: ResourceHold): SQL {
  const excludeBooking = h.excludeBookingId ? sql`AND br.booking_id <> ${h.excludeBookingId}` : sql``;
  const excludeVisit = h.excludeVisitId ? sql`AND (o.visit_id IS NULL OR o.visit_id <> ${h.excludeVisitId})` : sql``;
  return sql`NOT EXISTS (
      SELECT 1 FROM booking_resources br JOIN bookings o ON o.id = br.booking_id
      WHERE br.resource_id = r.id AND br.start_at >= ${h.fromMs - LONGEST_BLOCK} AND br.start_at < ${h.toMs} AND br.end_at > ${h.fromMs}
        AND o.status <> 'cancelled' ${excludeBooking} ${excludeVisit})
    AND NOT EXISTS (SELECT 1 FROM resource_time_off x WHERE x.resource_id = r.id AND x.start_at < ${h.toMs} AND x.end_at > ${h.fromMs})`;
}

const candidatesOf = (h: ResourceHold, type: string) =>
  sql`FROM resources r WHERE r.tenant_id = ${h.tenantId} AND r.type = ${type} AND r.is_active = 1 AND r.deleted_at IS NULL
    AND ${resourceFreeSql(h)}`;

/** Every needed type has a free resource (true when none is needed). */
export function resourcesAvailableSql(h: ResourceHold): SQL {
  if (h.types.length === 0) return sql`1`;
  return sql.join(
    h.types.map((type) => sql`EXISTS (SELECT 1 ${candidatesOf(h, type)})`),
    sql` AND `,
  );
}

/**
 * The first free resource of each type, by name, recorded for `bookingId`, when `gate` holds (the
 * booking was written in this batch). Put after the booking's own guarded write.
 */
export function assignResources(db: Db, bookingId: string, h: ResourceHold, now: Date, gate: SQL) {
  const t = now.toISOString();
  return group(
    h.types.map((type) =>
      db.run(sql`
        INSERT INTO booking_resources (booking_id, resource_id, tenant_id, start_at, end_at, created_at)
        SELECT ${bookingId}, r.id, ${h.tenantId}, ${h.fromMs}, ${h.toMs}, ${t} ${candidatesOf(h, type)} AND (${gate})
        ORDER BY r.name, r.id LIMIT 1`),
    ),
  );
}

/** A moved booking lets go of what it held (then `assignResources` picks again at the new time). */
export function releaseResources(db: Db, bookingIds: SQL, gate: SQL) {
  return db.run(sql`DELETE FROM booking_resources WHERE booking_id IN (${bookingIds}) AND (${gate})`);
}

/** The distinct resource types a booking holds (a move keeps needing them), as a JSON array. */
export const heldTypesSql = (bookingId: SQL) =>
  sql`(SELECT json_group_array(type) FROM (SELECT DISTINCT r.type FROM booking_resources br JOIN resources r ON r.id = br.resource_id
    WHERE br.booking_id = ${bookingId}))`;
