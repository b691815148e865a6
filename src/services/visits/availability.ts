import { type SQL, sql } from "drizzle-orm";
import { processingOf } from "../../domain/busy";
import { type DayRules, performers, type StaffPlan, staffPlans, visitQueryFor } from "../../domain/schedule";
import { mergeBusy, type MergedBusy } from "../../domain/slots";
import { addDays, datesInRange, formatWall, instantToUtcIso, instantToWall, type LocalDate, MINUTE_MS } from "../../domain/time";
import { computeVisitSlots, summarizeVisitDay, type VisitItemQuery, type VisitSlot } from "../../domain/visit-slots";
import { ApiError } from "../../errors";
import { limitsFor, MAX_DAYS_RANGE, tenantDayZone } from "../availability";
import {
  type BookingCtx,
  type BookingScope,
  parseStaffIds,
  type ServiceRow,
  type StaffRow,
  servicesJsonSql,
  staffJsonSql,
  type TenantRules,
  tenantRulesColumns,
  tenantWhereSql,
} from "../bookings/scope";
import { decodeSchedule, parseResourceTypes, resourceNeeds, type ScheduleRow, type ScheduleRows, scheduleColumns } from "../schedule-data";

/**
 * Availability of a visit (design.md §26): the start times of a date at which 2–5 services run
 * back to back, each with a staff member free for its active parts and its resources, and the
 * days range of it. ONE libSQL statement per call, like one service's availability: the tenant's
 * rules, the services, the staff and the schedule of every staff member (the resource types of
 * all the services included), decided by the visit engine (src/domain/visit-slots.ts). Create and
 * move of a visit read the same rows and ask the same engine, so "bookable" means "listed".
 */

export type VisitRequest = {
  serviceIds: string[];
  /** Per service, the staff member asked for; null/absent = anyone who performs it. */
  staffIds?: (string | null)[];
};

export type VisitAvailabilityItem = { serviceId: string; staffId: string; staffName: string; startTime: string; endTime: string };
export type VisitAvailabilitySlot = {
  startTime: string;
  endTime: string;
  startUtc: string;
  endUtc: string;
  items: VisitAvailabilityItem[];
};
export type VisitAvailability = { date: string; timezone: string; slots: VisitAvailabilitySlot[] };
export type VisitAvailabilityDays = { timezone: string; days: { date: string; slots: number; firstStartTime: string | null }[] };

type Row = TenantRules & ScheduleRow & { services: string; staff: string };

/** JSON array of every resource type the services need, each once. */
export const unionTypesSql = (serviceIds: readonly string[], tenantId: SQL) =>
  sql`(SELECT json_group_array(DISTINCT j.value) FROM services s, json_each(s.resource_types) j
    WHERE s.id IN (${sql.join(
      [...new Set(serviceIds)].map((id) => sql`${id}`),
      sql`, `,
    )}) AND s.tenant_id = ${tenantId})`;

/** The services of the request in its order; 404 when one is unknown (or not bookable for the scope). */
export function servicesInOrder(json: string | null, serviceIds: readonly string[]): ServiceRow[] {
  const rows = JSON.parse(json ?? "[]") as ServiceRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return serviceIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw ApiError.notFound("Service");
    return row;
  });
}

/**
 * The visit engine's items: each service's length, buffers, processing window and resources, and
 * the staff members (indices into `staff`) who may perform it: its performers, narrowed to the one
 * asked for.
 */
export function visitItems(services: ServiceRow[], staff: StaffRow[], rows: ScheduleRows, staffIds?: (string | null)[]): VisitItemQuery[] {
  return services.map((s, i) => {
    const allowed = new Set(performers(staff, parseStaffIds(s.staffIds)).map((m) => m.id));
    const asked = staffIds?.[i] || null;
    return {
      durationMinutes: s.durationMinutes,
      bufferBeforeMinutes: s.bufferBeforeMinutes,
      bufferAfterMinutes: s.bufferAfterMinutes,
      processing: processingOf(s.durationMinutes, s.processingOffsetMinutes, s.processingMinutes),
      resources: resourceNeeds(parseResourceTypes(s.resourceTypes), rows.resources),
      staff: staff.flatMap((m, index) => (allowed.has(m.id) && (asked === null || asked === m.id) ? [index] : [])),
    };
  });
}

/** Each staff member's plan with busy time merged once (searched per date). */
export function plannedStaff(staff: StaffRow[], rows: ScheduleRows): { plan: StaffPlan; busy: MergedBusy }[] {
  return staffPlans(
    staff.map((s) => s.id),
    rows,
  ).map((plan) => ({ plan, busy: mergeBusy(plan.busy) }));
}

async function load(ctx: Pick<BookingCtx, "db" | "now">, scope: BookingScope, q: VisitRequest, from: LocalDate, to: LocalDate) {
  const tenantId = sql`t.id`;
  const [row] = await ctx.db.all<Row>(sql`
    SELECT ${tenantRulesColumns},
      ${servicesJsonSql(scope, q.serviceIds, tenantId)} AS services,
      ${staffJsonSql(scope.kind, tenantId)} AS staff,
      ${scheduleColumns({ tenantId, from, to, resourceTypes: unionTypesSql(q.serviceIds, tenantId) })}
    FROM tenants t WHERE ${tenantWhereSql(scope)} LIMIT 1`);
  if (!row) throw ApiError.notFound("Business");
  const services = servicesInOrder(row.services, q.serviceIds);
  const staff = JSON.parse(row.staff ?? "[]") as StaffRow[];
  const known = new Set(staff.map((s) => s.id));
  if (q.staffIds?.some((id) => id && !known.has(id))) throw ApiError.notFound("Staff member");
  const rows = decodeSchedule(row, from);
  const tenant: TenantRules = {
    id: row.id,
    timezone: row.timezone,
    minNoticeMinutes: row.minNoticeMinutes,
    maxAdvanceDays: row.maxAdvanceDays,
  };
  const rules: Omit<DayRules, "service" | "resources"> = {
    timeZone: tenant.timezone,
    closures: rows.closures,
    limits: limitsFor(scope.kind, tenant, ctx.now),
    nowMs: ctx.now.getTime(),
  };
  return { tenant, staff, items: visitItems(services, staff, rows, q.staffIds), planned: plannedStaff(staff, rows), rules };
}

const localWall = (zone: ReturnType<typeof tenantDayZone>, ms: number) => formatWall(instantToWall(zone, ms), zone);

/** The visit's free start times of one tenant-local date (one round trip); 404 for an unknown business, service or staff member. */
export async function getVisitAvailability(
  ctx: Pick<BookingCtx, "db" | "now">,
  scope: BookingScope,
  q: VisitRequest & { date: LocalDate },
): Promise<VisitAvailability> {
  const r = await load(ctx, scope, q, q.date, q.date);
  const query = visitQueryFor(r.rules, r.planned, r.items, q.date);
  const zone = query?.zone ?? tenantDayZone(r.tenant.timezone, q.date);
  const slots = query ? computeVisitSlots(query) : [];
  return {
    date: zone.dateKey,
    timezone: r.tenant.timezone,
    slots: slots.map((v: VisitSlot) => ({
      startTime: formatWall(zone.wallStartMs + v.startMinute * MINUTE_MS, zone),
      endTime: localWall(zone, v.endMs),
      startUtc: instantToUtcIso(v.startMs),
      endUtc: instantToUtcIso(v.endMs),
      items: v.items.map((item, i) => ({
        serviceId: q.serviceIds[i],
        staffId: r.staff[item.staffIndex].id,
        staffName: r.staff[item.staffIndex].displayName,
        startTime: localWall(zone, item.startMs),
        endTime: localWall(zone, item.endMs),
      })),
    })),
  };
}

/** Per date of `from`..`to` (at most MAX_DAYS_RANGE): how many visit starts are free and the first one. One round trip. */
export async function getVisitAvailabilityDays(
  ctx: Pick<BookingCtx, "db" | "now">,
  scope: BookingScope,
  q: VisitRequest & { from: LocalDate; to: LocalDate },
): Promise<VisitAvailabilityDays> {
  const count = datesInRange(q.from, q.to);
  if (count < 1 || count > MAX_DAYS_RANGE) throw new RangeError(`days range of ${count} dates`);
  const r = await load(ctx, scope, q, q.from, q.to);
  const days = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(q.from, i);
    const query = visitQueryFor(r.rules, r.planned, r.items, date);
    const zone = query?.zone ?? tenantDayZone(r.tenant.timezone, date);
    const sum = query ? summarizeVisitDay(query) : null;
    days.push({
      date: zone.dateKey,
      slots: sum?.count ?? 0,
      firstStartTime: sum?.firstStartMinute != null ? formatWall(zone.wallStartMs + sum.firstStartMinute * MINUTE_MS, zone) : null,
    });
  }
  return { timezone: r.tenant.timezone, days };
}
