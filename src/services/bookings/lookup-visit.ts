import { sql } from "drizzle-orm";

/** One service of a visit as the lookup lists it (design.md §26). */
export type LookupItem = {
  id: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  startAt: number;
  endAt: number;
};

/** A visit's id and items, in order (absent for a single booking). */
export type LookupVisit = { id: string; items: LookupItem[] };

/**
 * A visit's items as ONE JSON cell over the booking `b` (design.md §26), NULL for a single booking
 * (the subquery is not run then): [[id, serviceId, serviceName, staffId, staffName, startAt, endAt], ...].
 */
export const visitItemsJsonSql = sql`CASE WHEN b.visit_id IS NULL THEN NULL ELSE (
    SELECT json_group_array(json_array(i.id, i.service_id, si.name, i.staff_id, pi.display_name, i.start_at, i.end_at) ORDER BY i.start_at, i.id)
    FROM bookings i JOIN services si ON si.id = i.service_id JOIN staff_profiles pi ON pi.id = i.staff_id
    WHERE i.visit_id = b.visit_id) END`;

/** The JSON cell of visitItemsJsonSql as the visit (null/undefined for a single booking). */
export function parseLookupVisit(visitId: string | null, json: string | null): LookupVisit | undefined {
  if (!visitId || !json) return undefined;
  const rows = JSON.parse(json) as [string, string, string, string, string, number, number][];
  return {
    id: visitId,
    items: rows.map(([id, serviceId, serviceName, staffId, staffName, startAt, endAt]) => ({
      id,
      serviceId,
      serviceName,
      staffId,
      staffName,
      startAt: Number(startAt),
      endAt: Number(endAt),
    })),
  };
}
