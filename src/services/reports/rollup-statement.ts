import { type SQL, sql } from "drizzle-orm";

/**
 * The summary's columns read from the roll-up (rollup.ts, design.md §29) instead of the range's
 * bookings: a year of a busy business is a few thousand small rows of per-date cells (days, staff,
 * services, customers' visited dates), not 20,000 bookings and their
 * payments. The same statement carries both ways; `useRollup` decides inside it, so a business
 * whose roll-up is not built (or was dropped by a zone or currency change) is answered from its
 * bookings in the same round trip. Each column has the shape of the bookings' column it replaces
 * (statement.ts), so decoding is the same.
 */

/** The range as local dates, whole days since 1970-01-01 (the roll-up's `day`). */
export type RollupRange = { fromDay: number; toDay: number };

/** True when the business's roll-up is built for its current zone and currency. */
export const rollupReadySql = (t: string): SQL =>
  sql`EXISTS (SELECT 1 FROM report_rollups r JOIN tenants tt ON tt.id = r.tenant_id
    WHERE r.tenant_id = ${t} AND r.zone = tt.timezone AND r.currency = upper(tt.currency))`;

export function rollupColumns(t: string, range: RollupRange, use: SQL) {
  const a = sql.raw(String(range.fromDay));
  const z = sql.raw(String(range.toDay));
  // Gated in the index key (NULL matches nothing), so a business answered from its bookings reads no cell.
  const inRange = sql`tenant_id = (CASE WHEN ${use} THEN ${t} END) AND day BETWEEN ${a} AND ${z}`;
  // Per date: the counts, and the money of its bookings and of no booking (gift cards, packages
  // sold), which the bookings' statement sends apart and the fold adds to the date.
  const days = sql`(SELECT json_group_array(json_array(day - ${a}, bookings, completed, no_shows, cancelled, taken, refunded))
      FROM report_days WHERE ${inRange})`;
  // Staff members with bookings in the range (a removed one still shows then) and their booked time.
  const rs = sql`rs AS MATERIALIZED (SELECT staff_id, sum(booked_ms) AS booked FROM report_staff_days WHERE ${inRange}
      GROUP BY staff_id HAVING sum(bookings) > 0)`;
  const staffTime = sql`(SELECT json_group_array(json_array(staff_id, booked)) FROM rs)`;
  const services = sql`(SELECT json_group_array(json_array(g.service_id, s.name, g.n, g.taken - g.refunded)) FROM (
      SELECT service_id, sum(bookings) AS n, sum(taken) AS taken, sum(refunded) AS refunded FROM report_service_days WHERE ${inRange}
      GROUP BY service_id HAVING sum(bookings) > 0) g
      JOIN services s ON s.id = g.service_id)`;
  // A customer's first visited date in the range is the one whose previous visited date lies
  // before the range: none = new, one = returning (report_customer_days keeps that chain).
  const customers = sql`(SELECT json_array(total(prev_day IS NULL), total(prev_day IS NOT NULL)) FROM report_customer_days
      WHERE ${inRange} AND (prev_day IS NULL OR prev_day < ${a}))`;
  return { rs, days, staffTime, services, customers };
}
