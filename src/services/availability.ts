import { sql } from "drizzle-orm";
import { processingOf } from "../domain/busy";
import { beyondHorizon, bookingLimits, type DayRules, dayQueryFor, performers, staffPlans } from "../domain/schedule";
import {
  computeSlots,
  dateStartInstant,
  findSlot,
  mergeBusy,
  type Slot,
  slotLocalTimes,
  summarizeDay,
  unaffectedByClock,
} from "../domain/slots";
import {
  addDays,
  datesInRange,
  dayZone,
  type DayZone,
  formatLocalDate,
  formatWall,
  instantToUtcIso,
  type LocalDate,
  type LocalDateTime,
  MINUTE_MS,
} from "../domain/time";
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
import {
  decodeSchedule,
  parseResourceTypes,
  resourceNeeds,
  type ScheduleRow,
  type ScheduleRows,
  scheduleColumns,
  unlessSql,
} from "./schedule-data";

/**
 * Availability (design.md §4, §16): one date's slots, and the days range (counts and first start
 * per date for up to 42 dates). Both read everything in ONE libSQL statement: tenant (zone, rules),
 * service (duration, buffers, who performs it), staff, and the schedule rows of ./schedule-data.
 * Booking create and reschedule read the same rows through the same queries and decide with the
 * same engine, so "bookable" means exactly "listed by availability".
 */

/** The tenant's zone for a date; a tenant row with a broken zone is a data error, said plainly. */
export function tenantDayZone(timeZone: string, d: LocalDate): DayZone {
  try {
    return dayZone(timeZone, d);
  } catch (err) {
    throw new Error(`tenant time zone ${JSON.stringify(timeZone)} is not usable: ${String(err)}`);
  }
}

/** The rules a scope books under: the public is held to notice and horizon, owners are not. */
export function limitsFor(
  scope: BookingScope["kind"],
  tenant: { timezone: string; minNoticeMinutes: number; maxAdvanceDays: number },
  now: Date,
) {
  return bookingLimits(tenant.timezone, now.getTime(), scope === "public" ? tenant : null);
}

export type AvailabilitySlot = { staffId: string; staffName: string; startTime: string; endTime: string; startUtc: string; endUtc: string };
export type Availability = { date: string; timezone: string; slots: AvailabilitySlot[] };
export type AvailabilityDay = { date: string; slots: number; firstStartTime: string | null };
export type AvailabilityDays = { timezone: string; days: AvailabilityDay[] };

export type RangeQuery = { serviceId: string; staffId?: string; from: LocalDate; to: LocalDate };

/** Longest days range one request may ask for (design.md §16). */
export const MAX_DAYS_RANGE = 42;

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
async function loadRange(ctx: Pick<BookingCtx, "db" | "now">, scope: BookingScope, q: RangeQuery) {
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

function rulesOf(r: Awaited<ReturnType<typeof loadRange>>, now: Date): DayRules {
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

/**
 * Free slots of one service on one tenant-local date, for every staff member who performs it or
 * one. One libSQL round trip. Unknown tenant, service or staff: 404 not_found.
 */
export async function getAvailability(
  ctx: Pick<BookingCtx, "db" | "now">,
  scope: BookingScope,
  q: { serviceId: string; staffId?: string; date: LocalDate },
): Promise<Availability> {
  const r = await loadRange(ctx, scope, { serviceId: q.serviceId, staffId: q.staffId, from: q.date, to: q.date });
  const query = dayQueryFor(rulesOf(r, ctx.now), r.schedule.planned, q.date);
  const slots = query ? computeSlots(query) : [];
  const zone = query?.zone ?? tenantDayZone(r.tenant.timezone, q.date);
  const staff = r.schedule.staff;
  return {
    date: zone.dateKey,
    timezone: r.tenant.timezone,
    // One object per slot, fields assigned directly (hundreds of slots for a day of any staff).
    slots: slots.map((s) => {
      const member = staff[s.staffIndex];
      const { startTime, endTime } = slotLocalTimes(zone, s);
      return {
        staffId: member.id,
        staffName: member.displayName,
        startTime,
        endTime,
        startUtc: instantToUtcIso(s.startMs),
        endUtc: instantToUtcIso(s.endMs),
      };
    }),
  };
}

/**
 * Per tenant-local date from `from` to `to` (inclusive, at most MAX_DAYS_RANGE): how many distinct
 * start times are free and the first one. One libSQL round trip for the whole range; each staff
 * member's busy time is merged once (and kept with the copy) and searched per date.
 *
 * When no date of the answer depends on the clock, the whole answer is kept with the copy and the
 * same (frozen) object is returned while the copy is current and the clock still cannot change
 * it: the routes serialise it once (shapes.ts, availabilityDaysJson).
 */
export async function getAvailabilityDays(
  ctx: Pick<BookingCtx, "db" | "now">,
  scope: BookingScope,
  q: RangeQuery,
): Promise<AvailabilityDays> {
  const count = datesInRange(q.from, q.to);
  if (count < 1 || count > MAX_DAYS_RANGE) throw new RangeError(`days range of ${count} dates`);
  const r = await loadRange(ctx, scope, q);
  const rules = rulesOf(r, ctx.now);
  const kept = r.schedule.memo.get(WHOLE_RANGE) as WholeRange | undefined;
  if (kept && wholeRangeHolds(kept, rules)) return kept.answer;

  const days: AvailabilityDay[] = [];
  let clockFree = true;
  let firstStartMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const day = dayOfRange(r.schedule, rules, addDays(q.from, i));
    days.push(day.day);
    if (day.startMs === null) continue;
    clockFree &&= day.clockFree;
    firstStartMs = Math.min(firstStartMs, day.startMs);
  }
  const answer: AvailabilityDays = Object.freeze({ timezone: r.tenant.timezone, days: Object.freeze(days) as AvailabilityDay[] });
  if (clockFree) {
    const dates = days.map((d) => d.date);
    r.schedule.memo.set(WHOLE_RANGE, { timezone: rules.timeZone, dates, withinHorizon: withinHorizon(dates, rules), firstStartMs, answer });
  }
  return answer;
}

const WHOLE_RANGE = "days|whole";
/**
 * A whole days answer: right while the zone is the same, the same dates lie within the horizon
 * (dates past it answer 0 without looking), and the first of them still starts at or after the
 * earliest start allowed (the later ones start later still).
 */
type WholeRange = { timezone: string; dates: string[]; withinHorizon: number; firstStartMs: number; answer: AvailabilityDays };

const withinHorizon = (dates: string[], rules: DayRules) => dates.filter((d) => !beyondHorizon(d, rules.limits)).length;

function wholeRangeHolds(kept: WholeRange, rules: DayRules): boolean {
  return (
    kept.timezone === rules.timeZone &&
    withinHorizon(kept.dates, rules) === kept.withinHorizon &&
    (kept.withinHorizon === 0 || unaffectedByClock(kept.firstStartMs, rules.nowMs, rules.limits.earliestMs))
  );
}

/**
 * One date of the days range, with its first instant (null past the horizon) and whether the clock
 * can change it. A date the clock cannot change (every start past the notice limit) is kept in the
 * copy's memo and reused while the copy is current; today, the notice window and the horizon are
 * decided afresh on every request.
 */
function dayOfRange(
  schedule: CachedSchedule,
  rules: DayRules,
  date: LocalDate,
): { day: AvailabilityDay; startMs: number | null; clockFree: boolean } {
  const dateKey = formatLocalDate(date);
  if (beyondHorizon(dateKey, rules.limits))
    return { day: Object.freeze({ date: dateKey, slots: 0, firstStartTime: null }), startMs: null, clockFree: true };
  const zone = tenantDayZone(rules.timeZone, date);
  const startMs = dateStartInstant(zone);
  const memoKey = `days|${rules.timeZone}|${dateKey}`;
  const clockFree = unaffectedByClock(startMs, rules.nowMs, rules.limits.earliestMs);
  const hit = clockFree ? (schedule.memo.get(memoKey) as AvailabilityDay | undefined) : undefined;
  if (hit) return { day: hit, startMs, clockFree };
  const query = dayQueryFor(rules, schedule.planned, date);
  const sum = query ? summarizeDay(query) : null;
  const day: AvailabilityDay = Object.freeze({
    date: dateKey,
    slots: sum?.count ?? 0,
    firstStartTime: sum?.firstStartMinute != null ? formatWall(zone.wallStartMs + sum.firstStartMinute * MINUTE_MS, zone) : null,
  });
  if (clockFree) schedule.memo.set(memoKey, day);
  return { day, startMs, clockFree };
}

/**
 * The slot a create or reschedule asks for, decided exactly as availability would list it: the
 * staff member performs the service, the date is within the horizon, the start is an offered
 * quarter-hour of that staff member's day (hours or override, closures, buffered busy time,
 * notice). null = not offered (409 slot_taken).
 */
export function requestedSlot(
  input: Omit<DayRules, "closures" | "resources"> & { staffIds: string[] | null; resourceTypes: readonly string[] },
  staffId: string,
  rows: ScheduleRows,
  start: LocalDateTime,
): { slot: Slot; zone: DayZone } | null {
  if (start.second !== 0 || performers([{ id: staffId }], input.staffIds).length === 0) return null;
  const [plan] = staffPlans([staffId], rows);
  const resources = input.resourceTypes.length ? resourceNeeds(input.resourceTypes, rows.resources) : undefined;
  const query = dayQueryFor({ ...input, resources, closures: rows.closures }, [{ plan, busy: plan.busy }], start.date);
  if (!query) return null;
  const slot = findSlot({ ...query, staff: query.staff[0] }, start.minuteOfDay);
  return slot ? { slot, zone: query.zone } : null;
}
