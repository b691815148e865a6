import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { schema } from "../../db/client";
import { MONEY_TAKEN_STATUSES, moneyTakenKinds, OCCUPYING_STATUSES, PAYMENT_KIND_IS_MONEY_TAKEN } from "../../domain/reports";
import type { ClosureRow, OverrideRow, WeeklyRow } from "../../domain/schedule";
import type { LocalDate } from "../../domain/time";
import { decodeHours, hoursSubqueries } from "../schedule-data";
import { type RollupRange, rollupColumns, rollupReadySql } from "./rollup-statement";

/**
 * The reports' ONE statement (design.md §29): a year of a busy business is aggregated by SQLite and
 * comes back as one row of small JSON arrays (per local date, per staff member, per service), the
 * shape that costs the Worker least to receive (services/schedule-data.ts says why). The range's
 * bookings are gathered once from a covering index (`b`, MATERIALIZED), their money is looked up
 * once per booking (`m`, per local date and service), and the per-staff and per-service figures
 * come from one grouping (`sv`): every sort of the year's bookings costs the database ~5 ms, so
 * there are as few as the figures need (docs/benchmarks.md, "Reports").
 */

// Every payment kind of the schema is classified as money taken or not (domain/reports.ts): a kind
// added to the schema without a decision there fails this line's typecheck.
type PaymentKind = (typeof schema.payments.kind.enumValues)[number];
const _everyKindClassified: Record<PaymentKind, boolean> = PAYMENT_KIND_IS_MONEY_TAKEN;
void _everyKindClassified;

/**
 * Our own constant lists (statuses, payment kinds) written into the statement as literals, built
 * once per isolate: as bound values each would cost Drizzle and the Hrana client work per request.
 */
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));
const TAKEN_STATUSES = literals(MONEY_TAKEN_STATUSES);
const TAKEN_KINDS = literals(moneyTakenKinds());
const OCCUPYING = literals(OCCUPYING_STATUSES);

/** Customers who came (or are coming): their bookings decide new and returning. */
const VISITED = literals(["confirmed", "completed"]);

export type RangeStatementParams = {
  tenantId: string;
  /** The range's instants [lo, hi): bookings starting in it are the range's bookings. */
  lo: number;
  hi: number;
  /** The local date index (0 = the first date) of `bk.start_at`; null: one bucket (totals only). */
  dayOf: ((instant: SQL) => SQL) | null;
  /** One staff member (the owner's choice, or a staff member's own profile); all when absent. */
  staffId?: SQL;
  /** The owner named `staffId`: report whether it is a staff member of this business. */
  checkStaff?: boolean;
  /** Read hours, overrides, closures, time off and the staff list (utilization) for these local dates. */
  hours?: { from: LocalDate; to: LocalDate };
  /** The range's local dates: answer from the business's roll-up when it is built (rollup-statement.ts). */
  rollup?: RollupRange;
};

export type RangeRow = {
  currency: string | null;
  /** The business's zone as this statement read it (a caller that guessed the zone checks it). */
  zone: string | null;
  staffOk: number;
  days: string;
  staffTime: string;
  services: string;
  customers: string;
  loose: string;
  staff: string | null;
  weekly: string | null;
  overrides: string | null;
  closures: string | null;
  timeOff: string | null;
};

export function rangeStatement(db: Db, p: RangeStatementParams) {
  const t = p.tenantId;
  const byStaff = p.staffId ? sql`AND bk.staff_id = ${p.staffId}` : sql``;
  const day = p.dayOf ? p.dayOf(sql`bk.start_at`) : sql`0`;
  // With a roll-up range, one statement holds both ways and SQLite decides once (`ok`): the
  // bookings' CTEs are empty when the roll-up answers, the roll-up's when it does not.
  const ok = p.rollup ? sql`ok AS MATERIALIZED (SELECT ${rollupReadySql(t)} AS v), ` : sql``;
  const useRollup = sql`(SELECT v FROM ok)`;
  const rolled = p.rollup ? rollupColumns(t, p.rollup, useRollup) : null;
  // The gate goes into the index key (NULL matches nothing): a constant condition beside it would
  // still be tested on each of the range's 20,000 index entries (1.4 ms), the key skips them.
  const bookingsOf = p.rollup ? sql`(CASE WHEN ${useRollup} THEN NULL ELSE ${t} END)` : sql`${t}`;
  const taken = sql`+p.tenant_id = ${t} AND p.status IN (${TAKEN_STATUSES}) AND p.kind IN (${TAKEN_KINDS})
    AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = ${t})`;
  const b = sql`b AS MATERIALIZED (
    SELECT bk.id, bk.visit_id, bk.staff_id, bk.service_id, bk.customer_id, bk.status, bk.end_at - bk.start_at AS dur, ${day} AS d
    FROM bookings bk
    WHERE bk.tenant_id = ${bookingsOf} AND bk.start_at >= ${p.lo} AND bk.start_at < ${p.hi} ${byStaff}
      AND bk.status <> 'pending' AND NOT (bk.status = 'cancelled' AND bk.hold_expires_at IS NOT NULL))`;
  // The money taken for the range's bookings, per local date and service (what days and services
  // sum): one look-up per booking on the covering (booking_id, ...) index, b first (CROSS JOIN),
  // never a scan of the business's payments of every year.
  const m = sql`m AS MATERIALIZED (
    SELECT b.d, b.service_id, total(p.amount) AS taken, total(p.refunded_amount) AS refunded
    FROM b CROSS JOIN payments p ON p.booking_id = b.id AND ${taken}
    GROUP BY b.d, b.service_id)`;
  // `bookings` counts a visit once (§26): the items of no visit plus the distinct visits (visit ids
  // and booking ids never collide), so the distinct-value b-trees hold visit ids only, not every
  // booking's id.
  const counted = (status: "completed" | "no_show" | "cancelled") =>
    sql.raw(
      `(COUNT(CASE WHEN status = '${status}' AND visit_id IS NULL THEN 1 END) + COUNT(DISTINCT CASE WHEN status = '${status}' THEN visit_id END))`,
    );
  const days = sql`(SELECT json_group_array(json_array(c.d, c.n, c.completed, c.no_shows, c.cancelled, coalesce(mm.taken, 0.0), coalesce(mm.refunded, 0.0))) FROM (
      SELECT d, COUNT(*) - COUNT(visit_id) + COUNT(DISTINCT visit_id) AS n, ${counted("completed")} AS completed, ${counted("no_show")} AS no_shows,
        ${counted("cancelled")} AS cancelled
      FROM b GROUP BY d) c
      LEFT JOIN (SELECT d, total(taken) AS taken, total(refunded) AS refunded FROM m GROUP BY d) mm ON mm.d = c.d)`;
  // Staff time and services' bookings from one grouping of the range (at most staff x services
  // rows), not a sort of every booking each.
  const sv = sql`sv AS MATERIALIZED (
    SELECT staff_id, service_id, COUNT(*) AS n, total(CASE WHEN status IN (${OCCUPYING}) THEN dur ELSE 0 END) AS booked
    FROM b GROUP BY staff_id, service_id)`;
  const staffTime = sql`(SELECT json_group_array(json_array(staff_id, booked)) FROM (
      SELECT staff_id, total(booked) AS booked FROM sv GROUP BY staff_id))`;
  const services = sql`(SELECT json_group_array(json_array(g.service_id, s.name, g.n, coalesce(mm.taken, 0.0) - coalesce(mm.refunded, 0.0))) FROM (
      SELECT service_id, sum(n) AS n FROM sv GROUP BY service_id) g
      JOIN services s ON s.id = g.service_id
      LEFT JOIN (SELECT service_id, total(taken) AS taken, total(refunded) AS refunded FROM m GROUP BY service_id) mm ON mm.service_id = g.service_id)`;
  // Returning: the customer visited the business before the range (any staff member); new: this is
  // their first time. Looked up by customer_id alone, on its index (a customer record is one
  // business's): with a tenant condition SQLite walked the tenant's whole (tenant, start) index for
  // each customer, and the status test is kept off the (status, hold) index (`+`) for the same reason.
  const customers = sql`(SELECT json_array(n - came, came) FROM (SELECT count(*) AS n, total(came_before) AS came FROM (
      SELECT EXISTS (SELECT 1 FROM bookings e WHERE e.customer_id = c.customer_id AND e.start_at < ${p.lo}
                     AND +e.status IN (${VISITED})) AS came_before
      FROM (SELECT DISTINCT customer_id FROM b WHERE customer_id IS NOT NULL AND status IN (${VISITED})) c)))`;
  // No staff member's report holds money of no booking; the roll-up adds it to its dates.
  const loose = p.staffId ? sql`'[]'` : rolled ? sql`CASE WHEN ${useRollup} THEN '[]' ELSE ${looseSql(t, p)} END` : looseSql(t, p);
  const staffOk =
    p.checkStaff && p.staffId
      ? sql`EXISTS (SELECT 1 FROM staff_profiles WHERE id = ${p.staffId} AND tenant_id = ${t} AND deleted_at IS NULL)`
      : sql`1`;
  const hours = p.hours
    ? hoursColumns(t, p, p.hours, rolled ? sql`SELECT staff_id FROM sv UNION ALL SELECT staff_id FROM rs` : sql`SELECT staff_id FROM sv`)
    : sql`NULL AS staff, NULL AS weekly, NULL AS overrides, NULL AS closures, NULL AS timeOff`;
  const pick = (bookings: SQL, fromRollup?: SQL) =>
    rolled && fromRollup ? sql`CASE WHEN ${useRollup} THEN ${fromRollup} ELSE ${bookings} END` : bookings;
  return db.all<RangeRow>(sql`WITH ${ok}${b}, ${m}, ${sv}${rolled ? sql`, ${rolled.rs}` : sql``}
    SELECT (SELECT currency FROM tenants WHERE id = ${t}) AS currency, (SELECT timezone FROM tenants WHERE id = ${t}) AS zone, ${staffOk} AS staffOk,
      ${pick(days, rolled?.days)} AS days, ${pick(staffTime, rolled?.staffTime)} AS staffTime, ${pick(services, rolled?.services)} AS services,
      ${pick(customers, rolled?.customers)} AS customers, ${loose} AS loose, ${hours}`);
}

/** Money that belongs to no booking (§32: a gift card or package sold) counts on the day it was taken. */
function looseSql(t: string, p: RangeStatementParams): SQL {
  return sql`(SELECT json_group_array(json_array(p.created_at, p.amount, p.refunded_amount)) FROM payments p
        WHERE p.tenant_id = ${t} AND p.booking_id IS NULL AND p.created_at >= ${new Date(p.lo).toISOString()}
          AND p.created_at < ${new Date(p.hi).toISOString()} AND p.status IN (${TAKEN_STATUSES})
          AND p.kind IN (${TAKEN_KINDS}) AND upper(p.currency) = (SELECT upper(currency) FROM tenants WHERE id = ${t}))`;
}

/** Utilization's inputs: the staff listed (not deleted, or with bookings in the range), their hours and time off. */
function hoursColumns(t: string, p: RangeStatementParams, range: { from: LocalDate; to: LocalDate }, withBookings: SQL): SQL {
  const own = p.staffId ? sql`AND id = ${p.staffId}` : sql``;
  const ownOff = p.staffId ? sql`AND staff_id = ${p.staffId}` : sql``;
  const { weekly, overrides, closures } = hoursSubqueries({ tenantId: sql`${t}`, staffId: p.staffId, from: range.from, to: range.to });
  const staff = sql`(SELECT json_group_array(json_array(id, display_name)) FROM (
      SELECT id, display_name FROM staff_profiles WHERE tenant_id = ${t} ${own}
        AND (deleted_at IS NULL OR id IN (${withBookings}))
      ORDER BY order_index, display_name, id))`;
  const timeOff = sql`(SELECT json_group_array(json_array(staff_id, MAX(start_at, ${p.lo}), MIN(end_at, ${p.hi}))) FROM staff_time_off
      WHERE tenant_id = ${t} ${ownOff} AND start_at < ${p.hi} AND end_at > ${p.lo})`;
  return sql`${staff} AS staff, ${weekly} AS weekly, ${overrides} AS overrides, ${closures} AS closures, ${timeOff} AS timeOff`;
}

export type DayRow = {
  d: number;
  bookings: number;
  completed: number;
  noShows: number;
  cancelled: number;
  taken: number;
  refunded: number;
};

/** The row's aggregates as numbers (SQLite's total() answers floats). */
export function decodeRange(row: RangeRow) {
  const days = (JSON.parse(row.days) as number[][]).map(
    ([d, bookings, completed, noShows, cancelled, taken, refunded]): DayRow => ({
      d,
      bookings,
      completed,
      noShows,
      cancelled,
      taken: Math.round(taken),
      refunded: Math.round(refunded),
    }),
  );
  const staffTime = new Map((JSON.parse(row.staffTime) as [string, number][]).map(([id, ms]) => [id, Math.round(ms / 60_000)]));
  const services = (JSON.parse(row.services) as [string, string, number, number][]).map(([serviceId, name, bookings, net]) => ({
    serviceId,
    name,
    bookings,
    revenue: Math.round(net),
  }));
  const [newCustomers, returningCustomers] = (JSON.parse(row.customers) as number[]).map((n) => Math.round(n));
  const loose = (JSON.parse(row.loose) as [string, number, number][]).map(([createdAt, amount, refunded]) => ({
    createdAt,
    amount,
    refunded,
  }));
  return { currency: row.currency, staffOk: Boolean(row.staffOk), days, staffTime, services, newCustomers, returningCustomers, loose };
}

export type HoursRows = {
  staff: { id: string; name: string }[];
  weekly: WeeklyRow[];
  overrides: OverrideRow[];
  closures: ClosureRow[];
  timeOff: { staffId: string; startMs: number; endMs: number }[];
};

export function decodeHoursColumns(row: RangeRow): HoursRows {
  const hours = decodeHours({ weekly: row.weekly ?? "[]", overrides: row.overrides ?? "[]", closures: row.closures ?? "[]" });
  return {
    ...hours,
    staff: (JSON.parse(row.staff ?? "[]") as [string, string][]).map(([id, name]) => ({ id, name })),
    timeOff: (JSON.parse(row.timeOff ?? "[]") as [string, number, number][]).map(([staffId, startMs, endMs]) => ({
      staffId,
      startMs,
      endMs,
    })),
  };
}
