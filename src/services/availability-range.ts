import { sql } from "drizzle-orm";
import { processingOf } from "../domain/busy";
import { bookingLimits, type DayRules, performers, staffPlans } from "../domain/schedule";
import { mergeBusy } from "../domain/slots";
import { datesInRange, formatLocalDate, type LocalDate } from "../domain/time";
import { allRendered, renderSql } from "../db/client";
import { ApiError } from "../errors";
import {
  type BookingCtx,
  type BookingScope,
  parseStaffIds,
  type ServiceRow,
  type StaffRow,
  serviceJsonSql,
  staffJsonSql,
  type TenantRules,
  tenantRulesColumns,
  tenantWhereSql,
} from "./bookings/scope";
import { type CachedSchedule, scheduleCache, scheduleWeight, sharedText } from "./schedule-cache";
import { decodeSchedule, parseResourceTypes, resourceNeeds, type ScheduleRow, scheduleColumns, unlessSql } from "./schedule-data";

// The read every availability answer and booking decision starts from (./availability.ts): the
// tenant's rules, the service, the staff and the schedule in ONE statement, or the isolate's copy.

/** The rules a scope books under: the public is held to notice and horizon, owners are not. */
export function limitsFor(
  scope: BookingScope["kind"],
  tenant: { timezone: string; minNoticeMinutes: number; maxAdvanceDays: number },
  now: Date,
) {
  return bookingLimits(tenant.timezone, now.getTime(), scope === "public" ? tenant : null);
}

export type RangeQuery = { serviceId: string; staffId?: string; from: LocalDate; to: LocalDate };

/** loadRange's one row: the tenant's rules and schedule version, the service and staff as JSON cells, the schedule's columns (all four NULL when the cached copy is current). */
type RangeRow = TenantRules & ScheduleRow & { version: number; service: string | null; staff: string | null };

/** A copy is per caller kind (the public sees only bookable staff and online services), tenant, service, staff filter and range. */
function cacheKey(scope: BookingScope, q: RangeQuery): string {
  const who = scope.kind === "public" ? `public|${scope.slug}` : `owner|${scope.tenantId}`;
  return `${who}|${q.serviceId}|${q.staffId ?? "*"}|${formatLocalDate(q.from)}|${formatLocalDate(q.to)}`;
}

/**
 * The ONE statement both availability reads share (every further statement of a request cost
 * about 0.15 ms of Worker CPU to encode, run and decode: docs/benchmarks.md): the tenant row, with
 * the service, the staff and the schedule as subqueries keyed by it. When this isolate holds a
 * decoded copy of the same read, the statement carries its tenant id and schedule version, and
 * while both still match the database skips the subqueries and the copy is used
 * (./schedule-cache.ts). 404 for an unknown tenant, service or staff member.
 */
export async function loadRange(ctx: Pick<BookingCtx, "db" | "now">, scope: BookingScope, q: RangeQuery) {
  const { db } = ctx;
  const key = cacheKey(scope, q);
  const cached = scheduleCache.get(key);
  // With a copy, the statement is the one rendered when the copy was made: the same text and
  // parameters every time until the copy is replaced.
  const [row] = cached ? await allRendered<RangeRow>(db, cached.check) : await db.all<RangeRow>(rangeStatement(scope, q));
  if (!row) throw ApiError.notFound("Business");
  const tenant: TenantRules = {
    id: row.id,
    timezone: row.timezone,
    minNoticeMinutes: row.minNoticeMinutes,
    maxAdvanceDays: row.maxAdvanceDays,
  };
  // The same test as the statement's: when it held, the columns are NULL and the copy is current.
  const current = cached && cached.tenantId === row.id && cached.version === row.version ? cached : decodeRange(row, scope, q);
  if (current !== cached) scheduleCache.set(key, current);
  return { tenant, schedule: current, limits: limitsFor(scope.kind, tenant, ctx.now) };
}

/** The statement; `copy` = the copy it may confirm instead of reading the service, staff and schedule. */
function rangeStatement(scope: BookingScope, q: RangeQuery, copy?: { tenantId: string; version: number }) {
  const skipWhen = copy ? sql`(t.id = ${copy.tenantId} AND t.schedule_version = ${copy.version})` : undefined;
  const tenantId = sql`t.id`;
  const staffId = q.staffId === undefined ? undefined : sql`${q.staffId}`;
  const resourceTypes = sql`(SELECT resource_types FROM services WHERE id = ${q.serviceId} AND tenant_id = t.id)`;
  const schedule = scheduleColumns({ tenantId, staffId, from: q.from, to: q.to, skipWhen, resourceTypes });
  return sql`
    SELECT ${tenantRulesColumns}, schedule_version AS version,
      ${unlessSql(serviceJsonSql(scope, q.serviceId, tenantId), skipWhen)} AS service,
      ${unlessSql(staffJsonSql(scope.kind, tenantId, staffId), skipWhen)} AS staff,
      ${schedule}
    FROM tenants t WHERE ${tenantWhereSql(scope)} LIMIT 1`;
}

/** The statement's row as a copy worth keeping; 404 when the service or the staff member is unknown. */
function decodeRange(row: RangeRow, scope: BookingScope, q: RangeQuery): CachedSchedule {
  if (row.service === null) throw ApiError.notFound("Service");
  const service = JSON.parse(row.service) as ServiceRow;
  const staffRows = JSON.parse(row.staff ?? "[]") as StaffRow[];
  if (q.staffId !== undefined && staffRows.length === 0) throw ApiError.notFound("Staff member");
  // A staff member who does not perform the service is known, but has no slots for it.
  const staff = performers(staffRows, parseStaffIds(service.staffIds));
  const rows = decodeSchedule(row, q.from);
  // The copy keeps each staff member's busy time merged only (two arrays of numbers), not the
  // interval objects it was merged from.
  const planned = staffPlans(
    staff.map((s) => s.id),
    rows,
  ).map((plan) => ({ plan: { ...plan, busy: [] }, busy: mergeBusy(plan.busy) }));
  const resources = resourceNeeds(parseResourceTypes(service.resourceTypes), rows.resources);
  return {
    tenantId: row.id,
    version: row.version,
    check: sharedText(renderSql(rangeStatement(scope, q, { tenantId: row.id, version: row.version }))),
    service,
    staff,
    planned,
    resources,
    closures: rows.closures,
    memo: new Map(),
    weight: scheduleWeight(planned, datesInRange(q.from, q.to), resources),
  };
}

export function rulesOf(r: Awaited<ReturnType<typeof loadRange>>, now: Date): DayRules {
  const { service, closures, resources } = r.schedule;
  return {
    timeZone: r.tenant.timezone,
    service: { ...service, processing: processingOf(service.durationMinutes, service.processingOffsetMinutes, service.processingMinutes) },
    resources: resources.length ? resources : undefined,
    closures,
    limits: r.limits,
    nowMs: now.getTime(),
  };
}
