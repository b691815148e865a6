import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { zoneSegments } from "../../domain/time";
import { logger } from "../../lib/log";
import { batch } from "../batch";
import { countedSql, isoMsSql, localDaySql, OCCUPYING_SQL, takenSql, VISITED_SQL } from "./rollup-sql";

/**
 * Builds a business's report roll-up (design.md §29, issue #40; the tables and triggers are
 * drizzle/*_report_rollup.sql). Once its `report_rollups` row exists the triggers keep it current
 * in the transaction of every booking and payment write, and the summary reads it instead of the
 * year's bookings. Until then (a business from before the roll-up, or one whose zone or currency
 * changed: the trigger on tenants drops the row) the summary reads the bookings as before, so no
 * figure is ever the roll-up's while it could be wrong. The build is one atomic batch: it replaces
 * every cell of the business from the bookings and payments as they are in that transaction, and
 * marks it built only if the business's zone is still the one whose offsets it stored.
 */

/** The offsets stored cover the instants from 1970 to 2200; outside, the first or last offset holds. */
const OFFSETS_FROM = Date.UTC(1970, 0, 1);
const OFFSETS_TO = Date.UTC(2200, 0, 1);
const DECADE_MS = 10 * 365.25 * 86_400_000;
/** The first offset row starts before any instant a booking can carry. */
const BEFORE_ALL = -8_640_000_000_000_000;

/** The zone's offsets as rows (from_ms, offset_ms): one per change of offset, from the zone database. */
export function zoneOffsetRows(zone: string): { fromMs: number; offsetMs: number }[] {
  const rows: { fromMs: number; offsetMs: number }[] = [];
  // zoneSegments bounds its walk; a decade holds at most ~20 transitions.
  for (let lo = OFFSETS_FROM; lo < OFFSETS_TO; lo += DECADE_MS) {
    for (const s of zoneSegments(zone, lo, Math.min(lo + DECADE_MS, OFFSETS_TO))) {
      const last = rows[rows.length - 1];
      if (last?.offsetMs === s.offsetMs) continue;
      rows.push({ fromMs: rows.length ? s.startMs : BEFORE_ALL, offsetMs: s.offsetMs });
    }
  }
  return rows;
}

/**
 * Businesses whose roll-up is not built (new, from before it, or dropped by a zone or currency
 * change), in random order: one whose build keeps failing never holds the others back.
 */
export async function rollupsToBuild(db: Db, limit: number, tenantId?: string): Promise<string[]> {
  const only = tenantId ? sql`AND t.id = ${tenantId}` : sql``;
  const rows = await db.all<{ id: string }>(sql`SELECT t.id FROM tenants t
    WHERE NOT EXISTS (SELECT 1 FROM report_rollups r WHERE r.tenant_id = t.id) ${only}
    ORDER BY random() LIMIT ${limit}`);
  return rows.map((r) => r.id);
}

/** Builds one business's roll-up: 2 round trips (its zone, then the atomic rebuild). False when it has gone. */
export async function buildReportRollup(db: Db, tenantId: string, now: Date): Promise<boolean> {
  const [tenant] = await db.all<{ zone: string; stored: number }>(sql`SELECT timezone AS zone,
      EXISTS (SELECT 1 FROM report_zone_offsets WHERE zone = tenants.timezone) AS stored
    FROM tenants WHERE id = ${tenantId}`);
  if (!tenant) return false;
  const b = batch(db);
  if (!tenant.stored) {
    const values = zoneOffsetRows(tenant.zone).map(
      (r) => sql`(${tenant.zone}, ${sql.raw(String(r.fromMs))}, ${sql.raw(String(r.offsetMs))})`,
    );
    b.add(db.run(sql`INSERT OR IGNORE INTO report_zone_offsets (zone, from_ms, offset_ms) VALUES ${sql.join(values, sql`, `)}`));
  }
  for (const table of ["report_days", "report_staff_days", "report_service_days", "report_customer_days"])
    b.add(db.run(sql`DELETE FROM ${sql.identifier(table)} WHERE tenant_id = ${tenantId}`));
  for (const statement of cellStatements(tenantId, tenant.zone)) b.add(db.run(statement));
  const marked = b.add(
    db.run(sql`INSERT INTO report_rollups (tenant_id, zone, currency, built_at)
      SELECT id, timezone, upper(currency), ${now.toISOString()} FROM tenants WHERE id = ${tenantId} AND timezone = ${tenant.zone}
      ON CONFLICT (tenant_id) DO UPDATE SET zone = excluded.zone, currency = excluded.currency, built_at = excluded.built_at`),
  );
  await b.run();
  return marked.result().rowsAffected === 1;
}

/** Every cell of the business from its bookings and payments, as the triggers would have added them one by one. */
function cellStatements(tenantId: string, zone: string) {
  const t = sql`${tenantId}`;
  const tRaw = "b0.tenant_id";
  // The zone check keeps a business whose zone changed since the read out (its offsets may be missing).
  const b = sql`b AS MATERIALIZED (
    SELECT b0.id, b0.visit_id, b0.staff_id, b0.service_id, b0.customer_id, b0.status, b0.start_at, b0.end_at,
      ${sql.raw(localDaySql(tRaw, "b0.start_at"))} AS d
    FROM bookings b0 WHERE b0.tenant_id = ${t} AND ${sql.raw(countedSql("b0"))}
      AND (SELECT timezone FROM tenants WHERE id = ${t}) = ${zone})`;
  const counted = (status: string) =>
    sql.raw(
      `(COUNT(CASE WHEN status = '${status}' AND visit_id IS NULL THEN 1 END) + COUNT(DISTINCT CASE WHEN status = '${status}' THEN visit_id END))`,
    );
  const money = sql`m AS (SELECT p.booking_id, sum(p.amount) AS taken, sum(p.refunded_amount) AS refunded FROM payments p
    WHERE p.tenant_id = ${t} AND p.booking_id IS NOT NULL AND ${sql.raw(takenSql("p"))} GROUP BY p.booking_id)`;
  return [
    sql`WITH ${b}, ${money} INSERT INTO report_days (tenant_id, day, bookings, completed, no_shows, cancelled, taken, refunded)
      SELECT ${t}, b.d, COUNT(*) - COUNT(b.visit_id) + COUNT(DISTINCT b.visit_id), ${counted("completed")}, ${counted("no_show")},
        ${counted("cancelled")}, coalesce(sum(m.taken), 0), coalesce(sum(m.refunded), 0) FROM b LEFT JOIN m ON m.booking_id = b.id GROUP BY b.d`,
    sql`WITH ${b} INSERT INTO report_staff_days (tenant_id, day, staff_id, bookings, booked_ms)
      SELECT ${t}, d, staff_id, COUNT(*), sum(CASE WHEN status IN (${sql.raw(OCCUPYING_SQL)}) THEN end_at - start_at ELSE 0 END)
      FROM b GROUP BY d, staff_id`,
    sql`WITH ${b}, ${money} INSERT INTO report_service_days (tenant_id, day, service_id, bookings, taken, refunded)
      SELECT ${t}, b.d, b.service_id, COUNT(*), coalesce(sum(m.taken), 0), coalesce(sum(m.refunded), 0)
      FROM b LEFT JOIN m ON m.booking_id = b.id GROUP BY b.d, b.service_id`,
    // Money of no booking (gift cards, packages sold) on the date it was taken, beside the date's bookings.
    sql`INSERT INTO report_days (tenant_id, day, taken, refunded)
      SELECT ${t}, ${sql.raw(localDaySql("p.tenant_id", isoMsSql("p.created_at")))} AS d, sum(p.amount), sum(p.refunded_amount)
      FROM payments p WHERE p.tenant_id = ${t} AND p.booking_id IS NULL AND ${sql.raw(takenSql("p"))}
        AND (SELECT timezone FROM tenants WHERE id = ${t}) = ${zone}
      GROUP BY d
      ON CONFLICT (tenant_id, day) DO UPDATE SET taken = taken + excluded.taken, refunded = refunded + excluded.refunded`,
    // Each visited date of a customer names the one before it (the chain the triggers keep).
    sql`WITH ${b} INSERT INTO report_customer_days (tenant_id, customer_id, day, visits, prev_day)
      SELECT ${t}, customer_id, d, COUNT(*), lag(d) OVER (PARTITION BY customer_id ORDER BY d)
      FROM b WHERE customer_id IS NOT NULL AND status IN (${sql.raw(VISITED_SQL)}) GROUP BY customer_id, d`,
  ];
}

/** The cron's step: builds up to `limit` businesses' roll-ups, stopping after `budgetMs`. */
export async function buildDueRollups(db: Db, now: () => Date, opts: { limit?: number; budgetMs?: number; tenantId?: string } = {}) {
  const started = Date.now();
  let built = 0;
  let failed = 0;
  for (const id of await rollupsToBuild(db, opts.limit ?? 20, opts.tenantId)) {
    if (Date.now() - started > (opts.budgetMs ?? 10_000)) break;
    try {
      if (await buildReportRollup(db, id, now())) built++;
    } catch (err) {
      // Its report keeps reading the bookings; the next runs try again.
      failed++;
      logger.error("report roll-up build failed", { actor: "cron", tenantId: id, error: err });
    }
  }
  return built || failed ? { built, failed } : 0;
}
