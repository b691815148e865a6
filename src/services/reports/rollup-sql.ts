import { MONEY_TAKEN_STATUSES, moneyTakenKinds, OCCUPYING_STATUSES } from "../../domain/reports";

/**
 * The SQL text the report roll-up is made of (design.md §29, issue #40), shared by its triggers
 * (scripts/db/report-rollup-sql.ts writes them into the migration) and its build (rollup.ts), so
 * both decide a booking's local date, whether it counts and what money was taken alike. Only our
 * own constants and column names go in: plain text, no bound values.
 */

const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
export const TAKEN_STATUSES_SQL = list(MONEY_TAKEN_STATUSES);
export const TAKEN_KINDS_SQL = list(moneyTakenKinds());
export const OCCUPYING_SQL = list(OCCUPYING_STATUSES);
/** Customers who came (or are coming): their visits decide new and returning. */
export const VISITED_SQL = list(["confirmed", "completed"]);
export const DAY_MS_SQL = "86400000";

/** The zone's offset in force at the instant `ms` (report_zone_offsets holds the business's zone). */
const offsetSql = (tenant: string, ms: string) =>
  `(SELECT o.offset_ms FROM report_zone_offsets o WHERE o.zone = (SELECT timezone FROM tenants WHERE id = ${tenant}) AND o.from_ms <= ${ms} ORDER BY o.from_ms DESC LIMIT 1)`;

/** The business's local date of the instant `ms`, in whole days since 1970-01-01. */
export const localDaySql = (tenant: string, ms: string) => `((${ms} + ${offsetSql(tenant, ms)}) / ${DAY_MS_SQL})`;

/** A booking the reports count: not a hold awaiting payment, not a hold released unpaid. */
export const countedSql = (x: string) =>
  `(${x}.status <> 'pending' AND NOT (${x}.status = 'cancelled' AND ${x}.hold_expires_at IS NOT NULL))`;

/** A payment that is money taken, in the business's currency. */
export const takenSql = (p: string) =>
  `(${p}.status IN (${TAKEN_STATUSES_SQL}) AND ${p}.kind IN (${TAKEN_KINDS_SQL}) AND upper(${p}.currency) = (SELECT upper(currency) FROM tenants WHERE id = ${p}.tenant_id))`;

/** An ISO-8601 timestamp as epoch ms, to the second (local dates change on whole minutes). */
export const isoMsSql = (col: string) => `(CAST(strftime('%s', ${col}) AS INTEGER) * 1000)`;
